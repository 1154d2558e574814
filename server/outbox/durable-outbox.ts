/**
 * The process's outbox (docs/architecture.md §8): BullMQ on Redis when Redis is configured, with
 * the file spool behind it; the file spool alone otherwise.
 *
 * With Redis, an enqueue goes to BullMQ and, when that write fails (Redis down, slow, not yet
 * connected), to the spool instead, so a Redis outage never loses a sign-up; the spool's worker
 * always runs too, delivering whatever was spooled. Only when both writes fail does enqueue throw
 * OutboxUnavailableError (the caller answers 503 and accepts nothing). On shutdown, what the
 * spool still holds is handed over to Redis when Redis takes writes again, so the spool's folder
 * need not outlive the process (docs/architecture.md §8 "Sign-up outbox").
 */
import type { Logger } from '../logger';
import { BullmqOutbox } from './bullmq-outbox';
import { FileOutbox } from './file-outbox';
import { assertOutboxMessage, describeError, type BackoffOptions, type DeadLetter } from './policy';
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
  /** How long `stop()` may spend handing the spool's pending messages over to Redis, in ms (default 5000). */
  handOverMs?: number;
};

/** How long `stop()` spends at most handing the spool over to Redis, in ms. */
const DEFAULT_HAND_OVER_MS = 5000;

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
  return new DurableOutbox(spool, redis, options.log, options.handOverMs);
}

/** BullMQ first (when configured), the file spool when that fails or there is no Redis. */
export class DurableOutbox implements Outbox {
  private redisDown = false;
  private stopped: Promise<void> | null = null;

  /**
   * @param handOverMs how long `stop()` may spend handing the spool over to Redis (default 5000):
   *   with the workers' own grace it keeps the shutdown inside Kubernetes' 30 s (deploy/)
   */
  constructor(
    readonly spool: FileOutbox,
    readonly redis: BullmqOutbox | null,
    private readonly log: Logger,
    private readonly handOverMs = DEFAULT_HAND_OVER_MS,
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

  /** Starts both workers (idempotent). `stop` is final: a stopped outbox does not start again. */
  start(): void {
    if (this.stopped) return;
    this.spool.start();
    this.redis?.start();
  }

  /**
   * Stops both workers (see their `stop`), hands the spool's pending sign-ups over to the Redis
   * queue when Redis takes writes (`handOver`), then closes the Redis connections. Never throws;
   * a second call waits for the first.
   */
  stop(): Promise<void> {
    this.stopped ??= (async () => {
      await Promise.all([this.redis?.stopWorker(), this.spool.stop().then(() => this.handOver())]);
      await this.redis?.stop();
    })();
    return this.stopped;
  }

  /**
   * Moves what the spool still holds (stored while Redis could not be written, not yet delivered)
   * into the Redis queue, deleting each file only once Redis took its message; the job id is the
   * message id, so a message Redis already holds is not added twice. Then the spool's folder may
   * go with the process (a Kubernetes emptyDir goes with its pod, deploy/README.md) without
   * taking a sign-up along. What Redis does not take within `handOverMs` stays in the spool for
   * the next process on that folder, and is logged at warn level. Without Redis, nothing moves.
   */
  private async handOver(): Promise<void> {
    const redis = this.redis;
    if (!redis) return;
    let refusal: unknown = null;
    try {
      const { handedOver, left } = await this.spool.handOver(
        (message, carried) =>
          redis.enqueue(message, carried).catch((err: unknown) => {
            refusal = err;
            throw err;
          }),
        Date.now() + this.handOverMs,
      );
      if (left > 0) {
        this.log.warn(
          { handedOver, left, dir: this.spool.dir, reason: refusal ? describeError(refusal) : 'out of time' },
          'sign-up spool: sign-ups stay in the spool at shutdown (Redis did not take them); a process started on this folder delivers them, and they are lost if the folder is deleted',
        );
      } else if (handedOver > 0) {
        this.log.info({ handedOver, left }, 'sign-up spool: handed over to the Redis queue at shutdown');
      }
    } catch (err) {
      this.log.error({ err, dir: this.spool.dir }, 'sign-up spool: hand-over to Redis failed; the spool keeps what it holds');
    }
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
