/**
 * The reload-loop guard for lazy chunks (spec §4 "Build updates", §8 "Lazy chunk failure: one
 * reload per path within 10 seconds", §9 "Reload-loop guard 10 s"). A chunk that fails to load
 * is usually one a new deploy removed: a full page load gets the new build's HTML and chunk
 * names. The page loaded is where the shopper is going: while a client-side navigation is under
 * way (a link's page chunk failing), its target, not the page being left; otherwise (the
 * current page's own chunks, a component's) the current page. To never loop, the load is
 * recorded in sessionStorage (`{ path, at }`, epoch ms, the path loaded) and a second failure on
 * the same path within CHUNK_RELOAD_WINDOW_MS (10 s) does not load it again: the caller shows its
 * error instead. Without sessionStorage there is no guard, so no automatic reload.
 */
import type { DataRouter } from 'react-router';
import { CHUNK_RELOAD_WINDOW_MS } from './timing';

export const CHUNK_RELOAD_KEY = 'gramercy:chunkReload';

type ReloadRecord = { path: string; at: number };

export type ChunkReloadOptions = {
  storage?: Pick<Storage, 'getItem' | 'setItem'> | null;
  now?: number;
  /**
   * Where the shopper is going (a URL on this site: path, query, hash), or null for the current
   * page; default the router's pending navigation (`followNavigations`), else null.
   */
  target?: string | null;
  /** The current page's path (default `window.location.pathname`), guarded when there is no target. */
  path?: string;
  /** Reloads the current page (default `window.location.reload`). */
  reload?: () => void;
  /** Loads `target` as a new document (default `window.location.assign`). */
  assign?: (href: string) => void;
  windowMs?: number;
};

/** The router's pending navigation's target, once `followNavigations` was called. */
let navigationTarget: () => string | null = () => null;

/**
 * Lets the guard see where a client-side navigation is going (client/start.tsx calls it once
 * the router exists): a page chunk is loaded while its navigation is pending, so when it fails
 * the page to load is that navigation's target.
 */
export function followNavigations(router: Pick<DataRouter, 'state' | 'createHref'>): void {
  navigationTarget = () => {
    const { location } = router.state.navigation;
    return location ? router.createHref(location) : null;
  };
}

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

/**
 * Load the page the shopper is going to (the pending navigation's target, else the current
 * page) as a new document, unless that path was loaded for a chunk less than 10 s ago.
 * @returns true when it loads (the caller waits for the page to unload)
 */
export function reloadForChunk(options: ChunkReloadOptions = {}): boolean {
  const {
    storage = sessionStore(),
    now = Date.now(),
    target = navigationTarget(),
    reload = () => window.location.reload(),
    assign = (href: string) => window.location.assign(href),
    windowMs = CHUNK_RELOAD_WINDOW_MS,
  } = options;
  if (!storage) return false;
  const path = target ? new URL(target, 'http://site.invalid').pathname : (options.path ?? window.location.pathname);
  const last = readRecord(storage);
  if (last && last.path === path && now >= last.at && now - last.at < windowMs) return false;
  try {
    storage.setItem(CHUNK_RELOAD_KEY, JSON.stringify({ path, at: now } satisfies ReloadRecord));
  } catch {
    return false;
  }
  if (target) assign(target);
  else reload();
  return true;
}

/**
 * `load()` (a dynamic import) with the guard: on failure the page being gone to (or the current
 * one) is loaded once per path within 10 s, and the promise stays pending while this one
 * unloads; when the guard refuses, the error is rethrown for the caller to show with a way to retry.
 */
export function importWithReload<T>(load: () => Promise<T>, options?: ChunkReloadOptions): Promise<T> {
  return load().catch((error: unknown) => {
    if (reloadForChunk(options)) return new Promise<T>(() => undefined);
    throw error;
  });
}
