/**
 * The Redis outbox (docs/architecture.md §8): a BullMQ queue, used when `REDIS_URL` is set.
 * Same contract as the file spool (server/outbox/types.ts).
 *
 * - One job per message, `jobId = message.id`: BullMQ ignores an add whose id it still holds
 *   (waiting, delayed, active, failed, or among the kept completed jobs), so a queue holds at most
 *   one message per id.
 * - `attempts` = maxAttempts; retries wait `retryDelay` (policy.ts): exponential with jitter, or
 *   the provider's Retry-After when longer, through a custom `backoffStrategy` that reads the
 *   `retryAfterMs` the processor puts on the error it rethrows.
 * - `retryable: false` is rethrown as BullMQ's `UnrecoverableError`: failed at once.
 * - Dead letters are BullMQ's failed set (kept; never trimmed), listed by `deadLetters()`.
 * - Completed jobs are trimmed to the last hour, at most `keepCompleted` of them (they only
 *   extend the duplicate check past delivery).
 *
 * Connections: the queue (enqueue, stats) has its own ioredis client with no offline queue and a
 * command timeout, and enqueue refuses at once when that client is not connected, so a Redis
 * outage turns into a quick OutboxUnavailableError (the durable outbox then spools the message)
 * instead of a shopper waiting. The worker has its own connections with `maxRetriesPerRequest:
 * null`, as BullMQ requires for its blocking reads; it reconnects on its own.
 *
 * Durability is Redis's: enqueue resolves once Redis acknowledged the job. Run Redis with AOF
 * (`appendonly yes`, as docker-compose.yml does) and `maxmemory-policy noeviction` for a sign-up
 * to survive a Redis restart; the first connection asks Redis and warns when it keeps nothing on
 * disk (redis-persistence.ts).
 */
import { DelayedError, Queue, UnrecoverableError, Worker, type Job } from 'bullmq';
import Redis, { type RedisOptions } from 'ioredis';
import type { Logger } from '../logger';
import {
  assertOutboxMessage,
  classifyFailure,
  DEFAULT_BACKOFF,
  DEFAULT_CONCURRENCY,
  DEFAULT_MAX_ATTEMPTS,
  retryDelay,
  settles,
  withTimeout,
  type BackoffOptions,
  type DeadLetter,
} from './policy';
import { checkRedisPersistence, type RedisPersistence } from './redis-persistence';
import { OutboxUnavailableError, type Deliver, type Outbox, type OutboxMessage, type OutboxStats } from './types';

export type BullmqOutboxOptions = {
  /** `redis://[user:password@]host:port[/db]`. */
  url: string;
  /** BullMQ key prefix (default "gs:outbox"; the shop passes its own, server/marketing/outbox.ts). */
  prefix?: string;
  /** Queue name (default "marketing"); no ':'. */
  queueName?: string;
  deliver: Deliver;
  log: Logger;
  /** Attempts, the first included, before dead-lettering (default 8). */
  maxAttempts?: number;
  /** Retry waits in ms (default 1 s doubling to 5 min, jittered); Retry-After overrides when longer. */
  backoff?: BackoffOptions;
  /** Deliveries at once in this process (default 4). */
  concurrency?: number;
  /** Bound on one enqueue, in ms (default 1000); past it enqueue throws OutboxUnavailableError. */
  enqueueTimeoutMs?: number;
  /** Bound on each command of the queue's connection, in ms (default 500). */
  commandTimeoutMs?: number;
  /** How long `stop()` lets in-flight deliveries finish before aborting them, in ms (default 5000). */
  stopGraceMs?: number;
  /** Completed jobs kept for the duplicate check, at most an hour (default 1000). */
  keepCompleted?: number;
  /**
   * How often BullMQ looks for jobs whose worker died mid-delivery, in ms (default 30000): such
   * a job goes back to waiting (after 30 s of lost lock) and is delivered again.
   */
  stalledIntervalMs?: number;
};

/** The custom backoff type the jobs name; the worker's `backoffStrategy` implements it. */
const BACKOFF_TYPE = 'outbox';
/** A job stalled (its worker died) this many times is failed by BullMQ: a worker crashing on it each time. */
const MAX_STALLED = 5;
/** Redis errors are logged at most this often while Redis stays down (ms). */
const ERROR_LOG_INTERVAL_MS = 60_000;

