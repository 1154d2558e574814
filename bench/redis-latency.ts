/**
 * `npm run bench:redis`: how long a healthy Redis takes to answer the cache's commands on this
 * machine under load, as the shop's process sees it (docs/architecture.md §8 "Faults"). The figure behind
 * server/cache/redis-cache.ts DEFAULT_COMMAND_TIMEOUT_MS: the bound must sit well above the
 * healthy tail, or a busy but healthy Redis is reported down (it was at 250 ms).
 *
 * One ioredis connection (as the cache has), no command timeout, `CONCURRENCY` loops each doing
 * SET (PX) then GET of a `VALUE_BYTES` JSON value, for `SECONDS` seconds, twice: Redis alone,
 * then with the event loop also busy with synchronous work in `BLOCK_MS` slices (standing in
 * for server-side renders, which is what delays a reply's callback in the shop). Prints count,
 * p50, p99, p99.9 and max round-trip in ms. Keys live under a throw-away prefix with a short PX.
 *
 * Env: REDIS_URL (default redis://127.0.0.1:6379/6).
 */
import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';

const URL_ = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/6';
const CONCURRENCY = 64;
const SECONDS = 8;
const VALUE_BYTES = 20_000;
const BLOCK_MS = 40;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function run(redis: Redis, label: string, busy: boolean): Promise<void> {
  const value = JSON.stringify({ html: 'x'.repeat(VALUE_BYTES) });
  const samples: number[] = [];
  const until = Date.now() + SECONDS * 1000;
  let blocker: NodeJS.Timeout | undefined;
  if (busy) {
    // Synchronous slices with short gaps, as a process rendering pages back to back.
    const block = () => {
      const end = performance.now() + BLOCK_MS;
      while (performance.now() < end);
      if (Date.now() < until) blocker = setTimeout(block, 5);
    };
    blocker = setTimeout(block, 5);
  }
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, i) => {
      const key = `k${i}`;
      while (Date.now() < until) {
        let t = performance.now();
        await redis.set(key, value, 'PX', 60_000);
        samples.push(performance.now() - t);
        t = performance.now();
        await redis.get(key);
        samples.push(performance.now() - t);
      }
    }),
  );
  clearTimeout(blocker);
  samples.sort((a, b) => a - b);
  const f = (n: number) => n.toFixed(1);
  console.log(
    `${label}: ${samples.length} commands, p50 ${f(percentile(samples, 50))} ms, p99 ${f(percentile(samples, 99))} ms, ` +
      `p99.9 ${f(percentile(samples, 99.9))} ms, max ${f(samples[samples.length - 1])} ms`,
  );
}

async function main(): Promise<void> {
  const redis = new Redis(URL_, { keyPrefix: `bench-redis-${randomUUID()}:`, lazyConnect: true });
  await redis.connect();
  console.log(`Redis ${URL_}, ${CONCURRENCY} in flight on one connection, ${VALUE_BYTES} B values, ${SECONDS} s each`);
  try {
    await run(redis, 'redis alone', false);
    await run(redis, `event loop busy (${BLOCK_MS} ms slices)`, true);
  } finally {
    redis.disconnect();
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
