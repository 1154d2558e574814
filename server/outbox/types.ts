/**
 * The durable outbox for marketing sign-ups (docs/architecture.md §8): what the marketing
 * service writes before it answers the shopper, and what a worker delivers afterwards, at least
 * once, with retries, exponential backoff honouring Retry-After, and a dead-letter list.
 *
 * Two stores with one contract: BullMQ on Redis when Redis is configured, a file spool under
 * the data folder otherwise (and, when a Redis write fails, the spool takes the message, so a
 * Redis outage loses nothing either).
 */
import type { OutboxMessage } from '../../shared/marketing';

export type { OutboxMessage } from '../../shared/marketing';

/**
 * Sends one message's calls upstream. Resolves when every call was accepted. Throws on failure;
 * a thrown value that looks like `DeliveryFailure` says whether to retry and how long to wait.
 * Anything else thrown is treated as retryable with the outbox's own backoff.
 */
export type Deliver = (message: OutboxMessage, signal: AbortSignal) => Promise<void>;

/** What a delivery error may say about itself (duck-typed; e.g. the Klaviyo client's errors). */
export interface DeliveryFailure {
  /** false: the provider refused the message for good (a 4xx other than 408/429): dead-letter it now. */
  retryable: boolean;
  /** The provider's Retry-After, in ms, when it gave one (429/503): wait at least this long. */
  retryAfterMs?: number;
}

/** Counts for health, metrics and the bench. */
export type OutboxStats = {
  /** Stored and not yet delivered (waiting, delayed for a retry, or being delivered). */
  pending: number;
  /** Given up on after the last attempt, or refused for good; kept for an operator. */
  dead: number;
  /** Delivered since this process started. */
  delivered: number;
};

export interface Outbox {
  /**
   * Stores the message durably (Redis acknowledged the write, or the spool file is fsynced and
   * renamed into place). Resolves only then. A second enqueue of the same `id` is a no-op.
   * @throws OutboxUnavailableError when it could not be stored anywhere (the caller answers 503)
   */
  enqueue(message: OutboxMessage): Promise<void>;
  /** Starts delivering (idempotent). Messages stored by an earlier process are delivered too. */
  start(): void;
  /** Stops taking new work, lets an in-flight delivery finish or abort, closes connections. */
  stop(): Promise<void>;
  stats(): Promise<OutboxStats>;
  /** Dead-lettered messages with their last error, oldest first (operators, tests). */
  deadLetters(): Promise<Array<{ message: OutboxMessage; attempts: number; lastError: string }>>;
}

export class OutboxUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'OutboxUnavailableError';
  }
}
