/**
 * Spec §4 "site settings fetch": no settings document or a failing content lake gives an error
 * marker, which the root loader turns into `isError: true` (the shell then raises a 500); a
 * settings answer already cached keeps being served when the lake fails (stale-if-error).
 * The cache runs on a manual clock, so "past freshness" is a clock advance, not a wait; the
 * outage is real (the content lake emulator is stopped), and so are the content client's retries.
 */
import { copyFileSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import request from 'supertest';
import { STATE_ELEMENT_ID, type AppState } from '../../client/lib/hydration';
import { DEFAULT_CONTENT_DIR } from '../../emulators/shared/server';
import { MemoryCache } from '../../server/cache';
import { FRESH_MS, STALE_MS } from '../../server/loaders/upstream-data';
import { startTestApp } from '../support/app';

/** A clock for the cache that only moves when told to (epoch ms). */
function manualClock(start = Date.UTC(2026, 10, 23, 12)) {
  let t = start;
  return {
    now: () => t,
    advance(ms: number) {
      t += ms;
    },
  };
}

/** A logger that keeps its records, to assert on the stale-if-error warning. */
function recordingLog() {
  const records: Array<{ level: number; msg: string; key?: string }> = [];
  const log = pino(
    { level: 'debug' },
    {
      write: (line: string) => {
        records.push(JSON.parse(line));
      },
    },
  );
  return { log, warnings: () => records.filter((r) => r.level === pino.levels.values.warn) };
}

/** The JSON state block of a rendered page. */
function stateBlock(html: string): AppState {
  const match = new RegExp(`<script type="application/json" id="${STATE_ELEMENT_ID}">(.*?)</script>`).exec(html);
  if (!match) throw new Error('no state block in the page');
  return JSON.parse(match[1]) as AppState;
}

/** The seed content without its siteSettings document. */
function contentWithoutSettings(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gs-content-'));
  const lines = readFileSync(path.join(DEFAULT_CONTENT_DIR, 'dataset.ndjson'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() && JSON.parse(line)._type !== 'siteSettings');
  writeFileSync(path.join(dir, 'dataset.ndjson'), `${lines.join('\n')}\n`);
  copyFileSync(path.join(DEFAULT_CONTENT_DIR, 'catalog.json'), path.join(dir, 'catalog.json'));
  symlinkSync(path.join(DEFAULT_CONTENT_DIR, 'images'), path.join(dir, 'images'));
  return dir;
}

test('no settings document → root isError, not cached by the CDN, page 500', async () => {
  const t = await startTestApp({ contentDir: contentWithoutSettings() });
  try {
    const res = await request(t.app).get('/__payload/root');
    expect(res.status).toBe(200);
    expect(res.body.isError).toBe(true);
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await request(t.app).get('/')).status).toBe(500);
  } finally {
    await t.stop();
  }
});

test('content lake down, nothing cached → the error marker: root isError, not cached by the CDN, page 500', async () => {
  const t = await startTestApp();
  try {
    await t.emulators.content.stop();
    const res = await request(t.app).get('/__payload/root');
    expect(res.status).toBe(200);
    expect(res.body.isError).toBe(true);
    expect(res.body.settings.siteTitle).toBe('');
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await request(t.app).get('/')).status).toBe(500);
  } finally {
    await t.stop();
  }
});

test('stale-if-error: past freshness with the lake down, shoppers still get the cached settings', async () => {
  const clock = manualClock();
  const { log, warnings } = recordingLog();
  const t = await startTestApp({
    cache: () => new MemoryCache(log, { now: clock.now }),
    // The data cache's stale-if-error is under test: the page cache would answer the repeated
    // URLs without reading it (its own stale-if-error: page-cache.test.ts).
    env: { PAGE_CACHE: 'off' },
  });
  try {
    // Warm the cache: the home page (settings, home document, prices) and the root payload.
    const warm = await request(t.app).get('/');
    expect(warm.status).toBe(200);
    expect(warm.text).toContain('<title>Gramercy Stems');
    const before = await request(t.app).get('/__payload/root');
    expect(before.body.isError).toBe(false);
    expect(before.body.settings.siteTitle).toBe('Gramercy Stems');

    await t.emulators.content.stop();
    clock.advance(FRESH_MS); // no longer fresh, well within the stale window
    expect(STALE_MS).toBeGreaterThan(0); // there is a stale window to serve from

    const stale = await request(t.app).get('/__payload/root');
    expect(stale.status).toBe(200);
    expect(stale.body).toEqual(before.body);
    const page = await request(t.app).get('/');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<title>Gramercy Stems');
    // The page's state block carries the very settings the fresh payload had.
    expect(stateBlock(page.text).router.loaderData.root).toEqual(before.body);

    // The background refresh really went to the lake, failed, and was logged.
    await t.cache.whenIdle();
    expect(warnings()).toContainEqual(expect.objectContaining({ msg: 'cache refresh failed; serving stale', key: 'content:settings' }));

    // Once the stale window has passed as well, there is nothing left to serve: the error marker.
    clock.advance(STALE_MS);
    const expired = await request(t.app).get('/__payload/root');
    expect(expired.body.isError).toBe(true);
    expect(expired.headers['cache-control']).toBe('no-store');
  } finally {
    await t.stop();
  }
});
