/**
 * Finds every GraphQL document in the project: imports each server/**\/*.ts module that uses the
 * `gql` tag and collects its exported DocumentNodes. Used by `npm run codegen` and by the test
 * that validates every document against the real Storefront API schema (docs/architecture.md §2).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { buildClientSchema, type DefinitionNode, type DocumentNode, type GraphQLSchema, type IntrospectionQuery, Kind, print } from 'graphql';

export const REPO_ROOT = path.resolve(__dirname, '..');
const SERVER_DIR = path.join(REPO_ROOT, 'server');

export type FoundDocument = { file: string; exportName: string; document: DocumentNode };

/** The Storefront API 2026-04 schema as shipped in @shopify/hydrogen-react (introspection JSON). */
export function loadStorefrontSchema(): GraphQLSchema {
  const introspection = JSON.parse(readFileSync(require.resolve('@shopify/hydrogen-react/storefront.schema.json'), 'utf8')) as IntrospectionQuery;
  return buildClientSchema(introspection);
}

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return tsFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

const isDocument = (value: unknown): value is DocumentNode =>
  typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === Kind.DOCUMENT;

/** Every exported DocumentNode under server/, in file order. */
export function findGraphQLDocuments(): FoundDocument[] {
  return tsFiles(SERVER_DIR)
    .filter((file) => /\bgql`/.test(readFileSync(file, 'utf8')))
    .flatMap((file) => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const mod = require(file) as Record<string, unknown>;
      return Object.entries(mod)
        .filter((entry): entry is [string, DocumentNode] => isDocument(entry[1]))
        .map(([exportName, document]) => ({ file: path.relative(REPO_ROOT, file), exportName, document }));
    });
}

/**
 * All definitions of all documents as one document, each named definition once (fragments are
 * interpolated into several operations). Two different definitions under one name throw.
 */
export function mergeDocuments(documents: DocumentNode[]): DocumentNode {
  const byName = new Map<string, DefinitionNode>();
  for (const def of documents.flatMap((d) => d.definitions)) {
    const name = 'name' in def && def.name ? `${def.kind}:${def.name.value}` : print(def);
    const seen = byName.get(name);
    if (seen && print(seen) !== print(def)) throw new Error(`Two different GraphQL definitions named ${name}`);
    byName.set(name, def);
  }
  return { kind: Kind.DOCUMENT, definitions: [...byName.values()] };
}
