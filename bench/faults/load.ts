/**
 * Load with a fault in the middle, for the fault suite: autocannon against the shop for
 * `seconds`, `fault()` at a third, `restore()` at two thirds; figures for the whole run and for
 * each third (before, during, after), so the effect of the fault shows on its own.
 */
import autocannon from 'autocannon';

/** Requests autocannon cycles through: pages a visitor reads and the cart creation a shopper makes. */
export const MIXED_REQUESTS: autocannon.Request[] = [
  { method: 'GET', path: '/' },
  { method: 'GET', path: '/collections/bouquets' },
  { method: 'GET', path: '/products/classic-gramercy-bouquet' },
  { method: 'GET', path: '/pages/contact' },
  { method: 'GET', path: '/journal/peony-season-is-here' },
  { method: 'POST', path: '/api/cart', headers: { 'content-type': 'application/json' }, body: '{}' },
];

/** One phase's figures: responses by class, connection errors and latency in ms. */
export type PhaseFigures = { requests: number; s2xx: number; s4xx: number; s5xx: number; errors: number; p50: number; p99: number; max: number };

async function phase(url: string, connections: number, seconds: number, requests: autocannon.Request[]): Promise<PhaseFigures> {
  const r = await autocannon({ url, connections, duration: seconds, requests, timeout: 10 });
  return {
    requests: r.requests.total,
    s2xx: r['2xx'],
    s4xx: r['4xx'],
    s5xx: r['5xx'],
    errors: r.errors,
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
  };
}

/**
 * Three back-to-back autocannon phases of `seconds / 3`: before the fault, with it, after
 * `restore()`.
 */
export async function loadAroundFault(opts: {
  url: string;
  connections: number;
  seconds: number;
  requests?: autocannon.Request[];
  fault: () => Promise<void>;
  restore: () => Promise<void>;
}): Promise<{ before: PhaseFigures; during: PhaseFigures; after: PhaseFigures }> {
  const third = Math.max(1, Math.round(opts.seconds / 3));
  const requests = opts.requests ?? MIXED_REQUESTS;
  const before = await phase(opts.url, opts.connections, third, requests);
  await opts.fault();
  const during = await phase(opts.url, opts.connections, third, requests);
  await opts.restore();
  const after = await phase(opts.url, opts.connections, third, requests);
  return { before, during, after };
}

/** One line: `requests 2xx 4xx 5xx errors p50/p99/max`. */
export function formatPhase(name: string, f: PhaseFigures): string {
  return `${name.padEnd(7)} ${String(f.requests).padStart(6)} req  2xx ${f.s2xx}  4xx ${f.s4xx}  5xx ${f.s5xx}  errors ${f.errors}  latency p50 ${f.p50} ms  p99 ${f.p99} ms  max ${f.max} ms`;
}

export { phase as loadPhase };
