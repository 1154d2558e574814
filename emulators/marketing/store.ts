/**
 * What the marketing emulator remembers, and Klaviyo's idempotency rules applied to it:
 *
 * - a list subscription is an upsert by (list id, email — or phone number when there is no
 *   email), case-insensitive: subscribing again updates it (phone number, source, channels);
 * - a back-in-stock subscription is an upsert by (email — or phone number —, catalog variant id);
 * - an event whose `unique_id` was already seen for the same profile and metric is accepted and
 *   not recorded again; without a `unique_id`, Klaviyo uses the event time to the second.
 *
 * Besides that state, every accepted request is logged (`requests`: time, path, source, the body
 * as received and its `outcome`), newest last, at most MAX_LOGGED_REQUESTS. Times are ISO 8601
 * UTC strings from the injected clock. State lives in memory and in `records.json` (see
 * ./persistence.ts), read back at start so a restart keeps it.
 */
import type { BackInStockRequest, Channel, EventProfile, EventRequest, SubscriptionJob } from './validate';
import { DebouncedJsonFile } from './persistence';

/** `server`: the private-key `/api/*` endpoints; `client`: the browser's `/client/events/`. */
export type RequestSource = 'server' | 'client';
/** What an accepted request did: created a record, updated one, or changed nothing (a repeated event). */
export type Outcome = 'created' | 'updated' | 'duplicate';

export type RecordedRequest = {
  time: string;
  method: 'POST';
  /** Path and query as requested, e.g. `/api/events` or `/client/events/?company_id=…`. */
  path: string;
  source: RequestSource;
  /** The parsed JSON body, as received. */
  body: unknown;
  outcome: Outcome;
};

export type Subscription = {
  listId: string;
  email: string | null;
  /** E.164, or null. */
  phoneNumber: string | null;
  customSource: string | null;
  /** Channels consented to so far (a later job adds to them). */
  channels: Channel[];
  /** First subscription; `updatedAt` is the latest. */
  subscribedAt: string;
  updatedAt: string;
};

export type BackInStockSubscription = {
  /** Catalog variant id as sent, e.g. `$shopify:::$default:::40123456789`. */
  variantId: string;
  email: string | null;
  phoneNumber: string | null;
  channels: Channel[];
  subscribedAt: string;
  updatedAt: string;
};

export type RecordedEvent = {
  metric: string;
  profile: EventProfile;
  properties: Record<string, unknown>;
  /** As sent, or the event time to the second when none was sent. */
  uniqueId: string;
  /** When it happened: as sent, else when it was received. */
  time: string;
  value: number | null;
  source: RequestSource;
  receivedAt: string;
};

export type MarketingRecords = {
  requests: RecordedRequest[];
  subscriptions: Subscription[];
  backInStock: BackInStockSubscription[];
  events: RecordedEvent[];
};

/** The request log keeps the newest this many. */
export const MAX_LOGGED_REQUESTS = 5000;

type StoredFile = MarketingRecords & { version: 1 };

const emptyRecords = (): MarketingRecords => ({ requests: [], subscriptions: [], backInStock: [], events: [] });

const identity = (email: string | null, phoneNumber: string | null) => (email ?? phoneNumber ?? '').toLowerCase();

const union = (a: Channel[], b: Channel[]): Channel[] => (['EMAIL', 'SMS'] as const).filter((c) => a.includes(c) || b.includes(c));

function profileKey(profile: EventProfile): string {
  if (profile.email) return `email:${profile.email.toLowerCase()}`;
  if (profile.phoneNumber) return `phone:${profile.phoneNumber}`;
  if (profile.externalId) return `external:${profile.externalId}`;
  if (profile.anonymousId) return `anonymous:${profile.anonymousId}`;
  return 'unidentified';
}

export class MarketingStore {
  private state: MarketingRecords;
  private readonly file: DebouncedJsonFile<StoredFile>;

  /**
   * @param file where the records persist (`<dataDir>/marketing/records.json`); read now
   * @throws when the file exists and is not valid JSON
   */
  constructor(
    file: string,
    private readonly now: () => Date,
  ) {
    const stored = DebouncedJsonFile.load<Partial<StoredFile>>(file, {});
    this.state = { ...emptyRecords(), ...pickRecords(stored) };
    this.file = new DebouncedJsonFile(file, () => ({ version: 1, ...this.state }));
  }

