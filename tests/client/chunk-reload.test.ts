/**
 * The lazy chunk reload guard (client/runtime/chunk-reload.ts; spec §4, §8 "one reload per path
 * within 10 seconds", §9 "Reload-loop guard 10 s"), over an in-memory sessionStorage.
 */
import { CHUNK_RELOAD_KEY, followNavigations, importWithReload, reloadForChunk } from '../../client/runtime/chunk-reload';
import { CHUNK_RELOAD_WINDOW_MS } from '../../client/runtime/timing';

function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), items };
}

test('the window is 10 s', () => {
  expect(CHUNK_RELOAD_WINDOW_MS).toBe(10_000);
});

test('first failure reloads; a second on the same path within 10 s does not; after 10 s it may again', () => {
  const storage = memoryStorage();
  const reload = jest.fn();
  const at = 1_000_000;
  expect(reloadForChunk({ storage, reload, path: '/products/a', now: at })).toBe(true);
  expect(JSON.parse(storage.items.get(CHUNK_RELOAD_KEY)!)).toEqual({ path: '/products/a', at });
  expect(reloadForChunk({ storage, reload, path: '/products/a', now: at + 9_999 })).toBe(false);
  expect(reload).toHaveBeenCalledTimes(1);
  expect(reloadForChunk({ storage, reload, path: '/products/a', now: at + 10_000 })).toBe(true);
  expect(reload).toHaveBeenCalledTimes(2);
});

test('another path has its own reload', () => {
  const storage = memoryStorage();
  const reload = jest.fn();
  expect(reloadForChunk({ storage, reload, path: '/a', now: 5 })).toBe(true);
  expect(reloadForChunk({ storage, reload, path: '/b', now: 6 })).toBe(true);
  expect(reload).toHaveBeenCalledTimes(2);
});

test('without storage (or when it refuses writes) there is no automatic reload', () => {
  const reload = jest.fn();
  expect(reloadForChunk({ storage: null, reload, path: '/a', now: 1 })).toBe(false);
  const full = {
    getItem: () => null,
    setItem: () => {
      throw new Error('QuotaExceededError');
    },
  };
  expect(reloadForChunk({ storage: full, reload, path: '/a', now: 1 })).toBe(false);
  expect(reload).not.toHaveBeenCalled();
});

test('a garbled record counts as none', () => {
  const storage = memoryStorage();
  storage.setItem(CHUNK_RELOAD_KEY, '{nope');
  const reload = jest.fn();
  expect(reloadForChunk({ storage, reload, path: '/a', now: 1 })).toBe(true);
});

test('importWithReload: success passes through; failure with a reload stays pending; refused rethrows', async () => {
  const storage = memoryStorage();
  const reload = jest.fn();
  await expect(importWithReload(() => Promise.resolve(42), { storage, reload, path: '/a', now: 1 })).resolves.toBe(42);

  const failing = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
  const first = importWithReload(failing, { storage, reload, path: '/a', now: 2 });
  const outcome = await Promise.race([
    first.then(
      () => 'settled',
      () => 'settled',
    ),
    new Promise((r) => setTimeout(() => r('pending'), 50)),
  ]);
  expect(outcome).toBe('pending');
  expect(reload).toHaveBeenCalledTimes(1);

  await expect(importWithReload(failing, { storage, reload, path: '/a', now: 3 })).rejects.toThrow('Failed to fetch dynamically imported module');
  expect(reload).toHaveBeenCalledTimes(1);
});

test("during a navigation the target is loaded, not the page being left; the guard counts the target's path", () => {
  const storage = memoryStorage();
  const reload = jest.fn();
  const assign = jest.fn();
  expect(reloadForChunk({ storage, reload, assign, path: '/products/a', target: '/journal?page=2', now: 1 })).toBe(true);
  expect(assign).toHaveBeenCalledWith('/journal?page=2');
  expect(reload).not.toHaveBeenCalled();
  expect(JSON.parse(storage.items.get(CHUNK_RELOAD_KEY)!)).toEqual({ path: '/journal', at: 1 });
  // The target's own chunk failing again right after its load: no second load (its error shows).
  expect(reloadForChunk({ storage, reload, assign, path: '/journal', target: null, now: 2 })).toBe(false);
  expect(assign).toHaveBeenCalledTimes(1);
});

test("followNavigations: the router's pending navigation is the default target", () => {
  const storage = memoryStorage();
  const assign = jest.fn();
  const reload = jest.fn();
  const router = {
    state: { navigation: { location: { pathname: '/works', search: '', hash: '#top', state: null, key: 'k' } } },
    createHref: (l: { pathname: string; search: string; hash: string }) => `${l.pathname}${l.search}${l.hash}`,
  };
  followNavigations(router as unknown as Parameters<typeof followNavigations>[0]);
  expect(reloadForChunk({ storage, assign, reload, path: '/', now: 1 })).toBe(true);
  expect(assign).toHaveBeenCalledWith('/works#top');
  // No navigation pending (the current page's own chunk): the current page reloads.
  router.state.navigation.location = undefined as never;
  expect(reloadForChunk({ storage, assign, reload, path: '/', now: 2 })).toBe(true);
  expect(reload).toHaveBeenCalledTimes(1);
});
