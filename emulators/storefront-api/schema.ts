/**
 * The real Shopify Storefront API schema, built from its introspection result.
 *
 * `storefront.schema.json` is copied verbatim from `@shopify/hydrogen-react@2026.4.4`
 * (`node_modules/@shopify/hydrogen-react/storefront.schema.json`, Storefront API 2026-04), so the
 * production image does not need that 120 MB package. A test proves the copy matches the package.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildClientSchema, type GraphQLSchema, type IntrospectionQuery } from 'graphql';
import { REPO_ROOT } from '../shared/server';

// Resolved from the repo root, not __dirname, so the bundled server (dist/server) finds it too.
export const SCHEMA_FILE = path.join(REPO_ROOT, 'emulators', 'storefront-api', 'storefront.schema.json');

/** Parse the bundled introspection into an (executable-less) GraphQLSchema. */
export function loadStorefrontSchema(): GraphQLSchema {
  const introspection = JSON.parse(readFileSync(SCHEMA_FILE, 'utf8')) as IntrospectionQuery;
  return buildClientSchema(introspection);
}
