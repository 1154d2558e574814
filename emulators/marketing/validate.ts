/**
 * Strict validation of the three request documents the emulator accepts, as Klaviyo's API
 * (revision 2024-02-15) validates them: the resource `type`s must match, required members must
 * be there, attribute objects take only the fields the resource has, emails must look like
 * emails, phone numbers must be E.164, channels must be known. The first problem found is
 * thrown as a 400 "Invalid input." whose `source.pointer` names the offending member, e.g.
 * `/data/attributes/profiles/data/0/attributes/email`.
 *
 * What each function gives back is the request reduced to what the emulator records.
 */
import { invalidInput } from './errors';

type Json = Record<string, unknown>;

/** Back-in-stock and subscription channels of revision 2024-02-15. */
export type Channel = 'EMAIL' | 'SMS';

export type SubscriptionJob = {
  listId: string;
  customSource: string | null;
  profiles: Array<{ email: string | null; phoneNumber: string | null; channels: Channel[] }>;
};

export type BackInStockRequest = {
  /** The catalog variant id as sent, e.g. `$shopify:::$default:::40123456789`. */
  variantId: string;
  channels: Channel[];
  email: string | null;
  phoneNumber: string | null;
};

export type EventProfile = {
  email: string | null;
  phoneNumber: string | null;
  externalId: string | null;
  anonymousId: string | null;
  firstName: string | null;
  lastName: string | null;
};

export type EventRequest = {
  metric: string;
  profile: EventProfile;
  properties: Json;
  /** As sent, or null (then Klaviyo deduplicates by the time, to the second). */
  uniqueId: string | null;
  /** ISO 8601 as sent, or null (then the time it was received). */
  time: string | null;
  value: number | null;
};

/** Klaviyo's limit on a bulk subscription job. */
export const MAX_PROFILES_PER_JOB = 1000;
/** Klaviyo's limit on an event's properties. */
export const MAX_EVENT_PROPERTIES = 400;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const E164 = /^\+[1-9]\d{6,14}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;
/** `integrationType:::catalogId:::externalId`; Shopify's external ids are numeric. */
const CATALOG_VARIANT_ID = /^(\$[a-z_]+):::([^:]+):::(.+)$/;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The member `key` of `parent` as an object; `at` is the parent's pointer. */
function object(parent: Json, key: string, at: string): Json;
function object(parent: Json, key: string, at: string, optional: 'optional'): Json | null;
function object(parent: Json, key: string, at: string, optional?: 'optional'): Json | null {
  const value = parent[key];
  if (value === undefined || value === null) {
    if (optional) return null;
    throw invalidInput(`${at}/${key}`, `'${key}' is a required field.`);
  }
  if (!isObject(value)) throw invalidInput(`${at}/${key}`, `'${key}' must be an object.`);
  return value;
}

/** The member `key` of `parent` as a string (null when absent and `optional`); empty strings are refused. */
function string(parent: Json, key: string, at: string): string;
function string(parent: Json, key: string, at: string, optional: 'optional'): string | null;
function string(parent: Json, key: string, at: string, optional?: 'optional'): string | null {
  const value = parent[key];
  if (value === undefined || value === null) {
    if (optional) return null;
    throw invalidInput(`${at}/${key}`, `'${key}' is a required field.`);
  }
  if (typeof value !== 'string') throw invalidInput(`${at}/${key}`, `'${key}' must be a string.`);
  if (value.trim() === '') throw invalidInput(`${at}/${key}`, `'${key}' may not be blank.`);
  return value;
}

/** Refuses members of `attributes` the resource does not have. */
function onlyFields(attributes: Json, allowed: readonly string[], at: string, resource: string): void {
  for (const key of Object.keys(attributes)) {
    if (!allowed.includes(key)) throw invalidInput(`${at}/${key}`, `'${key}' is not a valid field for the resource '${resource}'.`);
  }
}

/** `resource.type` must be `expected`. */
function resourceType(resource: Json, expected: string, at: string): void {
  const type = resource.type;
  if (type === undefined || type === null) throw invalidInput(`${at}/type`, `'type' is a required field.`);
  if (type !== expected) {
    throw invalidInput(
      `${at}/type`,
      `The type '${typeof type === 'string' ? type : JSON.stringify(type)}' is not valid here; expected '${expected}'.`,
    );
  }
}

