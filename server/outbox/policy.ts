/**
 * The delivery policy both outbox stores share (docs/architecture.md §8): how many attempts, how
 * long to wait between them, how a delivery error is read, what a valid message id is, and what
 * of an error may be written down. Kept in one place so the BullMQ store and the file spool
 * cannot drift apart.
 */
import type { DeliveryFailure, OutboxMessage } from './types';

/**
 * A dead-lettered message as the stores list it: the contract's fields (`Outbox.deadLetters`)
 * plus when it was given up on (epoch ms), so that two stores' lists can be merged in order.
 */
export type DeadLetter = { message: OutboxMessage; attempts: number; lastError: string; deadAt: number };

/** Delivery attempts (the first one included) before a message is dead-lettered. */
export const DEFAULT_MAX_ATTEMPTS = 8;

/** Exponential backoff bounds, in ms: the first retry waits about `baseMs`, no wait exceeds `maxMs`. */
export type BackoffOptions = { baseMs: number; maxMs: number };

/** 1 s, doubling, capped at 5 min: 8 attempts span roughly two minutes of a provider outage. */
export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 1000, maxMs: 5 * 60_000 };

/** Deliveries running at once per store. */
export const DEFAULT_CONCURRENCY = 4;

/**
 * The wait before retry number `failures` (1 after the first failed attempt), in ms: exponential
 * (`baseMs · 2^(failures-1)`, capped at `maxMs`) with "equal jitter" (between half and all of
 * it), so that many sign-ups failing together during an outage do not retry in lockstep, while
 * the wait never collapses to zero.
 */
export function backoffDelay(failures: number, { baseMs, maxMs }: BackoffOptions, random: () => number = Math.random): number {
  const exponential = Math.min(maxMs, baseMs * 2 ** Math.max(0, failures - 1));
  return Math.max(1, Math.round(exponential / 2 + (random() * exponential) / 2));
}

/** What a thrown delivery error says, read defensively (anything may be thrown). */
export type ClassifiedFailure = {
  /** false: dead-letter at once; anything not saying `retryable: false` is retried. */
  retryable: boolean;
  /** The provider's Retry-After in ms, when it gave a usable one (finite, > 0). */
  retryAfterMs?: number;
  /** A short description for logs and the dead-letter record, with email addresses masked. */
  reason: string;
};

/** Reads `retryable` / `retryAfterMs` (see `DeliveryFailure`) off whatever `deliver` threw. */
export function classifyFailure(err: unknown): ClassifiedFailure {
  const failure = (typeof err === 'object' && err !== null ? err : {}) as Partial<DeliveryFailure>;
  const retryAfter = failure.retryAfterMs;
  return {
    retryable: failure.retryable !== false,
    retryAfterMs: typeof retryAfter === 'number' && Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
    reason: describeError(err),
  };
}

/**
 * The wait before the next attempt, in ms: the backoff, or the provider's Retry-After when that
 * is longer (a provider asking for 30 s is not retried after 1 s; one asking for 0 s still gets
 * the backoff, so a tight loop against a struggling provider is impossible).
 */
export function retryDelay(failures: number, failure: ClassifiedFailure, backoff: BackoffOptions, random?: () => number): number {
  return Math.max(backoffDelay(failures, backoff, random), Math.ceil(failure.retryAfterMs ?? 0));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a UUID (any version), the only ids the outbox takes: they become file names and job ids. */
export function isOutboxId(id: unknown): id is string {
  return typeof id === 'string' && UUID.test(id);
}

/**
 * Throws unless `message.id` is a UUID. A programming error rather than an outage, so it is a
 * TypeError, never OutboxUnavailableError.
 * @throws TypeError
 */
export function assertOutboxMessage(message: OutboxMessage): void {
  if (!isOutboxId(message?.id)) throw new TypeError('outbox: message id must be a UUID');
}

const EMAIL = /[^\s@<>"'(),;:]+@[^\s@<>"'(),;:]+/g;
const MAX_REASON_LENGTH = 500;

/**
 * An error's name and message, email addresses masked and length bounded: provider errors tend
 * to quote the address they refused, and neither logs nor dead-letter records name shoppers.
 */
export function describeError(err: unknown): string {
  let text: string;
  if (err instanceof Error) text = err.name && err.name !== 'Error' ? `${err.name}: ${err.message}` : err.message;
  else if (typeof err === 'string') text = err;
  else {
    try {
      text = JSON.stringify(err) ?? String(err);
    } catch {
      text = String(err);
    }
  }
  text = text.replace(EMAIL, '[email]');
  return text.length > MAX_REASON_LENGTH ? `${text.slice(0, MAX_REASON_LENGTH)}…` : text;
}

/**
 * Settles like `promise`, or rejects with `Error(`${what} timed out after ${ms} ms`)` first.
 * The timer is cleared either way (it never keeps the process or a test alive). The promise
 * itself is not cancelled: callers use this where the late result is harmless.
 */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Resolves true when `promise` settles (either way) within `ms`, else false; never rejects, never cancels it. */
export async function settles(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
    timer.unref();
  });
  const settled = promise.then(
    () => true,
    () => true,
  );
  try {
    return await Promise.race([settled, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
