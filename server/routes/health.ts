/**
 * Operations endpoints (docs/architecture.md §9): `/healthz` the process is up; `/readyz` config loaded and the
 * upstreams answer (Storefront shop query, a content count) within 2 s — 503 otherwise;
 * `/__build` the build id baked into the client manifest, for the hourly update poll (no-cache).
 */
import { Router } from 'express';
import type { Cache } from '../cache';
import { RedisCache } from '../cache';
import type { ContentClient } from '../upstream/content/client';
import type { StorefrontClientFactory } from '../upstream/storefront/client';
import { SHOP_QUERY } from '../upstream/storefront/queries';

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

export function healthRoutes(deps: { storefront: StorefrontClientFactory; content: ContentClient; cache: Cache; buildId: string | null }): Router {
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
    res.setHeader('Cache-Control', 'no-store');
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not ready', checks: { storefront, content, redis } });
  });

  router.get('/__build', (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    if (!deps.buildId) return void res.status(503).json({ buildId: null });
    res.json({ buildId: deps.buildId });
  });

  return router;
}
