/**
 * The process's sign-up outbox (docs/architecture.md §8), wired to the email marketing
 * provider: each stored message's calls go through the Klaviyo client in order. Every call is
 * idempotent upstream (subscriptions upsert, events carry a unique id), so a message retried
 * after a partial delivery sends its first calls again harmlessly.
 *
 * The queue lives in Redis (BullMQ) when `REDIS_URL` is set, with the file spool in
 * `config.marketing.outboxDir` behind it; in the spool alone otherwise.
 */
import type { Config } from '../config';
import type { Logger } from '../logger';
import { createOutbox, type BackoffOptions } from '../outbox';
import type { Deliver, Outbox } from '../outbox/types';
import { createKlaviyoClient } from '../upstream/klaviyo/client';

/** Redis key prefix of the sign-up queue; every instance behind the balancer shares it. */
export const OUTBOX_REDIS_PREFIX = 'gs:outbox';

export type SignUpOutboxOptions = {
  /** Redis key prefix (default OUTBOX_REDIS_PREFIX; tests use their own). */
  redisPrefix?: string;
  /** Retry waits in ms (default the outbox's: 1 s doubling to 5 min). */
  backoff?: BackoffOptions;
};

/** Builds the outbox (not started: the caller starts its worker and stops it on shutdown). */
export function createSignUpOutbox(config: Config, log: Logger, options: SignUpOutboxOptions = {}): Outbox {
  const klaviyo = createKlaviyoClient({
    apiUrl: config.marketing.apiUrl,
    privateKey: config.marketing.privateKey,
    timeoutMs: config.marketing.timeoutMs,
  });
  const deliver: Deliver = async (message, signal) => {
    for (const call of message.calls) await klaviyo.send(call, signal);
  };
  return createOutbox({
    redis: config.redisUrl ? { url: config.redisUrl, prefix: options.redisPrefix ?? OUTBOX_REDIS_PREFIX } : null,
    spoolDir: config.marketing.outboxDir,
    deliver,
    log,
    maxAttempts: config.marketing.maxAttempts,
    backoff: options.backoff,
  });
}