/** What the processor rethrows for a retryable failure: the reason (no email) and the Retry-After. */
class RetryableDeliveryError extends Error {
  constructor(
    message: string,
    readonly retryAfterMs: number | undefined,
  ) {
    super(message);
    this.name = 'RetryableDeliveryError';
  }
}

/** The BullMQ outbox. `enqueue` works before `start`; `stop` is final (make a new instance to restart). */
export class BullmqOutbox implements Outbox {
  /** The queue's connection (exposed for readiness checks and tests). */
  readonly redis: Redis;
  readonly prefix: string;
  readonly queueName: string;
  private queue: Queue<OutboxMessage>;
  private queueBroken = false;
  private worker: Worker<OutboxMessage> | null = null;
  /** Set while `start()` waits for the first connection. */
  private starting: (() => void) | null = null;
  private stopped = false;
  private stopping = false;
  private workerStopped: Promise<void> | null = null;
  private deliveredCount = 0;
  private lastErrorLogAt = 0;
  private persistenceCheck: Promise<RedisPersistence> | null = null;
  private readonly options: Required<Omit<BullmqOutboxOptions, 'deliver' | 'log' | 'url'>>;

  constructor(private readonly config: BullmqOutboxOptions) {
    this.options = {
      prefix: config.prefix ?? 'gs:outbox',
      queueName: config.queueName ?? 'marketing',
      maxAttempts: Math.max(1, config.maxAttempts ?? DEFAULT_MAX_ATTEMPTS),
      backoff: config.backoff ?? DEFAULT_BACKOFF,
      concurrency: Math.max(1, config.concurrency ?? DEFAULT_CONCURRENCY),
      enqueueTimeoutMs: config.enqueueTimeoutMs ?? 1000,
      commandTimeoutMs: config.commandTimeoutMs ?? 500,
      stopGraceMs: config.stopGraceMs ?? 5000,
      keepCompleted: config.keepCompleted ?? 1000,
      stalledIntervalMs: config.stalledIntervalMs ?? 30_000,
    };
    this.prefix = this.options.prefix;
    this.queueName = this.options.queueName;
    const queueConnection: RedisOptions = {
      enableOfflineQueue: false,
      commandTimeout: this.options.commandTimeoutMs,
      connectTimeout: 1000,
      maxRetriesPerRequest: 1,
      retryStrategy: (attempt) => Math.min(attempt * 500, 5000),
    };
    // ioredis (untyped option): how long `disconnect()` waits for a socket to close before
    // destroying it; its 2 s default keeps a never-connected socket's timer, and so the
    // process, alive that long after stop() while Redis is unreachable.
    Object.assign(queueConnection, { disconnectTimeout: 100 });
    this.redis = new Redis(config.url, queueConnection);
    // ioredis emits 'error' on every failed reconnect; without a listener it would crash the process.
    this.redis.on('error', (err) => this.logRedisError(err, 'queue'));
    this.redis.once('ready', this.checkPersistence);
    this.queue = this.createQueue();
  }

  /**
   * What the first connection found out about Redis's persistence (logged then; see
   * redis-persistence.ts), or null before Redis was first reached.
   */
  get persistence(): Promise<RedisPersistence> | null {
    return this.persistenceCheck;
  }

  private readonly checkPersistence = (): void => {
    if (!this.stopped) this.persistenceCheck = checkRedisPersistence(this.redis, this.config.log);
  };

  /**
   * Adds the message as a job (`jobId = message.id`); resolves once Redis acknowledged it. A
   * no-op when the id is already in the queue (pending, dead, or delivered within the last hour
   * and among the last `keepCompleted`).
   * @param carried a message the spool already tried (its hand-over, durable-outbox.ts): the
   *   attempts it made count against `maxAttempts` (one at least is left), and the first attempt
   *   here waits until its `nextAttemptAt` (epoch ms), so a provider's Retry-After still holds
   * @throws TypeError when `message.id` is not a UUID
   * @throws OutboxUnavailableError at once when the connection is not up, or when Redis failed
   *   or did not answer within `enqueueTimeoutMs`. In that last case the job may still land
   *   later; the caller spools it too and it may be delivered twice (idempotent upstream).
   */
  async enqueue(message: OutboxMessage, carried?: { attempts: number; nextAttemptAt: number }): Promise<void> {
    assertOutboxMessage(message);
    if (this.stopped) throw new OutboxUnavailableError('redis outbox: stopped');
    if (this.redis.status !== 'ready') throw new OutboxUnavailableError(`redis outbox: connection ${this.redis.status}`);
    if (this.queueBroken) this.queue = this.createQueue();
    const schedule = carried && {
      attempts: Math.max(1, this.options.maxAttempts - carried.attempts),
      delay: Math.max(0, carried.nextAttemptAt - Date.now()),
    };
    try {
      await withTimeout(
        this.queue.add(message.origin, message, { jobId: message.id, ...schedule }),
        this.options.enqueueTimeoutMs,
        'redis outbox enqueue',
      );
    } catch (err) {
      throw new OutboxUnavailableError('redis outbox: could not store the message', { cause: err });
    }
  }

