/**
 * Upstream latency and errors without touching the upstream clients: Node publishes every
 * outgoing HTTP call on `diagnostics_channel` — `undici:*` for `fetch` (Apollo's HttpLink for the
 * Storefront API, the scheduler, the customer-account server, Klaviyo) and `http.client.*` for
 * `node:http` (the Sanity client). Calls whose origin belongs to a known upstream are timed from
 * the request's creation to the end of its answer and counted in `upstream_request_duration_seconds`
 * and `upstream_errors_total` (./registry.ts); any other call (tests, loopback refreshes) is ignored.
 * A GraphQL answer of 200 with `errors` counts as 2xx here: the transport worked.
 */
import dc from 'node:diagnostics_channel';
import type { ClientRequest, IncomingMessage } from 'node:http';
import { upstreamDuration, upstreamErrors } from './registry';

/** origin (`http://127.0.0.1:4001`, `https://shop.myshopify.com`) → upstream name. */
const upstreamByOrigin = new Map<string, string>();
/** Start time (performance.now(), ms) and, once known, the status, per call in flight. */
const inflight = new WeakMap<object, { upstream: string; startedAt: number; status?: number }>();
let subscribed = false;

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

function begin(call: object, origin: string | null): void {
  const upstream = origin ? upstreamByOrigin.get(origin) : undefined;
  if (upstream) inflight.set(call, { upstream, startedAt: performance.now() });
}

function end(call: object, error?: Error): void {
  const entry = inflight.get(call);
  if (!entry) return;
  inflight.delete(call);
  const status = entry.status;
  const outcome = error || status === undefined ? 'error' : `${Math.floor(status / 100)}xx`;
  upstreamDuration.observe({ upstream: entry.upstream, outcome }, (performance.now() - entry.startedAt) / 1000);
  if (error)
    upstreamErrors.inc({ upstream: entry.upstream, kind: error.name === 'TimeoutError' || error.name === 'AbortError' ? 'timeout' : 'network' });
  else if (status === 429) upstreamErrors.inc({ upstream: entry.upstream, kind: 'http_429' });
  else if (status !== undefined && status >= 500) upstreamErrors.inc({ upstream: entry.upstream, kind: 'http_5xx' });
}

type UndiciRequest = { origin: string | URL };

function subscribe(): void {
  dc.subscribe('undici:request:create', (m) => {
    const { request } = m as { request: UndiciRequest };
    begin(request, originOf(String(request.origin)));
  });
  dc.subscribe('undici:request:headers', (m) => {
    const { request, response } = m as { request: UndiciRequest; response: { statusCode: number } };
    const entry = inflight.get(request);
    if (entry) entry.status = response.statusCode;
  });
  dc.subscribe('undici:request:trailers', (m) => end((m as { request: UndiciRequest }).request));
  dc.subscribe('undici:request:error', (m) => {
    const { request, error } = m as { request: UndiciRequest; error: Error };
    end(request, error);
  });
  dc.subscribe('http.client.request.start', (m) => {
    const { request } = m as { request: ClientRequest };
    begin(request, originOf(`${request.protocol}//${String(request.getHeader('host') ?? request.host)}`));
  });
  dc.subscribe('http.client.response.finish', (m) => {
    const { request, response } = m as { request: ClientRequest; response: IncomingMessage };
    const entry = inflight.get(request);
    // Calls to no known upstream get no listeners (jest loads this module once per test file, and
    // each copy keeps its channel subscriptions in the one process).
    if (!entry) return;
    entry.status = response.statusCode;
    // `finish` is published when the headers arrive; the body's end closes the timing.
    response.once('end', () => end(request));
    response.once('error', (err) => end(request, err));
  });
  dc.subscribe('http.client.request.error', (m) => {
    const { request, error } = m as { request: ClientRequest; error: Error };
    end(request, error);
  });
}

/**
 * Starts timing calls to these upstreams (idempotent per origin; the channel subscriptions are
 * made once per process).
 * @param upstreams name → URLs on that upstream (only their origins are used); null entries are skipped
 */
export function observeUpstreams(upstreams: Record<string, Array<string | null>>): void {
  for (const [name, urls] of Object.entries(upstreams)) {
    for (const url of urls) {
      const origin = url ? originOf(url) : null;
      if (origin) upstreamByOrigin.set(origin, name);
    }
  }
  if (!subscribed) {
    subscribed = true;
    subscribe();
  }
}
