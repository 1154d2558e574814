/**
 * Cart metafields (Storefront API 2026-04), independent of GraphQL: checking a metafield input,
 * setting (create or update by namespace and key), deleting, and looking them up for
 * `cart.metafield(namespace, key)` / `cart.metafields(identifiers)`.
 *
 * Checked against the schema's descriptions of cartMetafieldsSet ("Accepts up to 25 metafields per
 * request"), CartMetafieldsSetInput / CartMetafieldDeleteInput ("a composite key (`namespace.key`)
 * or a simple key that relies on the default app-reserved namespace"), HasMetafieldsIdentifier
 * ("If you omit the namespace, then the app-reserved namespace is used") and shopify.dev's list
 * of metafield types and their value formats (apps/build/metafields/list-of-data-types).
 * The app-reserved namespace is APP_NAMESPACE (`$app` names it too). Namespaces are 3–255
 * characters and keys 2–64, of letters, digits, `-` and `_`; values at most MAX_VALUE_LENGTH.
 */
import { randomBytes } from 'node:crypto';
import { gid } from './ids';

/** Shopify's per-request limit of cartMetafieldsSet. */
export const MAX_METAFIELDS_PER_REQUEST = 25;
/** The emulator's longest metafield value, in characters (our limit; Shopify's depends on the type). */
export const MAX_VALUE_LENGTH = 65_535;
/** The namespace of simple keys: the Storefront API token's app-reserved namespace (`app--{app id}` on Shopify). */
export const APP_NAMESPACE = 'app--storefront-emulator';

export type StoredMetafield = {
  /** Numeric, for `gid://shopify/Metafield/{id}`. */
  id: string;
  namespace: string;
  key: string;
  type: string;
  value: string;
  createdAt: string;
  updatedAt: string;
};

/** CartInputMetafieldInput (cartCreate); CartMetafieldsSetInput adds `ownerId`. */
export type MetafieldInput = { key: string; type: string; value: string };

/** One refused field of a metafield input; `code` is a MetafieldsSetUserErrorCode value. */
export type MetafieldProblem = {
  field: 'key' | 'type' | 'value';
  code: 'BLANK' | 'INCLUSION' | 'INVALID_TYPE' | 'INVALID_VALUE' | 'TOO_LONG' | 'TOO_SHORT';
  message: string;
};

export const metafieldGid = (m: StoredMetafield) => gid('Metafield', m.id);

/** `namespace.key` → both parts; a simple key (no dot) → the app-reserved namespace. `$app` is that namespace. */
export function splitKey(composite: string): { namespace: string; key: string } {
  const dot = composite.lastIndexOf('.');
  return dot < 0
    ? { namespace: APP_NAMESPACE, key: composite }
    : { namespace: resolveNamespace(composite.slice(0, dot)), key: composite.slice(dot + 1) };
}

/** An identifier's namespace: omitted or `$app` → APP_NAMESPACE. */
export const resolveNamespace = (namespace: string | null | undefined) => (namespace == null || namespace === '$app' ? APP_NAMESPACE : namespace);

const isDecimal = (v: string) => /^[-+]?\d+(\.\d{1,9})?$/.test(v);
const isDate = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);
const isDateTime = (v: string) =>
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?(Z|[+-]\d{2}:\d{2})?$/.test(v) && isDate(v.slice(0, 10)) && !Number.isNaN(Date.parse(v));
const isUrl = (v: string) => {
  try {
    return ['http:', 'https:', 'mailto:', 'sms:', 'tel:'].includes(new URL(v).protocol);
  } catch {
    return false;
  }
};
const parsed = (v: string): unknown => {
  try {
    return JSON.parse(v);
  } catch {
    return undefined;
  }
};
const isMoney = (v: string) => {
  const m = parsed(v) as { amount?: unknown; currency_code?: unknown } | undefined;
  return typeof m?.amount === 'string' && isDecimal(m.amount) && typeof m.currency_code === 'string' && /^[A-Z]{3}$/.test(m.currency_code);
};
const referenceTo = (type: string) => (v: string) => new RegExp(`^gid://shopify/${type}/\\d+$`).test(v);

