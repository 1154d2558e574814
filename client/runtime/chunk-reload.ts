/**
 * The reload-loop guard for lazy chunks (spec §4 "Build updates", §8 "Lazy chunk failure: one
 * reload per path within 10 seconds", §9 "Reload-loop guard 10 s"). A chunk that fails to load
 * is usually one a new deploy removed: a reload gets the new build's HTML and chunk names. To
 * never loop, the reload is recorded in sessionStorage (`{ path, at }`, epoch ms) and a second
 * failure on the same path within CHUNK_RELOAD_WINDOW_MS (10 s) does not reload: the caller
 * shows its error instead. Without sessionStorage there is no guard, so no automatic reload.
 */
import { CHUNK_RELOAD_WINDOW_MS } from './timing';

export const CHUNK_RELOAD_KEY = 'gramercy:chunkReload';

type ReloadRecord = { path: string; at: number };

export type ChunkReloadOptions = {
  storage?: Pick<Storage, 'getItem' | 'setItem'> | null;
  now?: number;
  path?: string;
  reload?: () => void;
  windowMs?: number;
};

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function readRecord(storage: Pick<Storage, 'getItem'>): ReloadRecord | null {
  try {
    const value = JSON.parse(storage.getItem(CHUNK_RELOAD_KEY) ?? 'null') as Partial<ReloadRecord> | null;
    return value && typeof value.path === 'string' && typeof value.at === 'number' ? { path: value.path, at: value.at } : null;
  } catch {
    return null;
  }
}

/** Reload the page unless this path was reloaded for a chunk less than 10 s ago; true when it reloads. */
export function reloadForChunk(options: ChunkReloadOptions = {}): boolean {
  const {
    storage = sessionStore(),
    now = Date.now(),
    path = window.location.pathname,
    reload = () => window.location.reload(),
    windowMs = CHUNK_RELOAD_WINDOW_MS,
  } = options;
  if (!storage) return false;
  const last = readRecord(storage);
  if (last && last.path === path && now >= last.at && now - last.at < windowMs) return false;
  try {
    storage.setItem(CHUNK_RELOAD_KEY, JSON.stringify({ path, at: now } satisfies ReloadRecord));
  } catch {
    return false;
  }
  reload();
  return true;
}

/**
 * `load()` (a dynamic import) with the guard: on failure the page reloads once per path within
 * 10 s, and the promise stays pending while it unloads; when the guard refuses, the error is
 * rethrown for the caller to show with a way to retry.
 */
export function importWithReload<T>(load: () => Promise<T>, options?: ChunkReloadOptions): Promise<T> {
  return load().catch((error: unknown) => {
    if (reloadForChunk(options)) return new Promise<T>(() => undefined);
    throw error;
  });
}