function email(parent: Json, at: string, required: boolean): string | null {
  const value = required ? string(parent, 'email', at) : string(parent, 'email', at, 'optional');
  if (value !== null && (!EMAIL.test(value) || value.length > 254)) throw invalidInput(`${at}/email`, 'Invalid email address');
  return value;
}

function phoneNumber(parent: Json, at: string, required: boolean): string | null {
  const value = required ? string(parent, 'phone_number', at) : string(parent, 'phone_number', at, 'optional');
  if (value !== null && !E164.test(value)) {
    throw invalidInput(`${at}/phone_number`, 'Invalid phone number format (Example of a valid format: +12345678901)');
  }
  return value;
}

/** The document's `data` object, of type `type`. */
function primaryData(body: unknown, type: string): Json {
  if (!isObject(body)) throw invalidInput('/data', 'The request body must be a JSON object with a `data` member.');
  const data = object(body, 'data', '');
  resourceType(data, type, '/data');
  return data;
}

/** A to-one relationship `relationships.<name>.data` of type `type`; gives its id. */
function relationshipId(data: Json, name: string, type: string): string {
  const relationships = object(data, 'relationships', '/data');
  const relationship = object(relationships, name, '/data/relationships');
  const at = `/data/relationships/${name}/data`;
  const linkage = object(relationship, 'data', `/data/relationships/${name}`);
  resourceType(linkage, type, at);
  return string(linkage, 'id', at);
}

const SUBSCRIPTION_JOB_FIELDS = ['custom_source', 'profiles'] as const;
const SUBSCRIPTION_PROFILE_FIELDS = ['email', 'phone_number', 'subscriptions'] as const;

/**
 * `POST /api/profile-subscription-bulk-create-jobs`:
 * `{ data: { type: 'profile-subscription-bulk-create-job', attributes: { custom_source?, profiles: { data: [
 *   { type: 'profile', attributes: { email?, phone_number?, subscriptions: { email?: { marketing: { consent: 'SUBSCRIBED' } },
 *   sms?: { marketing: { consent: 'SUBSCRIBED' } } } } } ] } }, relationships: { list: { data: { type: 'list', id } } } } }`.
 * An email subscription needs `email`, an SMS one `phone_number`.
 * @throws KlaviyoHttpError 400 naming the first invalid member
 */
export function parseSubscriptionJob(body: unknown): SubscriptionJob {
  const data = primaryData(body, 'profile-subscription-bulk-create-job');
  const attributes = object(data, 'attributes', '/data');
  onlyFields(attributes, SUBSCRIPTION_JOB_FIELDS, '/data/attributes', 'profile-subscription-bulk-create-job');
  const customSource = string(attributes, 'custom_source', '/data/attributes', 'optional');
  const profilesMember = object(attributes, 'profiles', '/data/attributes');
  const list = profilesMember.data;
  if (!Array.isArray(list)) throw invalidInput('/data/attributes/profiles/data', `'data' is a required field and must be a list.`);
  if (list.length === 0) throw invalidInput('/data/attributes/profiles/data', 'At least one profile is required.');
  if (list.length > MAX_PROFILES_PER_JOB) {
    throw invalidInput('/data/attributes/profiles/data', `At most ${MAX_PROFILES_PER_JOB} profiles can be subscribed in one job.`);
  }
  const profiles = list.map((item: unknown, index) => {
    const at = `/data/attributes/profiles/data/${index}`;
    if (!isObject(item)) throw invalidInput(at, 'Each profile must be an object.');
    resourceType(item, 'profile', at);
    const profile = object(item, 'attributes', at);
    const attrsAt = `${at}/attributes`;
    onlyFields(profile, SUBSCRIPTION_PROFILE_FIELDS, attrsAt, 'profile');
    const subscriptions = object(profile, 'subscriptions', attrsAt);
    const channels = subscribedChannels(subscriptions, `${attrsAt}/subscriptions`);
    return {
      email: email(profile, attrsAt, channels.includes('EMAIL')),
      phoneNumber: phoneNumber(profile, attrsAt, channels.includes('SMS')),
      channels,
    };
  });
  const listId = relationshipId(data, 'list', 'list');
  return { listId, customSource, profiles };
}

