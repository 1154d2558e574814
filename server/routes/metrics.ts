/**
 * `GET /metrics` (docs/architecture.md §9): the process's Prometheus metrics (server/metrics) and
 * this app's sign-up outbox depth, in the Prometheus text format, `Cache-Control: no-store`.
 *
 * Not public: it needs `Authorization: Bearer {METRICS_TOKEN}` (401 with `WWW-Authenticate`
 * otherwise). Without METRICS_TOKEN configured the path does not exist (404), so a deployment
 * that does not scrape shows nothing. A token on the shop's own port rather than a second port:
 * one port to expose, probe and route (compose, Kubernetes), and the scraper authenticates the
 * same way through any proxy in between.
 */
import { Router } from 'express';
import { Gauge, Registry } from 'prom-client';
import { operatorTokenCheck } from '../http/operator-token';
import { metricsRegistry } from '../metrics/registry';
import type { Outbox } from '../outbox/types';
import { CACHE } from '../http/request-policy';

/**
 * @param deps.token  METRICS_TOKEN, or null: the route answers 404
 * @param deps.outbox the app's sign-up outbox: `outbox_messages{state="pending"|"dead"}` is read at each scrape
 */
export function metricsRoutes(deps: { token: string | null; outbox: Outbox }): Router {
  const router = Router();
  const token = deps.token;
  if (!token) return router;
  const appRegistry = new Registry();
  new Gauge({
    name: 'outbox_messages',
    help: 'Sign-ups in the outbox: pending (not yet delivered) and dead (given up on)',
    labelNames: ['state'] as const,
    registers: [appRegistry],
    async collect() {
      // An unreachable store leaves the series out of this scrape rather than failing it.
      const stats = await deps.outbox.stats().catch(() => null);
      if (!stats) return;
      this.set({ state: 'pending' }, stats.pending);
      this.set({ state: 'dead' }, stats.dead);
    },
  });
  const registry = Registry.merge([metricsRegistry, appRegistry]);
  const authorized = operatorTokenCheck(token);

  router.get('/metrics', async (req, res) => {
    res.setHeader('Cache-Control', CACHE.noStore);
    if (!authorized(req)) {
      res.setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
      return void res.status(401).type('text/plain').send('A bearer token is required.');
    }
    res.type(registry.contentType).send(await registry.metrics());
  });
  return router;
}
