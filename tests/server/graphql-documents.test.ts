/**
 * Every GraphQL document in server/ must be valid against the real Storefront API schema
 * (hydrogen-react's storefront.schema.json, 2026-04), and the generated types must be current.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Kind, NoUnusedFragmentsRule, OperationTypeNode, specifiedRules, validate } from 'graphql';
import { findGraphQLDocuments, loadStorefrontSchema, REPO_ROOT } from '../../scripts/graphql-documents';

const schema = loadStorefrontSchema();
const documents = findGraphQLDocuments();

// Spec §7's "shop id query" is left out: its result is unused, so the shop does not send it.
test('the project has the Storefront operations spec §7 needs', () => {
  const operations = documents
    .flatMap((d) => d.document.definitions)
    .flatMap((def) => (def.kind === Kind.OPERATION_DEFINITION && def.name ? [def.name.value] : []));
  for (const name of [
    'ProductByHandle',
    'ProductRecommendations',
    'Cart',
    'CartCreate',
    'CartLinesAdd',
    'CartLinesUpdate',
    'CartLinesRemove',
    'CartAttributesUpdate',
    'CartBuyerIdentityUpdate',
  ]) {
    expect(operations).toContain(name);
  }
});

// A fragment exported on its own is not "unused": the operations that spread it are checked too.
const fragmentRules = specifiedRules.filter((rule) => rule !== NoUnusedFragmentsRule);
const isFragmentOnly = (d: (typeof documents)[number]) => d.document.definitions.every((def) => def.kind === Kind.FRAGMENT_DEFINITION);

test.each(documents.map((d) => [`${d.file} ${d.exportName}`, d] as const))('%s is valid against the schema', (_, found) => {
  const errors = validate(schema, found.document, isFragmentOnly(found) ? fragmentRules : specifiedRules);
  expect(errors.map((e) => e.message)).toEqual([]);
});

test('an invalid document is caught (the check is live)', () => {
  // The first operation that selects an `id` field: misspelling it must fail validation.
  const first = documents.find((d) => !isFragmentOnly(d) && JSON.stringify(d.document).includes('"value":"id"'))!;
  const broken = JSON.parse(JSON.stringify(first.document).replace('"value":"id"', '"value":"idd"'));
  expect(validate(schema, broken).length).toBeGreaterThan(0);
});

test('generated types mention every operation (run `npm run codegen` after changing a document)', () => {
  const generated = readFileSync(path.join(REPO_ROOT, 'server/upstream/storefront/generated.ts'), 'utf8');
  for (const def of documents.flatMap((d) => d.document.definitions)) {
    if (def.kind !== Kind.OPERATION_DEFINITION || !def.name) continue;
    const suffix = def.operation === OperationTypeNode.QUERY ? 'Query' : 'Mutation';
    expect(generated).toContain(`export type ${def.name.value}${suffix} =`);
  }
});
