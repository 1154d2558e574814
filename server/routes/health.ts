/**
 * Operations endpoints (docs/architecture.md §9): `/healthz` the process is up; `/readyz` the
 * upstreams' health **as last observed** by the shop's own calls (the circuit breakers,
 * server/upstream/circuit.ts) — a probe never calls an upstream, so a kubelet or balancer probing
 * every second adds no load to Shopify or Sanity — with the Redis state and the sign-up outbox's
 * counts (pending, dead, delivered). It answers 200 `ready`, or 200 `degraded` while an
 * upstream's circuit is open: the shop still serves (cached pages, content pages without
 * prices), and every instance sees the same outage, so taking this one out of rotation would
 * only turn a degraded shop into no shop. Once the process is stopping (SIGTERM,
 * server/http/shutdown.ts) it answers 503 `stopping`, so a balancer probing it sends no more;
 * `/__build` the build id baked into the client manifest, for the hourly update poll (no-cache);
 * `/__build/{buildId}` that build's public manifest, prefetched by the page 1 s after start
 * (spec §2, §7 "GET build manifest per build id"; client/runtime/manifest-prefetch.ts): immutable
 * for the server's own build id, 404 `no-store` for any other (the page's build is gone).
 */
import { Router } from 'express';
import type { Cache } from '../cache';
import { RedisCache } from '../cache';
import type { ClientManifest } from '../render/manifest';
import type { Outbox } from '../outbox/types';
import type { UpstreamCircuits, UpstreamHealth } from '../upstream/circuit';

/** The upstreams `/readyz` reports: the ones every page reads. */
const REPORTED = ['storefront', 'content'] as const;

/** One line per upstream: `ok` (or not called yet), `failing: …` (last call failed), `circuit open: …`, `circuit half-open`. */
function summary(health: UpstreamHealth): string {
  if (health.state === 'open') return `circuit open: ${health.lastError ?? 'unknown error'}`;
  if (health.state === 'half-open') return 'circuit half-open';
  const failedLast = health.lastFailureAt !== null && (health.lastSuccessAt === null || health.lastFailureAt > health.lastSuccessAt);
  return failedLast ? `failing: ${health.lastError ?? 'unknown error'}` : 'ok';
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
}): Router {
  const router = Router();

  router.get('/healthz', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ status: 'ok' });
  });

  router.get('/readyz', async (_req, res) => {
    const upstreams = Object.fromEntries(REPORTED.map((name) => [name, deps.circuits.health(name)]));
    const checks: Record<string, string> = Object.fromEntries(REPORTED.map((name) => [name, summary(deps.circuits.health(name))]));
    // Redis is optional: without it the in-process cache serves, so it never blocks readiness.
    checks.redis = deps.cache instanceof RedisCache ? (deps.cache.isDegraded ? 'degraded (in-process cache)' : 'ok') : 'not configured';
    const degraded = REPORTED.some((name) => deps.circuits.state(name) !== 'closed');
    // Sign-ups waiting or given up on, for an operator's alert; the shop serves either way.
    const outbox = deps.outbox ? await deps.outbox.stats().catch((err: unknown) => (err instanceof Error ? err.message : String(err))) : undefined;
    res.setHeader('Cache-Control', 'no-store');
    if (deps.stopping?.()) return void res.status(503).json({ status: 'stopping', checks, upstreams, outbox });
    res.json({ status: degraded ? 'degraded' : 'ready', checks, upstreams, outbox });
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
