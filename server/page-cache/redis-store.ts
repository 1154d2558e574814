/**
 * The page store in Redis (docs/architecture.md §8 "Origin page cache"), over the data cache's own
 * connection and circuit (server/cache/redis-cache.ts: key prefix, command timeout, no offline
 * queue; while Redis is down its reads and writes skip it at once), so every instance serves and
 * purges the same pages. Entries are JSON with the gzip
 * body in base64, expiring on their own (`PX`) at the end of their stale window. Each tag is a
 * set of keys (`pagetag:{scope}:{tag}`, kept a day past its last write); a purge reads and
 * deletes the set in one transaction, then deletes its keys.
 *
 * Like the data cache (ADR-0008), an in-process store stands behind it: every write goes to
 * both, reads prefer Redis, and while Redis fails (logged once until it answers again) this
 * instance serves and fills its own copy instead of rendering every request. A purge drops the
 * local copies and then Redis's; a failed Redis purge throws, so the webhook answers 503 and is
 * sent again.
 */
import type { RedisCache } from '../cache/redis-cache';
import type { Logger } from '../logger';
import { decodeEntry, encodeEntry, type PageEntry } from './entry';
import { MemoryPageStore, type PageStore } from './store';

const TAG_SET_TTL_MS = 24 * 60 * 60_000;

export class RedisPageStore implements PageStore {
  private failing = false;

  private readonly local: MemoryPageStore;

  /**
   * @param redis the data cache: its client (whose key prefix applies) and circuit
   * @param localMaxBytes bound of the in-process store behind Redis
   * @param now the page cache's clock, epoch ms
   */
  constructor(
    private readonly redis: Pick<RedisCache, 'redis' | 'command'>,
    private readonly log: Logger,
    localMaxBytes: number,
    private readonly now: () => number = Date.now,
  ) {
    this.local = new MemoryPageStore(localMaxBytes, now);
  }

  async get(key: string): Promise<PageEntry | undefined> {
    try {
      const text = await this.redis.command((redis) => redis.get(key));
      this.ok();
      const entry = text === null ? undefined : decodeEntry(text);
      return entry && entry.staleUntil > this.now() ? entry : undefined;
    } catch (err) {
      this.failed(err);
      return this.local.get(key);
    }
  }

  async set(key: string, entry: PageEntry, scope: string): Promise<void> {
    await this.local.set(key, entry, scope);
    const ttl = Math.max(1, Math.round(entry.staleUntil - this.now()));
    try {
      await this.redis.command((redis) => {
        const multi = redis.multi().set(key, encodeEntry(entry), 'PX', ttl);
        for (const tag of entry.tags) multi.sadd(tagKey(scope, tag), key).pexpire(tagKey(scope, tag), TAG_SET_TTL_MS);
        return multi.exec();
      });
      this.ok();
    } catch (err) {
      this.failed(err);
    }
  }

  async purge(scope: string, tags: string[]): Promise<number> {
    await this.local.purge(scope, tags);
    // Not through the circuit: a purge always asks Redis, and its failure is the webhook's 503.
    const multi = this.redis.redis.multi();
    for (const tag of tags) multi.smembers(tagKey(scope, tag)).del(tagKey(scope, tag));
    const results = (await multi.exec()) ?? [];
    const keys = new Set<string>();
    for (let i = 0; i < results.length; i += 2) {
      const [err, members] = results[i];
      if (err) throw err;
      for (const key of members as string[]) keys.add(key);
    }
    // Members were stored through the same prefixed client, so they are unprefixed keys.
    return keys.size ? this.redis.redis.del(...keys) : 0;
  }

  private failed(err: unknown): void {
    if (this.failing) return;
    this.failing = true;
    this.log.warn({ err }, 'page cache: redis unavailable; keeping pages in process until it is back');
  }

  private ok(): void {
    if (!this.failing) return;
    this.failing = false;
    this.log.info('page cache: redis available again');
  }
}

function tagKey(scope: string, tag: string): string {
  return `pagetag:${scope}:${tag}`;
}
