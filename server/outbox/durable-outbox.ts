/**
 * The process's outbox (docs/architecture.md §8): BullMQ on Redis when Redis is configured, with
 * the file spool behind it; the file spool alone otherwise.
 *
 * With Redis, an enqueue goes to BullMQ and, when that write fails (Redis down, slow, not yet
 * connected), to the spool instead, so a Redis outage never loses a sign-up; the spool's worker
 * always runs too, delivering whatever was spooled. Only when both writes fail does enqueue throw
 * OutboxUnavailableError (the caller answers 503 and accepts nothing).
 */
import type { Logger } from '../logger';
import { BullmqOutbox } from './bullmq-outbox';
import { FileOutbox } from './file-outbox';
import { assertOutboxMessage, type BackoffOptions, type DeadLetter } from './policy';
import { OutboxUnavailableError, type Deliver, type Outbox, type OutboxMessage, type OutboxStats } from './types';

export type CreateOutboxOptions = {
  /** BullMQ on this Redis (`prefix` default "gs:outbox", `queueName` default "marketing"), or null: the spool alone. */
  redis: { url: string; prefix?: string; queueName?: string } | null;
  /** The spool folder (config `marketing.outboxDir`); pending/, dead/ and tmp/ are made inside. */
  spoolDir: string;
  /** Sends one message upstream (e.g. the Klaviyo client); see `Deliver`. */
  deliver: Deliver;
  log: Logger;
  /** Attempts, the first included, before dead-lettering (default 8; config `marketing.maxAttempts`). */
  maxAttempts?: number;
  /** Retry waits in ms (default `{ baseMs: 1000, maxMs: 300000 }`, jittered); Retry-After overrides when longer. */
  backoff?: BackoffOptions;
  /** Deliveries at once, per store (default 4). */
  concurrency?: number;
  /** Clock in epoch ms for the spool's retry schedule (default `Date.now`; BullMQ uses real time). */
  now?: () => number;
  /** How long `stop()` lets in-flight deliveries finish before aborting them, in ms (default 5000). */
  stopGraceMs?: number;
  /** Bound on one Redis enqueue before the spool takes the message, in ms (default 1000). */
  redisEnqueueTimeoutMs?: number;
};

/** Builds the outbox; call `start()` to deliver and `stop()` on shutdown. */
export function createOutbox(options: CreateOutboxOptions): DurableOutbox {
  const common = {
    deliver: options.deliver,
    log: options.log,
    maxAttempts: options.maxAttempts,
    backoff: options.backoff,
    concurrency: options.concurrency,
    stopGraceMs: options.stopGraceMs,
  };
  const spool = new FileOutbox({ ...common, dir: options.spoolDir, now: options.now });
  const redis = options.redis ? new BullmqOutbox({ ...common, ...options.redis, enqueueTimeoutMs: options.redisEnqueueTimeoutMs }) : null;
  return new DurableOutbox(spool, redis, options.log);
}

/** BullMQ first (when configured), the file spool when that fails or there is no Redis. */
export class DurableOutbox implements Outbox {
  private redisDown = false;

  constructor(
    readonly spool: FileOutbox,
    readonly redis: BullmqOutbox | null,
    private readonly log: Logger,
  ) {}

  /**
   * Resolves once the message is stored in Redis or, failing that, in the spool. A no-op for an
   * id the spool already holds (an earlier enqueue during an outage) or Redis already holds.
   * @throws TypeError when `message.id` is not a UUID
   * @throws OutboxUnavailableError when neither store could take it
   */
  async enqueue(message: OutboxMessage): Promise<void> {
    assertOutboxMessage(message);
    let redisError: unknown = null;
    if (this.redis) {
      try {
        if (await this.spool.has(message.id).catch(() => false)) return;
        await this.redis.enqueue(message);
        if (this.redisDown) {
          this.redisDown = false;
          this.log.info('redis outbox available again');
        }
        return;
      } catch (err) {
        redisError = err;
        if (!this.redisDown) {
          this.redisDown = true;
          this.log.warn({ err }, 'redis outbox unavailable; spooling sign-ups to files until it is back');
        }
      }
    }
    try {
      await this.spool.enqueue(message);
    } catch (err) {
      const causes = redisError ? [redisError, err] : [err];
      throw new OutboxUnavailableError('outbox: the sign-up could not be stored anywhere', { cause: new AggregateError(causes) });
    }
  }

  /** Starts both workers (idempotent). */
  start(): void {
    this.spool.start();
    this.redis?.start();
  }

  /** Stops both workers (see their `stop`) and closes the Redis connections; never throws. */
  async stop(): Promise<void> {
    await Promise.all([this.spool.stop(), this.redis?.stop()]);
  }

  /**
   * Both stores added up. While Redis cannot be read, its pending and dead jobs are left out
   * (logged at warn); `delivered` still counts both.
   */
  async stats(): Promise<OutboxStats> {
    const spool = await this.spool.stats();
    if (!this.redis) return spool;
    try {
      const redis = await this.redis.stats();
      return { pending: spool.pending + redis.pending, dead: spool.dead + redis.dead, delivered: spool.delivered + redis.delivered };
    } catch (err) {
      this.log.warn({ err }, 'outbox stats: redis unreadable; counting the spool only');
      return { ...spool, delivered: spool.delivered + this.redis.delivered };
    }
  }

  /**
   * Both stores' dead letters, oldest first.
   * @throws OutboxUnavailableError when Redis is configured but cannot be read (an operator
   *   should not mistake a partial list for the whole)
   */
  async deadLetters(): Promise<DeadLetter[]> {
    const [spool, redis] = await Promise.all([this.spool.deadLetters(), this.redis?.deadLetters() ?? []]);
    return [...spool, ...redis].sort((a, b) => a.deadAt - b.deadAt);
  }
}
