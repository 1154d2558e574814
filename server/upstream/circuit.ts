/**
 * One circuit breaker per upstream (docs/architecture.md §8 "Faults", docs/decisions/0017):
 * while an upstream is down its calls fail at once instead of each waiting for a refused
 * connection, the content client's five retries or a 10 s timeout; once it is back, the shop
 * finds out within about half a second.
 *
 * - **closed**: calls go through; `failureThreshold` failures in a row open the circuit.
 * - **open**: calls fail at once with an UpstreamError 503, the upstream is not called; but once
 *   `halfOpenAfterMs` (500 ms) has passed since the last probe started, the next call goes through
 *   as a probe, and the circuit is **half-open** while a probe is out.
 * - half-open: the first probe that succeeds closes the circuit; a failed one leaves it open.
 *   The other calls do not wait for the probe's verdict (a probe into a hung upstream takes its
 *   whole request deadline, 8 s): they fail at once, and another probe goes out every
 *   `halfOpenAfterMs` while none has answered, so a probe stuck on the hang does not hold the
 *   recovery back.
 *
 * A failure of a call that started before the circuit last closed describes the outage, not the
 * upstream now, and is not counted. Written here rather than with cockatiel (still the Redis
 * connection's breaker, server/cache/redis-cache.ts): its half-open state lets one probe out and
 * holds every other call until that probe's verdict. Before and after: docs/architecture.md §8
 * "Faults", tests/server/circuit-recovery.test.ts.
 *
 * The breakers also keep the last observed outcome of each upstream, which `/readyz` reports
 * without calling anyone (server/routes/health.ts). `onStateChange` is the hook for metrics
 * (server/metrics/registry.ts `setCircuitState`, wired in server/app.ts).
 */
import { toUpstreamError, UpstreamError, type UpstreamName } from './errors';

export type CircuitStateName = 'closed' | 'open' | 'half-open';

export type CircuitOptions = {
  /** Consecutive failures that open a circuit (default 5). */
  failureThreshold?: number;
  /** While not closed, the least time between two probe calls, in ms (default 500). */
  halfOpenAfterMs?: number;
  /** Called on every transition, with the upstream and its new state. */
  onStateChange?: (upstream: UpstreamName, state: CircuitStateName) => void;
  /** Clock (epoch ms; default Date.now): the cool-down and the last-outcome timestamps. */
  now?: () => number;
};

/** What `/readyz` reports per upstream: the circuit and the last outcome seen (epoch ms, or null before any call). */
export type UpstreamHealth = {
  state: CircuitStateName;
  lastSuccessAt: number | null;
  lastFailureAt: number | null;
  /** The last failure's message (no secrets: UpstreamError messages name the upstream and the cause). */
  lastError: string | null;
};

export const DEFAULT_FAILURE_THRESHOLD = 5;
export const DEFAULT_HALF_OPEN_AFTER_MS = 500;

/** One upstream's breaker and last outcomes. */
type Entry = {
  state: CircuitStateName;
  /** Failures in a row while closed. */
  failures: number;
  /** When the circuit last closed (epoch ms): failures of calls started before are not counted. */
  closedAt: number;
  /** When the last probe started, or the circuit opened (epoch ms). */
  probedAt: number;
  probesOut: number;
  health: Omit<UpstreamHealth, 'state'>;
};

export class UpstreamCircuits {
  private readonly entries = new Map<UpstreamName, Entry>();
  private readonly now: () => number;
  private readonly failureThreshold: number;
  private readonly halfOpenAfterMs: number;

  constructor(private readonly options: CircuitOptions = {}) {
    this.now = options.now ?? Date.now;
    this.failureThreshold = options.failureThreshold ?? DEFAULT_FAILURE_THRESHOLD;
    this.halfOpenAfterMs = options.halfOpenAfterMs ?? DEFAULT_HALF_OPEN_AFTER_MS;
  }

  /**
   * Run one call to `upstream` through its breaker.
   * @returns what `work` resolves to
   * @throws UpstreamError(upstream, 503) at once while the circuit is open and no probe is due
   *   (`work` is not run); otherwise what `work` throws, as an UpstreamError (toUpstreamError)
   */
  async run<T>(upstream: UpstreamName, work: () => Promise<T>): Promise<T> {
    const entry = this.entry(upstream);
    const startedAt = this.now();
    const probe = entry.state !== 'closed';
    if (probe) {
      if (startedAt - entry.probedAt < this.halfOpenAfterMs) {
        throw new UpstreamError(upstream, 503, `${upstream} circuit open: not called (last error: ${entry.health.lastError ?? 'none'})`);
      }
      entry.probedAt = startedAt;
      entry.probesOut += 1;
      this.transition(upstream, entry, 'half-open');
    }
    try {
      const value = await work();
      entry.health.lastSuccessAt = this.now();
      if (probe) entry.probesOut -= 1;
      if (entry.state === 'closed') entry.failures = 0;
      // Any probe's success closes it, even one that started before an earlier probe failed.
      else if (probe) this.close(upstream, entry);
      return value;
    } catch (err) {
      const error = toUpstreamError(upstream, err);
      entry.health.lastFailureAt = this.now();
      entry.health.lastError = error.message;
      if (probe) {
        entry.probesOut -= 1;
        if (entry.state === 'half-open' && entry.probesOut === 0) this.transition(upstream, entry, 'open');
      } else if (entry.state === 'closed' && startedAt >= entry.closedAt) {
        entry.failures += 1;
        if (entry.failures >= this.failureThreshold) {
          entry.probedAt = this.now();
          this.transition(upstream, entry, 'open');
        }
      }
      throw error;
    }
  }

  /** The current state of `upstream`'s circuit ('closed' before its first call). */
  state(upstream: UpstreamName): CircuitStateName {
    return this.entries.get(upstream)?.state ?? 'closed';
  }

  /** The circuit and last outcomes of `upstream`, as observed by the calls so far (no call is made). */
  health(upstream: UpstreamName): UpstreamHealth {
    const health = this.entries.get(upstream)?.health ?? { lastSuccessAt: null, lastFailureAt: null, lastError: null };
    return { state: this.state(upstream), ...health };
  }

  private close(upstream: UpstreamName, entry: Entry): void {
    entry.failures = 0;
    entry.closedAt = this.now();
    this.transition(upstream, entry, 'closed');
  }

  private transition(upstream: UpstreamName, entry: Entry, state: CircuitStateName): void {
    if (entry.state === state) return;
    entry.state = state;
    this.options.onStateChange?.(upstream, state);
  }

  private entry(upstream: UpstreamName): Entry {
    let entry = this.entries.get(upstream);
    if (!entry) {
      entry = {
        state: 'closed',
        failures: 0,
        closedAt: 0,
        probedAt: 0,
        probesOut: 0,
        health: { lastSuccessAt: null, lastFailureAt: null, lastError: null },
      };
      this.entries.set(upstream, entry);
    }
    return entry;
  }
}
