/**
 * Where page entries live (docs/architecture.md §8 "Origin page cache"): the in-process store
 * (an LRU bounded by bytes) or Redis (redis-store.ts, shared by every instance). Keys carry the
 * build id, so a new build never reads an old build's pages; tags index the keys for purging.
 */
import { LRUCache } from 'lru-cache';
import type { PageEntry } from './entry';

export interface PageStore {
  /** The entry, or undefined when absent. Never throws (a failing backend is a miss). */
  get(key: string): Promise<PageEntry | undefined>;
  /** Keep `entry` until its `staleUntil`, indexed under its tags within `scope` (the build id). Never throws. */
  set(key: string, entry: PageEntry, scope: string): Promise<void>;
  /**
   * Drop every entry of `scope` carrying any of `tags`; resolves to how many were dropped.
   * @throws when the backend fails (the webhook then answers 503, so the sender retries)
   */
  purge(scope: string, tags: string[]): Promise<number>;
}

/** The in-process store: an LRU bounded by the bytes of the stored bodies, with a tag index. */
export class MemoryPageStore implements PageStore {
  private readonly lru: LRUCache<string, PageEntry>;
  /** `${scope}\n${tag}` → keys. */
  private readonly tagged = new Map<string, Set<string>>();

  /**
   * @param maxBytes bound on the sum of the stored gzip bodies (plus a small per-entry overhead)
   * @param now the page cache's clock, epoch ms
   */
  constructor(
    maxBytes: number,
    private readonly now: () => number = Date.now,
  ) {
    this.lru = new LRUCache<string, PageEntry>({
      maxSize: maxBytes,
      sizeCalculation: (entry) => entry.gzip.length + 512,
      dispose: (entry, key) => this.unindex(key, entry),
    });
  }

  async get(key: string): Promise<PageEntry | undefined> {
    const entry = this.lru.get(key);
    if (entry && entry.staleUntil <= this.now()) {
      this.lru.delete(key);
      return undefined;
    }
    return entry;
  }

  async set(key: string, entry: PageEntry, scope: string): Promise<void> {
    this.lru.set(key, entry);
    if (!this.lru.has(key)) return; // larger than the whole store
    for (const tag of entry.tags) {
      const id = `${scope}\n${tag}`;
      let keys = this.tagged.get(id);
      if (!keys) this.tagged.set(id, (keys = new Set()));
      keys.add(key);
    }
  }

  async purge(scope: string, tags: string[]): Promise<number> {
    let dropped = 0;
    for (const tag of tags) {
      for (const key of [...(this.tagged.get(`${scope}\n${tag}`) ?? [])]) if (this.lru.delete(key)) dropped++;
    }
    return dropped;
  }

  private unindex(key: string, entry: PageEntry): void {
    for (const [id, keys] of this.tagged) {
      if (!entry.tags.some((tag) => id.endsWith(`\n${tag}`))) continue;
      keys.delete(key);
      if (keys.size === 0) this.tagged.delete(id);
    }
  }
}