/** Each supported type's value check and the message of a value that fails it. */
const SCALAR_TYPES: Record<string, { valid: (value: string) => boolean; message: string }> = {
  single_line_text_field: { valid: (v) => !/[\r\n]/.test(v), message: 'Value must be a single line of text.' },
  multi_line_text_field: { valid: () => true, message: '' },
  number_integer: {
    valid: (v) => /^[-+]?\d+$/.test(v) && Math.abs(Number(v)) <= Number.MAX_SAFE_INTEGER,
    message: 'Value must be an integer between -9007199254740991 and 9007199254740991.',
  },
  number_decimal: { valid: isDecimal, message: 'Value must be a decimal number with at most 9 decimal places.' },
  boolean: { valid: (v) => v === 'true' || v === 'false', message: 'Value must be true or false.' },
  date: { valid: isDate, message: 'Value must be a date in the format YYYY-MM-DD.' },
  date_time: { valid: isDateTime, message: 'Value must be a date and time in the format YYYY-MM-DDTHH:MM:SS.' },
  url: { valid: isUrl, message: 'Value must be a URL with the scheme http, https, mailto, sms or tel.' },
  color: { valid: (v) => /^#[0-9A-Fa-f]{6}$/.test(v), message: 'Value must be a hexadecimal color code (#RRGGBB).' },
  json: { valid: (v) => parsed(v) !== undefined, message: 'Value must be valid JSON.' },
  money: { valid: isMoney, message: 'Value must be JSON with a decimal "amount" string and a three-letter "currency_code".' },
  product_reference: { valid: referenceTo('Product'), message: 'Value must be a product ID (gid://shopify/Product/…).' },
  variant_reference: { valid: referenceTo('ProductVariant'), message: 'Value must be a product variant ID (gid://shopify/ProductVariant/…).' },
  collection_reference: { valid: referenceTo('Collection'), message: 'Value must be a collection ID (gid://shopify/Collection/…).' },
};
/** The types that also come as `list.{type}` (a JSON array of such values), as on Shopify. */
const LIST_TYPES = new Set(Object.keys(SCALAR_TYPES).filter((t) => !['multi_line_text_field', 'boolean', 'json', 'money'].includes(t)));

/** Why `value` does not fit `type`; null when it does. @returns null for unknown types (the caller checks the type first) */
function valueProblem(type: string, value: string): string | null {
  if (type.startsWith('list.')) {
    const item = SCALAR_TYPES[type.slice(5)];
    const list = parsed(value);
    if (!Array.isArray(list) || !list.every((v) => typeof v === 'string')) return 'Value must be a JSON array of strings.';
    const bad = list.find((v: string) => !item.valid(v));
    return bad === undefined ? null : `Each item must be valid: ${item.message}`;
  }
  return SCALAR_TYPES[type].valid(value) ? null : SCALAR_TYPES[type].message;
}

const isSupportedType = (type: string) => (type.startsWith('list.') ? LIST_TYPES.has(type.slice(5)) : type in SCALAR_TYPES);

function lengthProblem(what: 'Namespace' | 'Key', text: string, min: number, max: number): MetafieldProblem | null {
  if (text.length < min) return { field: 'key', code: 'TOO_SHORT', message: `${what} is too short (minimum is ${min} characters).` };
  if (text.length > max) return { field: 'key', code: 'TOO_LONG', message: `${what} is too long (maximum is ${max} characters).` };
  if (!/^[A-Za-z0-9_-]+$/.test(text)) {
    return { field: 'key', code: 'INCLUSION', message: `${what} contains invalid characters: use letters, digits, "-" and "_".` };
  }
  return null;
}

/** The first problem of a metafield input (key, then type, then value), or null when it can be set. */
export function metafieldProblem(input: MetafieldInput): MetafieldProblem | null {
  if (!input.key.trim()) return { field: 'key', code: 'BLANK', message: "Key can't be blank." };
  const { namespace, key } = splitKey(input.key);
  const keyProblem = (namespace === APP_NAMESPACE ? null : lengthProblem('Namespace', namespace, 3, 255)) ?? lengthProblem('Key', key, 2, 64);
  if (keyProblem) return keyProblem;
  if (!isSupportedType(input.type))
    return { field: 'type', code: 'INVALID_TYPE', message: `Type '${input.type}' is not a supported metafield type.` };
  if (!input.value.trim()) return { field: 'value', code: 'BLANK', message: "Value can't be blank." };
  if (input.value.length > MAX_VALUE_LENGTH) {
    return { field: 'value', code: 'TOO_LONG', message: `Value is too long (maximum is ${MAX_VALUE_LENGTH} characters).` };
  }
  const problem = valueProblem(input.type, input.value);
  return problem ? { field: 'value', code: 'INVALID_VALUE', message: problem } : null;
}

/**
 * Set checked `inputs` on `metafields` (a new list; an existing namespace and key is updated in
 * place, keeping its id and createdAt). `now` is an ISO time. @returns the list and the set metafields, in input order
 */
export function setMetafields(
  metafields: StoredMetafield[],
  inputs: MetafieldInput[],
  now: string,
): { metafields: StoredMetafield[]; set: StoredMetafield[] } {
  const next = metafields.map((m) => ({ ...m }));
  const set = inputs.map((input) => {
    const { namespace, key } = splitKey(input.key);
    const existing = next.find((m) => m.namespace === namespace && m.key === key);
    if (existing) return Object.assign(existing, { type: input.type, value: input.value, updatedAt: now });
    const created = {
      id: String(randomBytes(6).readUIntBE(0, 6)),
      namespace,
      key,
      type: input.type,
      value: input.value,
      createdAt: now,
      updatedAt: now,
    };
    next.push(created);
    return created;
  });
  return { metafields: next, set };
}

/** The metafield with `namespace` (omitted: the app-reserved one) and `key`, or null. */
export function findMetafield(metafields: StoredMetafield[] | undefined, namespace: string | null | undefined, key: string): StoredMetafield | null {
  const ns = resolveNamespace(namespace);
  return metafields?.find((m) => m.namespace === ns && m.key === key) ?? null;
}
