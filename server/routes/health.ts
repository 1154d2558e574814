/**
 * Operations endpoints (docs/architecture.md §9): `/healthz` the process is up; `/readyz` the
 * upstreams' health **as last observed** by the shop's own calls (the circuit breakers,
 * server/upstream/circuit.ts) — a probe never calls an upstream, so a kubelet or balancer probing
 * every second adds no load to Shopify or Sanity — and the Redis state. It answers 200 `ready`,
 * or 200 `degraded` while an upstream's circuit is open: the shop still serves (cached pages,
 * content pages without prices), and every instance sees the same outage, so taking this one
 * out of rotation would only turn a degraded shop into no shop. `/readyz` is public (probes and
 * balancers carry no credentials), so it shows only the status and each check as `ok`,
 * `degraded` or `down`; the detail — each upstream's circuit, last success and failure times and
 * last error text, and the sign-up outbox's counts — only with the operator's token
 * (`Authorization: Bearer {METRICS_TOKEN}`, server/http/operator-token.ts), since an upstream's
 * error text may name hosts, ids or whatever the upstream put in it;
 * Once the process is stopping (SIGTERM, server/http/shutdown.ts) it answers 503 `stopping`, so a
 * balancer probing it sends no more;
 * `/__build` the build id baked into the client manifest, for the hourly update poll (no-cache);
 * `/__build/{buildId}` that build's public manifest, prefetched by the page 1 s after start
 * (spec §2, §7 "GET build manifest per build id"; client/runtime/manifest-prefetch.ts): immutable
 * for the server's own build id, 404 `no-store` for any other (the page's build is gone).
 */
import { Router } from 'express';
import type { Cache } from '../cache';
import { operatorTokenCheck } from '../http/operator-token';
import { RedisCache } from '../cache';
import type { ClientManifest } from '../render/manifest';
import type { Outbox } from '../outbox/types';
import type { UpstreamCircuits, UpstreamHealth } from '../upstream/circuit';
import { CACHE } from '../http/request-policy';

/** The upstreams `/readyz` reports: the ones every page reads. */
const REPORTED = ['storefront', 'content'] as const;

/** A check as the public sees it: no error text, no times. */
export type CheckState = 'ok' | 'degraded' | 'down';

/**
 * An upstream's coarse state: `down` while its circuit is open (calls fail at once), `degraded`
 * while half-open or when its last call failed, else `ok` (also before any call).
 */
function checkState(health: UpstreamHealth): CheckState {
  if (health.state === 'open') return 'down';
  if (health.state === 'half-open') return 'degraded';
  const failedLast = health.lastFailureAt !== null && (health.lastSuccessAt === null || health.lastFailureAt > health.lastSuccessAt);
  return failedLast ? 'degraded' : 'ok';
}

export function healthRoutes(deps: {
  /** The process's circuit breakers: the upstream health reported, without calling anyone. */
  circuits: UpstreamCircuits;
  cache: Cache;
  buildId: string | null;
  /** The client manifest served at `/__build/{buildId}` (none: that path answers 404). */
  manifest?: ClientManifest;
  /** The sign-up outbox: its counts are reported (a backlog or dead letters never block readiness). */
  outbox?: Outbox;
  /** True once the process is stopping: `/readyz` answers 503 `stopping`. */
  stopping?: () => boolean;
  /** METRICS_TOKEN: the bearer token that shows `/readyz`'s detail (null: the detail is never shown). */
  operatorToken?: string | null;
}): Router {
  const router = Router();
  const isOperator = operatorTokenCheck(deps.operatorToken ?? null);

  router.get('/healthz', (_req, res) => {
    res.setHeader('Cache-Control', CACHE.noStore);
    res.json({ status: 'ok' });
  });

  router.get('/readyz', async (req, res) => {
    const checks: Partial<Record<(typeof REPORTED)[number] | 'redis', CheckState>> = Object.fromEntries(
      REPORTED.map((name) => [name, checkState(deps.circuits.health(name))]),
    );
    // Redis is optional: without it the in-process cache serves, so it never blocks readiness
    // (and is not a check of this instance when not configured).
    if (deps.cache instanceof RedisCache) checks.redis = deps.cache.isDegraded ? 'degraded' : 'ok';
    const degraded = REPORTED.some((name) => deps.circuits.state(name) !== 'closed');
    res.setHeader('Cache-Control', CACHE.noStore);
    const stopping = deps.stopping?.() ?? false;
    const status = stopping ? 'stopping' : degraded ? 'degraded' : 'ready';
    res.status(stopping ? 503 : 200);
    if (!isOperator(req)) return void res.json({ status, checks });
    const upstreams = Object.fromEntries(REPORTED.map((name) => [name, deps.circuits.health(name)]));
    // Sign-ups waiting or given up on, for an operator's alert; the shop serves either way.
    const outbox = deps.outbox ? await deps.outbox.stats().catch((err: unknown) => (err instanceof Error ? err.message : String(err))) : undefined;
    res.json({ status, checks, upstreams, outbox });
  });

  router.get('/__build', (_req, res) => {
    res.setHeader('Cache-Control', CACHE.noCache);
    if (!deps.buildId) return void res.status(503).json({ buildId: null });
    res.json({ buildId: deps.buildId });
  });

  router.get('/__build/:buildId', (req, res) => {
    const manifest = deps.manifest;
    if (!manifest || req.params.buildId !== manifest.buildId) {
      res.setHeader('Cache-Control', CACHE.noStore);
      return void res.status(404).json({ buildId: null });
    }
    res.setHeader('Cache-Control', CACHE.immutable);
    res.json({ buildId: manifest.buildId, entry: manifest.entry, css: manifest.css, lazyCss: manifest.lazyCss });
  });

  return router;
}
