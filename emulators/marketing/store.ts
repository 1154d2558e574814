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
 * UTC strings from the injected clock.
 *
 * State lives in `<dataDir>/marketing/state.sqlite` (../shared/sqlite.ts), one table per list,
 * each record a JSON document beside the columns its idempotency key is made of; each accepted
 * request is one transaction (its records and its log line), so a restart keeps everything and
 * parallel requests never lose one. A `records.json` from before SQLite is imported once.
 */
import path from 'node:path';
import { importLegacyJson } from '../shared/legacy-json';
import { openDatabase, parseJson, transaction, type Database } from '../shared/sqlite';
import type { BackInStockRequest, Channel, EventProfile, EventRequest, SubscriptionJob } from './validate';

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

/** Schema versions, oldest first (append a migration; never edit a shipped one). */
const MIGRATIONS = [
  `CREATE TABLE requests (id INTEGER PRIMARY KEY AUTOINCREMENT, data TEXT NOT NULL) STRICT;
   CREATE TABLE subscriptions (list_id TEXT NOT NULL, identity TEXT NOT NULL, data TEXT NOT NULL, PRIMARY KEY (list_id, identity)) STRICT;
   CREATE TABLE back_in_stock (variant_id TEXT NOT NULL, identity TEXT NOT NULL, data TEXT NOT NULL, PRIMARY KEY (variant_id, identity)) STRICT;
   CREATE TABLE events (
     id INTEGER PRIMARY KEY AUTOINCREMENT, metric TEXT NOT NULL, unique_id TEXT NOT NULL, profile_key TEXT NOT NULL, data TEXT NOT NULL,
     UNIQUE (metric, unique_id, profile_key)
   ) STRICT;`,
];
const TABLES = ['requests', 'subscriptions', 'back_in_stock', 'events'] as const;

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
  private readonly db: Database;

  /**
   * @param dataDir the records persist in `<dataDir>/marketing/state.sqlite`; opened now
   * @throws when that file is not a database this emulator can read, or a legacy `records.json` is not valid JSON
   */
  constructor(
    dataDir: string,
    private readonly now: () => Date,
  ) {
    const folder = path.join(dataDir, 'marketing');
    this.db = openDatabase(path.join(folder, 'state.sqlite'), MIGRATIONS);
    try {
      this.importRecordsJson(path.join(folder, 'records.json'));
    } catch (error) {
      this.db.close();
      throw error;
    }
  }

  /** Everything recorded, each list oldest first. */
  records(): MarketingRecords {
    const all = <T>(sql: string) =>
      this.db
        .prepare(sql)
        .all()
        .map((row) => parseJson<T>(row.data));
    return {
      requests: all<RecordedRequest>('SELECT data FROM requests ORDER BY id'),
      subscriptions: all<Subscription>('SELECT data FROM subscriptions ORDER BY rowid'),
      backInStock: all<BackInStockSubscription>('SELECT data FROM back_in_stock ORDER BY rowid'),
      events: all<RecordedEvent>('SELECT data FROM events ORDER BY id'),
    };
  }

  /** Upserts each profile of the job into its list. */
  subscribe(job: SubscriptionJob, request: { path: string; body: unknown }): Outcome {
    const at = this.now().toISOString();
    return transaction(this.db, () => {
      let created = false;
      for (const profile of job.profiles) {
        const existing = this.find<Subscription>('subscriptions', 'list_id', job.listId, identity(profile.email, profile.phoneNumber));
        if (existing) {
          existing.email = profile.email ?? existing.email;
          existing.phoneNumber = profile.phoneNumber ?? existing.phoneNumber;
          existing.customSource = job.customSource ?? existing.customSource;
          existing.channels = union(existing.channels, profile.channels);
          existing.updatedAt = at;
          this.putSubscription(existing);
        } else {
          created = true;
          this.putSubscription({
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
    });
  }

  /** Upserts the subscription by (profile, variant). */
  backInStock(subscription: BackInStockRequest, request: { path: string; body: unknown }): Outcome {
    const at = this.now().toISOString();
    return transaction(this.db, () => {
      const key = identity(subscription.email, subscription.phoneNumber);
      const existing = this.find<BackInStockSubscription>('back_in_stock', 'variant_id', subscription.variantId, key);
      if (existing) {
        existing.email = subscription.email ?? existing.email;
        existing.phoneNumber = subscription.phoneNumber ?? existing.phoneNumber;
        existing.channels = union(existing.channels, subscription.channels);
        existing.updatedAt = at;
        this.putBackInStock(existing);
        return this.log(request, 'server', 'updated', at);
      }
      const { variantId, email, phoneNumber, channels } = subscription;
      this.putBackInStock({ variantId, email, phoneNumber, channels, subscribedAt: at, updatedAt: at });
      return this.log(request, 'server', 'created', at);
    });
  }

  /** Records the event unless its (profile, metric, unique id) was seen before. */
  event(event: EventRequest, source: RequestSource, request: { path: string; body: unknown }): Outcome {
    const at = this.now().toISOString();
    const time = event.time ? new Date(event.time).toISOString() : at;
    // Klaviyo: "If this is not present, this will use the time to the second."
    const uniqueId = event.uniqueId ?? time.slice(0, 19);
    return transaction(this.db, () => {
      const added = this.putEvent({
        metric: event.metric,
        profile: event.profile,
        properties: event.properties,
        uniqueId,
        time,
        value: event.value,
        source,
        receivedAt: at,
      });
      return this.log(request, source, added ? 'created' : 'duplicate', at);
    });
  }

  /** Forgets everything. */
  reset(): void {
    transaction(this.db, () => {
      for (const table of TABLES) this.db.exec(`DELETE FROM ${table}`);
    });
  }

  /** Closes the database (on stop); a second call does nothing. */
  close(): void {
    if (this.db.isOpen) this.db.close();
  }

  private find<T>(table: 'subscriptions' | 'back_in_stock', keyColumn: 'list_id' | 'variant_id', key: string, who: string): T | null {
    const row = this.db.prepare(`SELECT data FROM ${table} WHERE ${keyColumn} = ? AND identity = ?`).get(key, who);
    return row ? parseJson<T>(row.data) : null;
  }

  private putSubscription(s: Subscription): void {
    this.db
      .prepare('INSERT INTO subscriptions (list_id, identity, data) VALUES (?, ?, ?) ON CONFLICT DO UPDATE SET data = excluded.data')
      .run(s.listId, identity(s.email, s.phoneNumber), JSON.stringify(s));
  }

  private putBackInStock(s: BackInStockSubscription): void {
    this.db
      .prepare('INSERT INTO back_in_stock (variant_id, identity, data) VALUES (?, ?, ?) ON CONFLICT DO UPDATE SET data = excluded.data')
      .run(s.variantId, identity(s.email, s.phoneNumber), JSON.stringify(s));
  }

  /** Stores the event unless its (metric, unique id, profile) is stored; whether it was added. */
  private putEvent(e: RecordedEvent): boolean {
    const { changes } = this.db
      .prepare('INSERT INTO events (metric, unique_id, profile_key, data) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING')
      .run(e.metric, e.uniqueId, profileKey(e.profile), JSON.stringify(e));
    return Number(changes) > 0;
  }

  private log(request: { path: string; body: unknown }, source: RequestSource, outcome: Outcome, time: string): Outcome {
    const entry: RecordedRequest = { time, method: 'POST', path: request.path, source, body: request.body, outcome };
    const { lastInsertRowid } = this.db.prepare('INSERT INTO requests (data) VALUES (?)').run(JSON.stringify(entry));
    this.db.prepare('DELETE FROM requests WHERE id <= ?').run(Number(lastInsertRowid) - MAX_LOGGED_REQUESTS);
    return outcome;
  }

  /** `records.json` (the pre-SQLite state) into the empty database, once (../shared/legacy-json.ts). */
  private importRecordsJson(file: string): void {
    importLegacyJson(this.db, {
      emulator: 'marketing',
      files: [file],
      tables: TABLES,
      write: (contents) => {
        const stored = pickRecords(contents(file));
        for (const entry of (stored.requests ?? []).slice(-MAX_LOGGED_REQUESTS)) {
          this.db.prepare('INSERT INTO requests (data) VALUES (?)').run(JSON.stringify(entry));
        }
        for (const s of stored.subscriptions ?? []) this.putSubscription(s);
        for (const s of stored.backInStock ?? []) this.putBackInStock(s);
        for (const e of stored.events ?? []) this.putEvent(e);
        return `${stored.requests?.length ?? 0} requests, ${stored.subscriptions?.length ?? 0} subscriptions, ${stored.backInStock?.length ?? 0} back-in-stock subscriptions and ${stored.events?.length ?? 0} events`;
      },
    });
  }
}

/** The record lists of a legacy records.json (a missing or non-list member reads as empty). */
function pickRecords(parsed: unknown): Partial<MarketingRecords> {
  const stored = (parsed ?? {}) as Record<string, unknown>;
  const lists: Partial<MarketingRecords> = {};
  for (const key of ['requests', 'subscriptions', 'backInStock', 'events'] as const) {
    if (Array.isArray(stored[key])) Object.assign(lists, { [key]: stored[key] });
  }
  return lists;
}
