/**
 * No silent nulls (docs/architecture.md §2 "The emulators"): every object field the emulator has no
 * resolver for is given one that reads the field from its parent model when the model has that
 * property (graphql-js's default: `Product.title` from the product model, even when its value is
 * null) and otherwise answers a GraphQL error naming the field, instead of graphql-js's silent
 * `null` or its "Cannot return null for non-nullable field". Root fields without a resolver always
 * answer the error.
 */
import { GraphQLError, isObjectType, type GraphQLFieldResolver, type GraphQLSchema } from 'graphql';

/** The `extensions.code` of the error, for clients that branch on it. */
export const UNSUPPORTED_CODE = 'NOT_SUPPORTED_BY_EMULATOR';

/** The error's message for `Type.field`. */
export function unsupportedMessage(type: string, field: string): string {
  return `${type}.${field} is not supported by the Storefront API emulator`;
}

const propertyOrUnsupported: GraphQLFieldResolver<unknown, unknown> = (source, args, context, info) => {
  if (typeof source === 'object' && source !== null && info.fieldName in source) {
    const value = (source as Record<string, unknown>)[info.fieldName];
    return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).call(source, args, context, info) : value;
  }
  throw new GraphQLError(unsupportedMessage(info.parentType.name, info.fieldName), { extensions: { code: UNSUPPORTED_CODE } });
};

/** Give every resolver-less object field the guarded default above (mutates and returns `schema`). */
export function refuseUnsupportedFields(schema: GraphQLSchema): GraphQLSchema {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) field.resolve ??= propertyOrUnsupported;
  }
  return schema;
}
