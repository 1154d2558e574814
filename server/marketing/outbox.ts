/**
 * The process's sign-up outbox (docs/architecture.md §8), wired to the email marketing
 * provider: each stored message's calls go through the Klaviyo client in order. Every call is
 * idempotent upstream (subscriptions upsert, events carry a unique id), so a message retried
 * after a partial delivery sends its first calls again harmlessly.
 *
 * The queue lives in Redis (BullMQ) when `REDIS_URL` is set, with the file spool in
 * `config.marketing.outboxDir` behind it; in the spool alone otherwise.
 */
import { createHash } from 'node:crypto';
import type { Config } from '../config';
import type { Logger } from '../logger';
import { createOutbox, type BackoffOptions } from '../outbox';
import type { Deliver, Outbox } from '../outbox/types';
import { createKlaviyoClient } from '../upstream/klaviyo/client';

/**
 * The sign-up queue's Redis key prefix, `gs:{8 hex}:outbox`: a hash of the shop (its site URL)
 * and the marketing account its sign-ups are delivered to (API URL and private key, hashed: the
 * key never appears in Redis). Every instance of one shop shares the queue; two shops on one
 * Redis never take each other's sign-ups (a constant prefix once delivered them to the wrong
 * account). Like the cache's namespace (server/cache/namespace.ts), but keyed on where the queue
 * delivers.
 */
export function outboxRedisPrefix(config: Pick<Config, 'siteUrl' | 'marketing'>): string {
  const identity = [config.siteUrl, config.marketing.apiUrl, config.marketing.privateKey];
  return `gs:${createHash('sha256').update(JSON.stringify(identity)).digest('hex').slice(0, 8)}:outbox`;
}

export type SignUpOutboxOptions = {
  /** Redis key prefix (default outboxRedisPrefix(config); tests use their own). */
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
    redis: config.redisUrl ? { url: config.redisUrl, prefix: options.redisPrefix ?? outboxRedisPrefix(config) } : null,
    spoolDir: config.marketing.outboxDir,
    deliver,
    log,
    maxAttempts: config.marketing.maxAttempts,
    backoff: options.backoff,
  });
}
