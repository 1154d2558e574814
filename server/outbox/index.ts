/**
 * The durable outbox for marketing sign-ups (docs/architecture.md §8). `createOutbox` picks the
 * stores; the rest is exported for tests, the bench and operators' tools.
 */
export { createOutbox, DurableOutbox, type CreateOutboxOptions } from './durable-outbox';
export { BullmqOutbox, type BullmqOutboxOptions } from './bullmq-outbox';
export { FileOutbox, type FileOutboxOptions } from './file-outbox';
export {
  backoffDelay,
  classifyFailure,
  DEFAULT_BACKOFF,
  DEFAULT_CONCURRENCY,
  DEFAULT_MAX_ATTEMPTS,
  isOutboxId,
  retryDelay,
  type BackoffOptions,
  type ClassifiedFailure,
  type DeadLetter,
} from './policy';
export { OutboxUnavailableError, type Deliver, type DeliveryFailure, type Outbox, type OutboxMessage, type OutboxStats } from './types';
