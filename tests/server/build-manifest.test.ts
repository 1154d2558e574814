/**
 * `/__build` and `/__build/{buildId}` (server/routes/health.ts): the id the page polls hourly
 * (spec §7 "GET latest-build json with a cache-busting timestamp query") and the build
 * manifest the page prefetches after 1 s (spec §7 "GET build manifest per build id").
 */
import express from 'express';
import request from 'supertest';
import type { Cache } from '../../server/cache';
import type { ClientManifest } from '../../server/render/manifest';
import { healthRoutes } from '../../server/routes/health';
import { UpstreamCircuits } from '../../server/upstream/circuit';

const manifest: ClientManifest = {
  buildId: 'abc123def456',
  entry: '/assets/entry-X.js',
  css: ['/assets/entry-Y.css'],
  lazyCss: { 'client/components/cart/Calendar.tsx': '/assets/chunks/Calendar-Z.css' },
};

function app(m: ClientManifest | undefined) {
  const a = express();
  a.use(
    healthRoutes({
      circuits: new UpstreamCircuits(),
      cache: {} as Cache,
      buildId: m?.buildId ?? null,
      manifest: m,
    }),
  );
  return a;
}

test('/__build?t=… answers the id, no-cache', async () => {
  const res = await request(app(manifest)).get(`/__build?t=${Date.now()}`);
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ buildId: manifest.buildId });
  expect(res.headers['cache-control']).toBe('no-cache');
});

test('/__build/{own id}: the public manifest, immutable', async () => {
  const res = await request(app(manifest)).get(`/__build/${manifest.buildId}`);
  expect(res.status).toBe(200);
  expect(res.body).toEqual(manifest);
  expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
});

test('/__build/{another id}: 404, never stored (the page’s build is gone)', async () => {
  const res = await request(app(manifest)).get('/__build/000000000000');
  expect(res.status).toBe(404);
  expect(res.headers['cache-control']).toBe('no-store');
  expect((await request(app(undefined)).get(`/__build/${manifest.buildId}`)).status).toBe(404);
});
