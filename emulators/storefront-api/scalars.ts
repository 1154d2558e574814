/**
 * Shopify's wire encodings for the Storefront API's custom scalars. Without these graphql-js
 * would pass values through untouched (a client schema has no scalar logic).
 *
 * - Decimal: a string with trailing zeros trimmed to at least one decimal ("85.00" → "85.0",
 *   "12.50" → "12.5", "14.28" → "14.28"), as the real API sends money amounts.
 * - DateTime / ISO8601DateTime: ISO 8601 UTC without milliseconds ("2026-03-02T14:00:00Z").
 * - URL, HTML, Color: strings. JSON: any JSON value. UnsignedInt64: decimal string.
 */
import { GraphQLError, GraphQLScalarType, Kind, type ValueNode } from 'graphql';

/** Shopify's Decimal text for a decimal string or number. @throws on non-numeric input. */
export function formatDecimal(value: string | number): string {
  const text = typeof value === 'number' ? String(value) : value.trim();
  if (!/^-?\d+(\.\d+)?$/.test(text)) throw new TypeError(`Decimal cannot represent ${JSON.stringify(value)}`);
  const [int, frac = ''] = text.split('.');
  const trimmed = frac.replace(/0+$/, '');
  return `${int}.${trimmed || '0'}`;
}

/** Shopify's DateTime text: ISO 8601, second precision, `Z`. */
export function formatDateTime(value: string | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) throw new TypeError(`DateTime cannot represent ${JSON.stringify(value)}`);
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function literalString(ast: ValueNode, scalar: string): string {
  if (ast.kind === Kind.STRING) return ast.value;
  if (scalar === 'Decimal' && (ast.kind === Kind.INT || ast.kind === Kind.FLOAT)) return ast.value;
  throw new GraphQLError(`${scalar} must be a string`, { nodes: ast });
}

function stringScalar(name: string, serialize: (v: unknown) => string, parse: (v: string) => string = (v) => v) {
  return new GraphQLScalarType({
    name,
    serialize: (v) => serialize(v),
    parseValue: (v) => {
      if (typeof v !== 'string' && !(name === 'Decimal' && typeof v === 'number')) {
        throw new GraphQLError(`${name} must be a string`);
      }
      try {
        return parse(String(v));
      } catch (error) {
        throw new GraphQLError((error as Error).message);
      }
    },
    parseLiteral: (ast) => parse(literalString(ast, name)),
  });
}

const asString = (v: unknown) => String(v);

function jsonLiteral(ast: ValueNode): unknown {
  switch (ast.kind) {
    case Kind.STRING:
    case Kind.BOOLEAN:
      return ast.value;
    case Kind.INT:
    case Kind.FLOAT:
      return Number(ast.value);
    case Kind.LIST:
      return ast.values.map(jsonLiteral);
    case Kind.OBJECT:
      return Object.fromEntries(ast.fields.map((f) => [f.name.value, jsonLiteral(f.value)]));
    case Kind.NULL:
      return null;
    default:
      throw new GraphQLError('JSON cannot contain variables here', { nodes: ast });
  }
}

/** Resolver-map entries for every custom scalar of the Storefront schema. */
export const scalarResolvers = {
  Decimal: stringScalar('Decimal', (v) => formatDecimal(v as string | number), formatDecimal),
  DateTime: stringScalar('DateTime', (v) => formatDateTime(v as string | Date), formatDateTime),
  ISO8601DateTime: stringScalar('ISO8601DateTime', (v) => formatDateTime(v as string | Date), formatDateTime),
  URL: stringScalar('URL', asString),
  HTML: stringScalar('HTML', asString),
  Color: stringScalar('Color', asString),
  UnsignedInt64: stringScalar('UnsignedInt64', asString),
  JSON: new GraphQLScalarType({ name: 'JSON', serialize: (v) => v, parseValue: (v) => v, parseLiteral: jsonLiteral }),
};