/** `{ email?: { marketing: { consent: 'SUBSCRIBED' } }, sms?: … }` → the channels subscribed. */
function subscribedChannels(subscriptions: Json, at: string): Channel[] {
  const channels: Channel[] = [];
  for (const key of Object.keys(subscriptions)) {
    if (key !== 'email' && key !== 'sms')
      throw invalidInput(`${at}/${key}`, `'${key}' is not a valid subscription channel; expected 'email' or 'sms'.`);
    const channel = object(subscriptions, key, at);
    onlyFields(channel, ['marketing'], `${at}/${key}`, 'subscription-channel');
    const marketing = object(channel, 'marketing', `${at}/${key}`);
    onlyFields(marketing, ['consent'], `${at}/${key}/marketing`, 'subscription-parameters');
    const consent = string(marketing, 'consent', `${at}/${key}/marketing`);
    if (consent !== 'SUBSCRIBED') throw invalidInput(`${at}/${key}/marketing/consent`, `'${consent}' is not a valid consent; expected 'SUBSCRIBED'.`);
    channels.push(key === 'email' ? 'EMAIL' : 'SMS');
  }
  if (channels.length === 0) throw invalidInput(at, 'At least one subscription channel (email or sms) is required.');
  return channels;
}

const BACK_IN_STOCK_FIELDS = ['channels', 'profile'] as const;
const IDENTIFIER_FIELDS = ['email', 'phone_number', 'external_id'] as const;

/**
 * `POST /api/back-in-stock-subscriptions`:
 * `{ data: { type: 'back-in-stock-subscription', attributes: { channels: ['EMAIL'] | ['EMAIL', 'SMS'] | ['SMS'],
 *   profile: { data: { type: 'profile', attributes: { email?, phone_number? } } } },
 *   relationships: { variant: { data: { type: 'catalog-variant', id: '$shopify:::$default:::<digits>' } } } } }`.
 * EMAIL needs `email`, SMS needs `phone_number`.
 * @throws KlaviyoHttpError 400 naming the first invalid member
 */
export function parseBackInStock(body: unknown): BackInStockRequest {
  const data = primaryData(body, 'back-in-stock-subscription');
  const attributes = object(data, 'attributes', '/data');
  onlyFields(attributes, BACK_IN_STOCK_FIELDS, '/data/attributes', 'back-in-stock-subscription');
  const list = attributes.channels;
  if (!Array.isArray(list) || list.length === 0)
    throw invalidInput('/data/attributes/channels', `'channels' is a required field and must be a non-empty list.`);
  const channels = list.map((channel: unknown, index): Channel => {
    if (channel !== 'EMAIL' && channel !== 'SMS') {
      throw invalidInput(`/data/attributes/channels/${index}`, `'${String(channel)}' is not a valid channel; expected 'EMAIL' or 'SMS'.`);
    }
    return channel;
  });
  if (new Set(channels).size !== channels.length) throw invalidInput('/data/attributes/channels', 'Channels may not repeat.');
  const profileMember = object(attributes, 'profile', '/data/attributes');
  const profileData = object(profileMember, 'data', '/data/attributes/profile');
  const at = '/data/attributes/profile/data';
  resourceType(profileData, 'profile', at);
  const profile = object(profileData, 'attributes', at);
  onlyFields(profile, IDENTIFIER_FIELDS, `${at}/attributes`, 'profile');
  const result = {
    email: email(profile, `${at}/attributes`, channels.includes('EMAIL')),
    phoneNumber: phoneNumber(profile, `${at}/attributes`, channels.includes('SMS')),
  };
  const variantId = relationshipId(data, 'variant', 'catalog-variant');
  const parts = CATALOG_VARIANT_ID.exec(variantId);
  if (!parts || (parts[1] === '$shopify' && !/^\d+$/.test(parts[3]))) {
    throw invalidInput(
      '/data/relationships/variant/data/id',
      `'${variantId}' is not a valid catalog variant id; expected integrationType:::catalogId:::externalId, e.g. $shopify:::$default:::33001893429341.`,
    );
  }
  return { variantId, channels, ...result };
}

const EVENT_FIELDS = ['properties', 'time', 'value', 'value_currency', 'unique_id', 'metric', 'profile'] as const;
const METRIC_FIELDS = ['name', 'service'] as const;
const EVENT_PROFILE_FIELDS = [
  'email',
  'phone_number',
  'external_id',
  'anonymous_id',
  '_kx',
  'first_name',
  'last_name',
  'organization',
  'title',
  'image',
  'location',
  'properties',
  'meta',
] as const;

