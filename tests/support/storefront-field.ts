/**
 * One GraphQL operation against the Storefront API emulator, checked end to end: the document
 * validates against the real Storefront API schema (so a test cannot pass on a document Shopify
 * would refuse), the answer has no errors, and the value of its single root field is returned.
 */
import { parse, validate } from 'graphql';
import { loadStorefrontSchema } from '../../emulators/storefront-api/schema';
import type { Harness } from './storefront-harness';

const schema = loadStorefrontSchema();

/** Posts `doc` over HTTP to `sf` and answers its root field's value, typed `T` by the caller. */
export async function rootField<T>(sf: Harness, doc: string, variables: Record<string, unknown>): Promise<T> {
  expect(validate(schema, parse(doc))).toEqual([]);
  const { body } = await sf.gql<Record<string, T>>(doc, variables);
  expect(body.errors).toBeUndefined();
  return Object.values(body.data!)[0];
}
