/**
 * The request deadline (docs/architecture.md §8 "Faults"): every request the shop answers has
 * one, `REQUEST_DEADLINE_MS` (default 8 s, server/config.ts) after it arrived. It is kept in the
 * request context (./request-context.ts) and every upstream call made for the request passes its
 * signal (`upstreamSignal`): the Storefront API's fetch, @sanity/client's fetch (its retries
 * included) and the scheduler's. When it passes, what is still waiting is aborted and fails as
 * an UpstreamError 504, so the page is the error page (or whatever stale copy the caches hold)
 * instead of a wait as long as a client's timeouts times its retries. Work started for the
 * request that outlives its answer (a data cache refresh) is bounded by the same deadline.
 */

/** The abort reason at the deadline. Named `TimeoutError`, like `AbortSignal.timeout`'s, so it reads as a timeout (server/upstream/errors.ts). */
export class DeadlineExceededError extends Error {
  constructor(readonly deadlineMs: number) {
    super(`the request's ${deadlineMs} ms deadline passed`);
    this.name = 'TimeoutError';
  }
}

/** One request's deadline: an instant (epoch ms) and a signal that aborts then. */
export class RequestDeadline {
  /** Epoch ms at which the request's upstream calls are cut. */
  readonly at: number;
  private signalAtDeadline: AbortSignal | undefined;

  /**
   * @param ms the budget, from `startedAt`
   * @param startedAt epoch ms the request arrived (default now)
   */
  constructor(
    readonly ms: number,
    startedAt = Date.now(),
  ) {
    this.at = startedAt + ms;
  }

  /** Milliseconds left (0 once passed). */
  remainingMs(now = Date.now()): number {
    return Math.max(0, this.at - now);
  }

  /** Aborts at the deadline with a DeadlineExceededError; made on first use (most requests, assets, never ask). */
  get signal(): AbortSignal {
    if (!this.signalAtDeadline) {
      const remaining = this.remainingMs();
      if (remaining === 0) {
        this.signalAtDeadline = AbortSignal.abort(new DeadlineExceededError(this.ms));
      } else {
        const controller = new AbortController();
        // Unref'd: a deadline never keeps the process alive.
        setTimeout(() => controller.abort(new DeadlineExceededError(this.ms)), remaining).unref();
        this.signalAtDeadline = controller.signal;
      }
    }
    return this.signalAtDeadline;
  }

  /** One upstream call's signal: aborts at the deadline or after `timeoutMs`, whichever comes first. */
  within(timeoutMs: number): AbortSignal {
    return AbortSignal.any([this.signal, AbortSignal.timeout(timeoutMs)]);
  }

  /**
   * `work`, or a rejection with `late()` when it has not settled `graceMs` after the deadline:
   * the backstop for work that does not honour the signal (the upstream clients all do).
   */
  settleBy<T>(work: Promise<T>, graceMs: number, late: () => Error): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const backstop = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(late()), this.remainingMs() + graceMs);
      timer.unref();
    });
    return Promise.race([work, backstop]).finally(() => clearTimeout(timer));
  }
}