/**
 * `POST /api/events` and `POST /client/events/`:
 * `{ data: { type: 'event', attributes: { properties: {…}, metric: { data: { type: 'metric', attributes: { name } } },
 *   profile: { data: { type: 'profile', attributes: { email?, phone_number?, external_id?, anonymous_id?, first_name?, … } } },
 *   unique_id?, time?, value? } } }`. The profile needs at least one identifier.
 * @param now the clock, for the accepted time range (year 2000 to a year from now)
 * @throws KlaviyoHttpError 400 naming the first invalid member
 */
export function parseEvent(body: unknown, now: Date): EventRequest {
  const data = primaryData(body, 'event');
  const attributes = object(data, 'attributes', '/data');
  onlyFields(attributes, EVENT_FIELDS, '/data/attributes', 'event');

  const properties = object(attributes, 'properties', '/data/attributes');
  if (Object.keys(properties).length > MAX_EVENT_PROPERTIES) {
    throw invalidInput('/data/attributes/properties', `An event may have at most ${MAX_EVENT_PROPERTIES} properties.`);
  }

  const metricMember = object(attributes, 'metric', '/data/attributes');
  const metricData = object(metricMember, 'data', '/data/attributes/metric');
  resourceType(metricData, 'metric', '/data/attributes/metric/data');
  const metricAttributes = object(metricData, 'attributes', '/data/attributes/metric/data');
  onlyFields(metricAttributes, METRIC_FIELDS, '/data/attributes/metric/data/attributes', 'metric');
  const metric = string(metricAttributes, 'name', '/data/attributes/metric/data/attributes');
  if (metric.length >= 128) throw invalidInput('/data/attributes/metric/data/attributes/name', 'The metric name must be less than 128 characters.');

  const profileMember = object(attributes, 'profile', '/data/attributes');
  const profileData = object(profileMember, 'data', '/data/attributes/profile');
  const at = '/data/attributes/profile/data';
  resourceType(profileData, 'profile', at);
  const profileAttributes = object(profileData, 'attributes', at);
  const attrsAt = `${at}/attributes`;
  onlyFields(profileAttributes, EVENT_PROFILE_FIELDS, attrsAt, 'profile');
  const profile: EventProfile = {
    email: email(profileAttributes, attrsAt, false),
    phoneNumber: phoneNumber(profileAttributes, attrsAt, false),
    externalId: string(profileAttributes, 'external_id', attrsAt, 'optional'),
    anonymousId: string(profileAttributes, 'anonymous_id', attrsAt, 'optional'),
    firstName: string(profileAttributes, 'first_name', attrsAt, 'optional'),
    lastName: string(profileAttributes, 'last_name', attrsAt, 'optional'),
  };
  const kx = string(profileAttributes, '_kx', attrsAt, 'optional');
  const profileId = typeof profileData.id === 'string' && profileData.id !== '' ? profileData.id : null;
  if (!profile.email && !profile.phoneNumber && !profile.externalId && !profile.anonymousId && !kx && !profileId) {
    throw invalidInput(attrsAt, 'The profile needs at least one identifier: email, phone_number, external_id, anonymous_id or _kx.');
  }

  const uniqueId = string(attributes, 'unique_id', '/data/attributes', 'optional');
  const time = string(attributes, 'time', '/data/attributes', 'optional');
  if (time !== null) {
    const instant = Date.parse(time);
    const latest = new Date(now).setUTCFullYear(now.getUTCFullYear() + 1);
    if (!DATE_TIME.test(time) || Number.isNaN(instant)) throw invalidInput('/data/attributes/time', `'${time}' is not a valid ISO 8601 date-time.`);
    if (instant < Date.UTC(2000, 0, 1) || instant > latest) {
      throw invalidInput('/data/attributes/time', 'The event time must be after the year 2000 and at most a year in the future.');
    }
  }
  const value = attributes.value;
  if (value !== undefined && value !== null && (typeof value !== 'number' || !Number.isFinite(value))) {
    throw invalidInput('/data/attributes/value', `'value' must be a number.`);
  }
  return { metric, profile, properties, uniqueId, time, value: typeof value === 'number' ? value : null };
}
