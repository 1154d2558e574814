/**
 * Whether the sign-up queue's Redis keeps what it acknowledged (docs/architecture.md §8
 * "Sign-up outbox"). A shopper is thanked once Redis acknowledged the sign-up; a Redis that keeps
 * nothing on disk loses, at its next restart, every sign-up still queued (e.g. while the marketing
 * provider fails). The shop cannot fix that from here, so it says so once, at start-up.
 */
import type Redis from 'ioredis';
import type { Logger } from '../logger';
import { describeError } from './policy';

/** What was found: an append-only file, snapshots only, nothing on disk, or unknown (CONFIG refused). */
export type RedisPersistence = 'aof' | 'snapshots' | 'none' | 'unknown';

/**
 * Asks the Redis behind `redis` (connected) for `appendonly`, `save` and `appendfsync`, and logs
 * what it means for queued sign-ups: a warning when it keeps nothing on disk, info otherwise, and
 * info that it could not be checked when CONFIG is refused (managed Redis often disables it) or
 * does not answer. Never throws.
 */
export async function checkRedisPersistence(redis: Redis, log: Logger): Promise<RedisPersistence> {
  let settings: { appendonly: string; save: string; appendfsync: string };
  try {
    // One parameter per CONFIG GET: several in one call needs Redis 7.
    const [appendonly, save, appendfsync] = await Promise.all(['appendonly', 'save', 'appendfsync'].map((name) => configValue(redis, name)));
    settings = { appendonly, save, appendfsync };
  } catch (err) {
    log.info(
      { reason: describeError(err) },
      'sign-up queue: could not check whether Redis keeps queued sign-ups on disk (CONFIG GET refused or unanswered); make sure it runs with appendonly yes',
    );
    return 'unknown';
  }
  const { appendonly, save, appendfsync } = settings;
  if (appendonly === 'yes') {
    log.info({ appendonly, appendfsync, save }, 'sign-up queue: Redis keeps an append-only file; queued sign-ups survive a Redis restart');
    return 'aof';
  }
  if (save.trim() !== '') {
    log.info(
      { appendonly, save },
      'sign-up queue: Redis keeps snapshots only; a Redis restart loses sign-ups queued since the last snapshot (appendonly yes keeps every one)',
    );
    return 'snapshots';
  }
  log.warn(
    { appendonly, save },
    'sign-up queue: this Redis keeps nothing on disk (appendonly no, save ""): a Redis restart loses sign-ups queued while the marketing ' +
      'provider fails; run it with --appendonly yes (docs/architecture.md §8 "Sign-up outbox")',
  );
  return 'none';
}

/**
 * One CONFIG GET: the value, or throws (CONFIG renamed away, ACL NOPERM, timeout, or no such
 * parameter, which CONFIG GET answers with an empty list).
 */
async function configValue(redis: Redis, name: string): Promise<string> {
  const reply = (await redis.config('GET', name)) as unknown;
  if (!Array.isArray(reply) || reply.length < 2) throw new Error(`CONFIG GET ${name}: no value`);
  return String(reply[1]);
}