  /**
   * Starts the BullMQ worker (idempotent). It picks up jobs an earlier process left, retries
   * included. While Redis has not been reached yet, the worker is created once it is: BullMQ
   * cannot close a worker whose connection never came up (its close waits for it forever).
   */
  start(): void {
    if (this.worker || this.stopping || this.starting) return;
    if (this.redis.status === 'ready') {
      this.createWorker();
      return;
    }
    this.starting = () => {
      this.starting = null;
      if (!this.stopping && !this.worker) this.createWorker();
    };
    this.redis.once('ready', this.starting);
  }

  private createWorker(): void {
    const { deliver, log } = this.config;
    const { backoff } = this.options;
    // Three declared parameters: BullMQ passes the abort signal only to processors that take one.
    const processor = async (job: Job<OutboxMessage>, token: string | undefined, signal?: AbortSignal): Promise<void> => {
      const abort = signal ?? new AbortController().signal;
      try {
        await deliver(job.data, abort);
      } catch (err) {
        if (abort.aborted && this.stopping) {
          // Aborted by stop(): back to the delayed set without counting an attempt.
          await job.moveToDelayed(Date.now(), token);
          throw new DelayedError();
        }
        const failure = classifyFailure(err);
        if (!failure.retryable) throw new UnrecoverableError(failure.reason);
        throw new RetryableDeliveryError(failure.reason, failure.retryAfterMs);
      }
    };
    const worker = new Worker<OutboxMessage>(this.queueName, processor, {
      connection: {
        url: this.config.url,
        maxRetriesPerRequest: null,
        connectTimeout: 1000,
        retryStrategy: (attempt: number) => Math.min(attempt * 500, 5000),
        disconnectTimeout: 100, // as for the queue's connection
      },
      prefix: this.prefix,
      concurrency: this.options.concurrency,
      maxStalledCount: MAX_STALLED,
      stalledInterval: this.options.stalledIntervalMs,
      settings: {
        // Called with the number of failed attempts so far and the error the processor threw.
        backoffStrategy: (attemptsMade, _type, err) => retryDelay(attemptsMade, classifyFailure(err), backoff),
      },
    });
    worker.on('completed', () => {
      this.deliveredCount += 1;
    });
    worker.on('failed', (job, err) => {
      if (!job) return;
      const { id, origin } = job.data;
      const reason = err.message;
      // `finishedOn` is set only when the job went to the failed set rather than back for a retry.
      if (job.finishedOn) {
        log.error({ signUp: id, origin, attempts: job.attemptsMade, reason, store: 'redis' }, 'sign-up dead-lettered');
      } else {
        log.warn({ signUp: id, origin, attempts: job.attemptsMade, retryInMs: job.delay, reason }, 'sign-up delivery failed; will retry');
      }
    });
    worker.on('error', (err) => this.logRedisError(err, 'worker'));
    this.worker = worker;
  }

  /**
   * Stops delivering, for good, while `enqueue` keeps working (the durable outbox hands its
   * spool over meanwhile): in-flight deliveries get `stopGraceMs` to finish, then their signals
   * are aborted (such a job goes back to the queue, its attempt not counted). Bounded: resolves
   * within about `stopGraceMs` + 3 s even when a delivery ignores its signal (BullMQ then
   * recovers that job as stalled in the next process). With Redis down, the worker is closed at
   * once (force): nothing could be recorded anyway, and BullMQ's graceful close waits for a
   * reconnection that may never come. An unfinished job then stays active in Redis and is
   * delivered again by the next process (after BullMQ's stalled check). Idempotent.
   */
  stopWorker(): Promise<void> {
    this.workerStopped ??= this.closeWorker();
    return this.workerStopped;
  }

