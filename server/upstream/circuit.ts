/**
 * One circuit breaker per upstream (docs/architecture.md §8 "Faults", docs/decisions/0017):
 * while an upstream is down its calls fail at once instead of each waiting for a refused
 * connection, the content client's five retries or a 10 s timeout.
 *
 * cockatiel's ConsecutiveBreaker: **closed** until `failureThreshold` calls in a row fail, then
 * **open** (every call rejects at once with an UpstreamError 503, the upstream is not called) for
 * `halfOpenAfterMs`, then **half-open**: the next call goes through as a probe; its success
 * closes the circuit, its failure opens it again for another cool-down.
 *
 * The breakers also keep the last observed outcome of each upstream, which `/readyz` reports
 * without calling anyone (server/routes/health.ts). `onStateChange` is the hook for metrics
 * (server/metrics/registry.ts `setCircuitState`, wired in server/app.ts).
 */
import { circuitBreaker, CircuitState, ConsecutiveBreaker, handleAll, type CircuitBreakerPolicy } from 'cockatiel';
import { toUpstreamError, UpstreamError, type UpstreamName } from './errors';

export type CircuitStateName = 'closed' | 'open' | 'half-open';

export type CircuitOptions = {
  /** Consecutive failures that open a circuit (default 5). */
  failureThreshold?: number;
  /** Cool-down in ms before an open circuit lets one probe call through (default 5000). */
  halfOpenAfterMs?: number;
  /** Called on every transition, with the upstream and its new state. */
  onStateChange?: (upstream: UpstreamName, state: CircuitStateName) => void;
  /** Clock for the last-outcome timestamps (epoch ms; default Date.now). */
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
export const DEFAULT_HALF_OPEN_AFTER_MS = 5000;

const STATE_NAMES: Record<CircuitState, CircuitStateName> = {
  [CircuitState.Closed]: 'closed',
  [CircuitState.Open]: 'open',
  [CircuitState.HalfOpen]: 'half-open',
  // Isolation (held open by hand) is never used here; it reads as open.
  [CircuitState.Isolated]: 'open',
};

type Entry = { policy: CircuitBreakerPolicy; health: Omit<UpstreamHealth, 'state'> };

export class UpstreamCircuits {
  private readonly entries = new Map<UpstreamName, Entry>();
  private readonly now: () => number;

  constructor(private readonly options: CircuitOptions = {}) {
    this.now = options.now ?? Date.now;
  }

  /**
   * Run one call to `upstream` through its breaker.
   * @returns what `work` resolves to
   * @throws UpstreamError(upstream, 503) at once while the circuit is open (`work` is not run);
   *   otherwise what `work` throws, as an UpstreamError (toUpstreamError)
   */
  async run<T>(upstream: UpstreamName, work: () => Promise<T>): Promise<T> {
    const entry = this.entry(upstream);
    try {
      const value = await entry.policy.execute(() => work());
      entry.health.lastSuccessAt = this.now();
      return value;
    } catch (err) {
      if (isBrokenCircuit(err)) {
        throw new UpstreamError(upstream, 503, `${upstream} circuit open: not called (last error: ${entry.health.lastError ?? 'none'})`);
      }
      const error = toUpstreamError(upstream, err);
      entry.health.lastFailureAt = this.now();
      entry.health.lastError = error.message;
      throw error;
    }
  }

  /** The current state of `upstream`'s circuit ('closed' before its first call). */
  state(upstream: UpstreamName): CircuitStateName {
    const entry = this.entries.get(upstream);
    return entry ? STATE_NAMES[entry.policy.state] : 'closed';
  }

  /** The circuit and last outcomes of `upstream`, as observed by the calls so far (no call is made). */
  health(upstream: UpstreamName): UpstreamHealth {
    const health = this.entries.get(upstream)?.health ?? { lastSuccessAt: null, lastFailureAt: null, lastError: null };
    return { state: this.state(upstream), ...health };
  }

  private entry(upstream: UpstreamName): Entry {
    let entry = this.entries.get(upstream);
    if (!entry) {
      const policy = circuitBreaker(handleAll, {
        breaker: new ConsecutiveBreaker(this.options.failureThreshold ?? DEFAULT_FAILURE_THRESHOLD),
        halfOpenAfter: this.options.halfOpenAfterMs ?? DEFAULT_HALF_OPEN_AFTER_MS,
      });
      policy.onStateChange((state) => this.options.onStateChange?.(upstream, STATE_NAMES[state]));
      entry = { policy, health: { lastSuccessAt: null, lastFailureAt: null, lastError: null } };
      this.entries.set(upstream, entry);
    }
    return entry;
  }
}

/** cockatiel's BrokenCircuitError (open) or IsolatedCircuitError, by their marker properties. */
export function isBrokenCircuit(err: unknown): boolean {
  const e = err as { isBrokenCircuitError?: boolean; isIsolatedCircuitError?: boolean } | null;
  return Boolean(e?.isBrokenCircuitError || e?.isIsolatedCircuitError);
}
