/**
 * Operations endpoints (docs/architecture.md §9): `/healthz` the process is up; `/readyz` config loaded and the
 * upstreams answer (Storefront shop query, a content count) within 2 s — 503 otherwise — with the
 * sign-up outbox's counts (pending, dead, delivered);
 * `/__build` the build id baked into the client manifest, for the hourly update poll (no-cache);
 * `/__build/{buildId}` that build's public manifest, prefetched by the page 1 s after start
 * (spec §2, §7 "GET build manifest per build id"; client/runtime/manifest-prefetch.ts): immutable
 * for the server's own build id, 404 `no-store` for any other (the page's build is gone).
 */
import { Router } from 'express';
import type { Cache } from '../cache';
import { RedisCache } from '../cache';
import type { ContentClient } from '../upstream/content/client';
import type { StorefrontClientFactory } from '../upstream/storefront/client';
import { SHOP_QUERY } from '../upstream/storefront/queries';
import type { ClientManifest } from '../render/manifest';
import type { Outbox } from '../outbox/types';

const PROBE_TIMEOUT_MS = 2000;

const withTimeout = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref())]);

async function probe(check: () => Promise<unknown>): Promise<string> {
  try {
    await withTimeout(check(), PROBE_TIMEOUT_MS);
    return 'ok';
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

export function healthRoutes(deps: {
  storefront: StorefrontClientFactory;
  content: ContentClient;
  cache: Cache;
  buildId: string | null;
  /** The client manifest served at `/__build/{buildId}` (none: that path answers 404). */
  manifest?: ClientManifest;
  /** The sign-up outbox: its counts are reported (a backlog or dead letters never block readiness). */
  outbox?: Outbox;
}): Router {
  const router = Router();

  router.get('/healthz', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ status: 'ok' });
  });

  router.get('/readyz', async (_req, res) => {
    const [storefront, content] = await Promise.all([
      probe(() => deps.storefront(null).query(SHOP_QUERY, {})),
      probe(() => deps.content.fetch('count(*[_type == "siteSettings"])')),
    ]);
    // Redis is optional: without it the in-process cache serves, so it never blocks readiness.
    const redis = deps.cache instanceof RedisCache ? (deps.cache.isDegraded ? 'degraded (in-process cache)' : 'ok') : 'not configured';
    const ready = storefront === 'ok' && content === 'ok';
    // Sign-ups waiting or given up on, for an operator's alert; the shop serves either way.
    const outbox = deps.outbox ? await deps.outbox.stats().catch((err: unknown) => (err instanceof Error ? err.message : String(err))) : undefined;
    res.setHeader('Cache-Control', 'no-store');
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not ready', checks: { storefront, content, redis }, outbox });
  });

  router.get('/__build', (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    if (!deps.buildId) return void res.status(503).json({ buildId: null });
    res.json({ buildId: deps.buildId });
  });

  router.get('/__build/:buildId', (req, res) => {
    const manifest = deps.manifest;
    if (!manifest || req.params.buildId !== manifest.buildId) {
      res.setHeader('Cache-Control', 'no-store');
      return void res.status(404).json({ buildId: null });
    }
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.json({ buildId: manifest.buildId, entry: manifest.entry, css: manifest.css, lazyCss: manifest.lazyCss });
  });

  return router;
}
