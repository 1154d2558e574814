/**
 * Outbox throughput (figures, never pass/fail; docs/architecture.md §8): for the file spool and,
 * when a Redis URL is given, for BullMQ, enqueues N messages (32 at a time, as concurrent
 * sign-ups would) and then times the worker delivering them all through `deliver`. Prints the
 * enqueue and delivery rates in messages/s.
 *
 * From bench/run.ts:
 *   import { benchOutbox } from './outbox';
 *   await benchOutbox({ deliver, redisUrl: process.env.REDIS_URL ?? null });
 *
 * Standalone (a no-op deliver, or one that waits OUTBOX_BENCH_LATENCY_MS per message):
 *   REDIS_URL=redis://127.0.0.1:6379 npx tsx bench/outbox.ts
 * Env: OUTBOX_BENCH_MESSAGES (default 2000), OUTBOX_BENCH_CONCURRENCY (default 4, the production
 * default), OUTBOX_BENCH_LATENCY_MS (default 0).
 *
 * Each store runs on throw-away storage: a temp spool folder, a unique BullMQ key prefix (its
 * keys are deleted afterwards).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Redis from 'ioredis';
import pino from 'pino';
import { BullmqOutbox, FileOutbox, type Deliver, type Outbox, type OutboxMessage } from '../server/outbox';

export type OutboxBenchOptions = {
  /** What the worker calls per message (e.g. the Klaviyo client against the local stand-in). */
  deliver: Deliver;
  /** Messages per store (default 2000). */
  messages?: number;
  /** Worker concurrency (default 4, the production default). */
  concurrency?: number;
  /** BullMQ runs only when set. */
  redisUrl?: string | null;
  /** Bound on one store's whole run, in ms (default 120000). */
  timeoutMs?: number;
};

export type OutboxBenchResult = { store: 'spool' | 'bullmq'; messages: number; enqueuePerSecond: number; deliverPerSecond: number };

const ENQUEUE_PARALLELISM = 32;

function makeMessage(i: number): OutboxMessage {
  const id = randomUUID();
  return {
    id,
    acceptedAt: new Date().toISOString(),
    origin: 'newsletter',
    calls: [{ kind: 'subscribe', listId: 'BENCH', customSource: 'Bench', email: `bench-${i}@example.com` }],
  };
}

async function runStore(
  store: OutboxBenchResult['store'],
  open: (deliver: Deliver) => Promise<Outbox>,
  { deliver, messages = 2000, timeoutMs = 120_000 }: OutboxBenchOptions,
): Promise<OutboxBenchResult> {
  let delivered = 0;
  const outbox = await open(async (message, signal) => {
    await deliver(message, signal);
    delivered += 1;
  });
  try {
    const batch = Array.from({ length: messages }, (_, i) => makeMessage(i));
    const enqueueStart = performance.now();
    for (let i = 0; i < batch.length; i += ENQUEUE_PARALLELISM) {
      await Promise.all(batch.slice(i, i + ENQUEUE_PARALLELISM).map((m) => outbox.enqueue(m)));
    }
    const enqueueMs = performance.now() - enqueueStart;

    const deliverStart = performance.now();
    outbox.start();
    const deadline = Date.now() + timeoutMs;
    while (delivered < messages) {
      if (Date.now() > deadline) throw new Error(`${store}: ${delivered}/${messages} delivered after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    const deliverMs = performance.now() - deliverStart;
    const result: OutboxBenchResult = {
      store,
      messages,
      enqueuePerSecond: (messages * 1000) / enqueueMs,
      deliverPerSecond: (messages * 1000) / deliverMs,
    };
    console.log(
      `outbox ${store.padEnd(6)} enqueue ${messages} in ${enqueueMs.toFixed(0)} ms (${result.enqueuePerSecond.toFixed(0)} msg/s, ${ENQUEUE_PARALLELISM} at a time)` +
        `  deliver ${messages} in ${deliverMs.toFixed(0)} ms (${result.deliverPerSecond.toFixed(0)} msg/s)`,
    );
    return result;
  } finally {
    await outbox.stop();
  }
}

/**
 * Runs the spool, then BullMQ when `redisUrl` is set; prints one line per store and returns
 * the figures. Throws when a store does not deliver everything within `timeoutMs`.
 */
export async function benchOutbox(options: OutboxBenchOptions): Promise<OutboxBenchResult[]> {
  const log = pino({ level: 'warn' });
  const concurrency = options.concurrency ?? 4;
  const results: OutboxBenchResult[] = [];
  console.log(`outbox: ${options.messages ?? 2000} messages per store, worker concurrency ${concurrency}`);

  const dir = mkdtempSync(path.join(tmpdir(), 'bench-outbox-'));
  try {
    results.push(await runStore('spool', async (deliver) => new FileOutbox({ dir, deliver, log, concurrency }), options));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  if (!options.redisUrl) {
    console.log('outbox bullmq: skipped (no Redis URL)');
    return results;
  }
  const redisUrl = options.redisUrl;
  const prefix = `bench:outbox:${randomUUID()}`;
  try {
    results.push(
      await runStore(
        'bullmq',
        async (deliver) => {
          const outbox = new BullmqOutbox({ url: redisUrl, prefix, deliver, log, concurrency, commandTimeoutMs: 5000, enqueueTimeoutMs: 5000 });
          const deadline = Date.now() + 5000;
          while (outbox.redis.status !== 'ready') {
            if (Date.now() > deadline) throw new Error(`outbox bullmq: Redis at ${redisUrl} not reachable`);
            await new Promise((resolve) => setTimeout(resolve, 10));
          }
          return outbox;
        },
        options,
      ),
    );
  } finally {
    const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
    redis.disconnect();
  }
  return results;
}

if (require.main === module) {
  const latencyMs = Number(process.env.OUTBOX_BENCH_LATENCY_MS ?? 0);
  const deliver: Deliver = latencyMs > 0 ? () => new Promise((resolve) => setTimeout(resolve, latencyMs)) : async () => undefined;
  benchOutbox({
    deliver,
    messages: Number(process.env.OUTBOX_BENCH_MESSAGES ?? 2000),
    concurrency: Number(process.env.OUTBOX_BENCH_CONCURRENCY ?? 4),
    redisUrl: process.env.REDIS_URL ?? null,
  }).catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