  /** A deep copy of everything recorded. */
  records(): MarketingRecords {
    return structuredClone(this.state);
  }

  /** Upserts each profile of the job into its list. */
  subscribe(job: SubscriptionJob, request: { path: string; body: unknown }): Outcome {
    const at = this.now().toISOString();
    let created = false;
    for (const profile of job.profiles) {
      const key = identity(profile.email, profile.phoneNumber);
      const existing = this.state.subscriptions.find((s) => s.listId === job.listId && identity(s.email, s.phoneNumber) === key);
      if (existing) {
        existing.email = profile.email ?? existing.email;
        existing.phoneNumber = profile.phoneNumber ?? existing.phoneNumber;
        existing.customSource = job.customSource ?? existing.customSource;
        existing.channels = union(existing.channels, profile.channels);
        existing.updatedAt = at;
      } else {
        created = true;
        this.state.subscriptions.push({
          listId: job.listId,
          email: profile.email,
          phoneNumber: profile.phoneNumber,
          customSource: job.customSource,
          channels: profile.channels,
          subscribedAt: at,
          updatedAt: at,
        });
      }
    }
    return this.log(request, 'server', created ? 'created' : 'updated', at);
  }

  /** Upserts the subscription by (profile, variant). */
  backInStock(subscription: BackInStockRequest, request: { path: string; body: unknown }): Outcome {
    const at = this.now().toISOString();
    const key = identity(subscription.email, subscription.phoneNumber);
    const existing = this.state.backInStock.find((s) => s.variantId === subscription.variantId && identity(s.email, s.phoneNumber) === key);
    if (existing) {
      existing.email = subscription.email ?? existing.email;
      existing.phoneNumber = subscription.phoneNumber ?? existing.phoneNumber;
      existing.channels = union(existing.channels, subscription.channels);
      existing.updatedAt = at;
      return this.log(request, 'server', 'updated', at);
    }
    const { variantId, email, phoneNumber, channels } = subscription;
    this.state.backInStock.push({ variantId, email, phoneNumber, channels, subscribedAt: at, updatedAt: at });
    return this.log(request, 'server', 'created', at);
  }

  /** Records the event unless its (profile, metric, unique id) was seen before. */
  event(event: EventRequest, source: RequestSource, request: { path: string; body: unknown }): Outcome {
    const at = this.now().toISOString();
    const time = event.time ? new Date(event.time).toISOString() : at;
    // Klaviyo: "If this is not present, this will use the time to the second."
    const uniqueId = event.uniqueId ?? time.slice(0, 19);
    const key = profileKey(event.profile);
    const seen = this.state.events.some((e) => e.metric === event.metric && e.uniqueId === uniqueId && profileKey(e.profile) === key);
    if (seen) return this.log(request, source, 'duplicate', at);
    this.state.events.push({
      metric: event.metric,
      profile: event.profile,
      properties: event.properties,
      uniqueId,
      time,
      value: event.value,
      source,
      receivedAt: at,
    });
    return this.log(request, source, 'created', at);
  }

  /** Forgets everything and writes the empty state. */
  async reset(): Promise<void> {
    this.state = emptyRecords();
    this.file.save();
    await this.file.flush();
  }

  /** Writes pending changes now. */
  flush(): Promise<void> {
    return this.file.flush();
  }

  private log(request: { path: string; body: unknown }, source: RequestSource, outcome: Outcome, time: string): Outcome {
    this.state.requests.push({ time, method: 'POST', path: request.path, source, body: request.body, outcome });
    if (this.state.requests.length > MAX_LOGGED_REQUESTS) this.state.requests.splice(0, this.state.requests.length - MAX_LOGGED_REQUESTS);
    this.file.save();
    return outcome;
  }
}

/** The record lists of a stored file (a missing or non-list member reads as empty). */
function pickRecords(stored: Partial<StoredFile>): Partial<MarketingRecords> {
  const lists: Partial<MarketingRecords> = {};
  for (const key of ['requests', 'subscriptions', 'backInStock', 'events'] as const) {
    if (Array.isArray(stored[key])) Object.assign(lists, { [key]: stored[key] });
  }
  return lists;
}
