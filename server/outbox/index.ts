/**
 * The durable outbox for marketing sign-ups (docs/architecture.md §8). `createOutbox` picks the
 * stores; the rest is exported for tests, the bench and operators' tools.
 */
export { createOutbox, DurableOutbox } from './durable-outbox';
export { BullmqOutbox } from './bullmq-outbox';
export { FileOutbox } from './file-outbox';
export { type BackoffOptions } from './policy';
export { OutboxUnavailableError, type Deliver, type Outbox, type OutboxMessage } from './types';