  private async closeWorker(): Promise<void> {
    this.stopping = true;
    if (this.starting) this.redis.off('ready', this.starting);
    this.starting = null;
    const worker = this.worker;
    this.worker = null;
    if (!worker) return;
    if (this.redis.status === 'ready') {
      const closing = worker.close();
      if (!(await settles(closing, this.options.stopGraceMs))) {
        worker.cancelAllJobs('outbox stopping');
        if (!(await settles(closing, 2000))) this.config.log.warn({ queue: this.queueName }, 'redis outbox: worker did not close in time');
      }
    } else {
      worker.cancelAllJobs('outbox stopping');
      await settles(worker.close(true), 1000);
    }
  }

  /** Stops the worker (`stopWorker`), then closes the connections; `enqueue` refuses from the start. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.redis.off('ready', this.checkPersistence);
    await this.stopWorker();
    await settles(this.queue.close(), 1000);
    this.redis.disconnect();
  }

  /** Deliveries by this instance's worker (known without Redis). */
  get delivered(): number {
    return this.deliveredCount;
  }

  /**
   * Waiting + delayed + active jobs, the failed set, and this instance's deliveries.
   * @throws OutboxUnavailableError when stopped, or Redis is not connected or does not answer in time
   */
  async stats(): Promise<OutboxStats> {
    const counts = await this.read(() => this.queue.getJobCounts('waiting', 'delayed', 'active', 'prioritized', 'waiting-children', 'failed'));
    const { failed = 0, ...rest } = counts;
    return { pending: Object.values(rest).reduce((a, b) => a + b, 0), dead: failed, delivered: this.deliveredCount };
  }

  /**
   * The failed set, oldest first, with attempts made and the last error.
   * @throws OutboxUnavailableError when stopped, or Redis is not connected or does not answer in time
   */
  async deadLetters(): Promise<DeadLetter[]> {
    const jobs = await this.read(() => this.queue.getJobs(['failed'], 0, -1, true));
    return jobs
      .filter((job): job is Job<OutboxMessage> => Boolean(job))
      .map((job) => ({ message: job.data, attempts: job.attemptsMade, lastError: job.failedReason ?? '', deadAt: job.finishedOn ?? 0 }))
      .sort((a, b) => a.deadAt - b.deadAt);
  }

  private async read<T>(query: () => Promise<T>): Promise<T> {
    if (this.stopped) throw new OutboxUnavailableError('redis outbox: stopped');
    if (this.redis.status !== 'ready') throw new OutboxUnavailableError(`redis outbox: connection ${this.redis.status}`);
    try {
      return await withTimeout(query(), this.options.enqueueTimeoutMs, 'redis outbox read');
    } catch (err) {
      throw new OutboxUnavailableError('redis outbox: could not read the queue', { cause: err });
    }
  }

  private createQueue(): Queue<OutboxMessage> {
    this.queueBroken = false;
    const queue = new Queue<OutboxMessage>(this.queueName, {
      connection: this.redis,
      prefix: this.prefix,
      defaultJobOptions: {
        attempts: this.options.maxAttempts,
        backoff: { type: BACKOFF_TYPE },
        removeOnComplete: { age: 3600, count: this.options.keepCompleted },
        removeOnFail: false,
      },
    });
    queue.on('error', (err) => this.logRedisError(err, 'queue'));
    // BullMQ sets a queue up once (version check) when Redis is first reachable; if that one
    // attempt fails, the queue stays unusable, so the next enqueue builds a new one.
    queue.waitUntilReady().catch(() => {
      if (this.queue === queue) this.queueBroken = true;
    });
    return queue;
  }

  /** Logs Redis trouble once a minute at most: ioredis reports every failed reconnect. */
  private logRedisError(err: unknown, part: 'queue' | 'worker'): void {
    if (this.stopped) return;
    const now = Date.now();
    if (now - this.lastErrorLogAt < ERROR_LOG_INTERVAL_MS) return;
    this.lastErrorLogAt = now;
    this.config.log.warn({ err, part, queue: this.queueName }, 'redis outbox: redis error');
  }
}
