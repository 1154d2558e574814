/**
 * The process's Prometheus metrics (docs/architecture.md §9), served at `/metrics`
 * (server/routes/metrics.ts). One registry per process: the upstream clients, the rate limits and
 * the request timings of every app in the process write to the same series (production runs one
 * app per process; tests read deltas). Names follow Prometheus conventions: seconds, `_total`.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { CircuitStateName } from '../upstream/circuit';

export const metricsRegistry = new Registry();
// Node's own: CPU, resident memory, heap, event loop lag, GC, open handles.
collectDefaultMetrics({ register: metricsRegistry });

/** Buckets in seconds, from a cache hit (ms) to an upstream timeout (10 s). */
const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Server time per request, labelled by route pattern (never the raw URL), method and status. */
export const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time from request to the last byte of the answer, by route pattern',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: SECONDS,
  registers: [metricsRegistry],
});

/** What the origin page cache did (its X-Page-Cache answer): hit ratio = hit / (hit + stale + miss). */
export const pageCacheRequests = new Counter({
  name: 'page_cache_requests_total',
  help: 'Origin page cache answers by result (hit, stale, miss, bypass)',
  labelNames: ['result'] as const,
  registers: [metricsRegistry],
});

/** 429s given by the rate limits (server/http/rate-limit.ts). */
export const rateLimitRejections = new Counter({
  name: 'rate_limit_rejections_total',
  help: 'Requests refused with 429 by a rate limit, by tier',
  labelNames: ['tier'] as const,
  registers: [metricsRegistry],
});

/** Error reports the browser sent and the shop accepted (server/routes/client-errors.ts), by React's kind. */
export const clientErrorReports = new Counter({
  name: 'client_errors_total',
  help: 'Browser error reports accepted (hydration and render errors), by kind (recoverable, uncaught, caught)',
  labelNames: ['kind'] as const,
  registers: [metricsRegistry],
});

/** Calls to an upstream until their answer ended, by outcome (2xx, 3xx, 4xx, 5xx, error). */
export const upstreamDuration = new Histogram({
  name: 'upstream_request_duration_seconds',
  help: 'Upstream HTTP call time until the answer ended, by upstream and outcome',
  labelNames: ['upstream', 'outcome'] as const,
  buckets: SECONDS,
  registers: [metricsRegistry],
});

/** Failed upstream calls: `network` (refused, reset, DNS), `timeout`, `http_5xx`, `http_429`. */
export const upstreamErrors = new Counter({
  name: 'upstream_errors_total',
  help: 'Failed upstream HTTP calls, by upstream and kind (network, timeout, http_5xx, http_429)',
  labelNames: ['upstream', 'kind'] as const,
  registers: [metricsRegistry],
});

const circuitState = new Gauge({
  name: 'upstream_circuit_state',
  help: 'Circuit breaker state per upstream: 0 closed, 1 half-open, 2 open',
  labelNames: ['upstream'] as const,
  registers: [metricsRegistry],
});

const CIRCUIT_VALUES: Record<CircuitStateName, number> = { closed: 0, 'half-open': 1, open: 2 };

/**
 * Records an upstream's circuit breaker state (the breaker calls it on every transition).
 * @param upstream the upstream's name, as in `upstream_errors_total` (storefront, content, …)
 * @param state    closed → 0, half-open → 1, open → 2
 */
export function setCircuitState(upstream: string, state: CircuitStateName): void {
  circuitState.set({ upstream }, CIRCUIT_VALUES[state]);
}
