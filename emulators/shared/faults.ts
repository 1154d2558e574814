/**
 * Fault injection shared by the emulators that have a fault switch (Storefront API, content
 * lake, scheduler, marketing), for tests and for people trying the shop's handling of an
 * upstream outage (its circuit breakers, its request deadline, its outbox):
 *
 *   POST /__emulator/faults { "mode": "none" | "error" | "rate-limit" | "timeout" | "hang",
 *                             "status"?: 500 | 502 | 503, "retryAfterSeconds"?: n, "count"?: n }
 *   GET  /__emulator/faults   the fault in force
 *
 * Each emulator says which of its endpoints a fault applies to and answers in its upstream's
 * own error shape:
 * - `error`: answer `status` (default 503), with `Retry-After` when `retryAfterSeconds` is
 *   given; nothing is recorded or changed.
 * - `rate-limit`: answer 429 with `Retry-After: retryAfterSeconds` (default 1); nothing changed.
 * - `timeout`: hold the request open TIMEOUT_FAULT_HOLD_MS (or until the client gives up), then
 *   answer 504; nothing changed (HeldRequests).
 * - `hang`: hold the request open and never answer (a hung upstream): it ends when the client
 *   gives up or the emulator stops; nothing changed.
 * - `count`: how many requests the fault applies to, after which it is back to `none`;
 *   absent = until set to `none`.
 */
import express, { Router, type Response } from 'express';
import { z } from 'zod';

export type FaultMode = 'none' | 'error' | 'rate-limit' | 'timeout' | 'hang';

/** The fault in force, as `GET /__emulator/faults` shows it. */
export type Fault = {
  mode: FaultMode;
  /** HTTP status of `error` (null for other modes). */
  status: 500 | 502 | 503 | null;
  /** Seconds, sent as `Retry-After` (rate-limit always; error when set). */
  retryAfterSeconds: number | null;
  /** Requests left to fail; null = until changed. */
  remaining: number | null;
};

/** How long a `timeout` fault holds a request before answering 504, in ms. */
export const TIMEOUT_FAULT_HOLD_MS = 30_000;

const NONE: Fault = { mode: 'none', status: null, retryAfterSeconds: null, remaining: null };

const FaultBody = z
  .strictObject({
    mode: z.enum(['none', 'error', 'rate-limit', 'timeout', 'hang'], { error: "must be 'none', 'error', 'rate-limit', 'timeout' or 'hang'" }),
    status: z.union([z.literal(500), z.literal(502), z.literal(503)], { error: 'must be 500, 502 or 503' }).optional(),
    retryAfterSeconds: z.int({ error: 'must be a whole number of seconds' }).min(0).max(86_400).optional(),
    count: z.int({ error: 'must be a positive whole number' }).min(1).optional(),
  })
  .refine((body) => body.status === undefined || body.mode === 'error', { message: "status applies to mode 'error' only", path: ['status'] });

/** A fault body that does not parse; `message` lists the problems. */
export class FaultInputError extends Error {}

export class Faults {
  private fault: Fault = NONE;

  current(): Fault {
    return { ...this.fault };
  }

  /**
   * Sets the fault from a `POST /__emulator/faults` body.
   * @throws FaultInputError on an unknown mode or a bad status, retryAfterSeconds or count
   */
  set(body: unknown): Fault {
    const parsed = FaultBody.safeParse(body);
    if (!parsed.success) {
      throw new FaultInputError(parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '));
    }
    const { mode, status, retryAfterSeconds, count } = parsed.data;
    if (mode === 'none') this.fault = NONE;
    else
      this.fault = {
        mode,
        status: mode === 'error' ? (status ?? 503) : null,
        retryAfterSeconds: retryAfterSeconds ?? (mode === 'rate-limit' ? 1 : null),
        remaining: count ?? null,
      };
    return this.current();
  }

  /** For one request it applies to: the fault to apply (counting it down), or null when none. */
  take(): Fault | null {
    if (this.fault.mode === 'none') return null;
    const applied = this.current();
    if (this.fault.remaining !== null) this.fault = this.fault.remaining > 1 ? { ...this.fault, remaining: this.fault.remaining - 1 } : NONE;
    return applied;
  }
}

/** `GET|POST /__emulator/faults` over `faults` (400 `{ error }` on a body that does not parse). */
export function faultRoutes(faults: Faults): Router {
  const router = Router();
  router.get('/__emulator/faults', (_req, res) => void res.set('Cache-Control', 'no-store').json(faults.current()));
  router.post('/__emulator/faults', express.json({ type: () => true }), (req, res) => {
    try {
      res.json(faults.set(req.body ?? {}));
    } catch (error) {
      if (!(error instanceof FaultInputError)) throw error;
      res.status(400).json({ error: error.message });
    }
  });
  return router;
}

/** The requests a `timeout` or `hang` fault is holding, so stopping the emulator can cut them at once. */
export class HeldRequests {
  private readonly held = new Set<Response>();

  constructor(private readonly holdMs: number) {}

  /** Answers nothing for `holdMs` (the client usually gives up first), then `answer(res)` (a 504). */
  hold(res: Response, answer: (res: Response) => void): void {
    this.held.add(res);
    const timer = setTimeout(() => {
      this.held.delete(res);
      answer(res);
    }, this.holdMs);
    res.on('close', () => {
      clearTimeout(timer);
      this.held.delete(res);
    });
  }

  /** Answers nothing, ever: the request ends when the client gives up (or `abortAll`). */
  hang(res: Response): void {
    this.held.add(res);
    res.on('close', () => this.held.delete(res));
  }

  abortAll(): void {
    for (const res of this.held) res.destroy();
    this.held.clear();
  }
}
