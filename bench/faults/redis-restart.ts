/**
 * A Redis restart with sign-ups waiting in it, for the fault suite (docs/architecture.md §8
 * "Sign-up outbox"): the marketing emulator's fault switch on (`error`), sign-ups the shop
 * accepts wait in the Redis queue; Redis is SIGKILLed and started again on the same port and
 * folder, the fault cleared; then accepted is set against what reached the marketing emulator.
 * Run once per persistence setting: none (`--save '' --appendonly no`, a restart empties Redis)
 * and docker-compose.yml's own (tests/support/cluster.ts `composeRedisFlags`, what
 * tests/server/marketing-redis-restart.test.ts asserts on). Figures only.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { liveShopEnv, startOwnRedis, startShopInstance, type EmulatorConnection } from '../../tests/support/cluster';
import { setFault } from '../../tests/support/faults';
import { freePort } from '../../tests/support/shop-process';
import { delivered, outboxPending, signUp, untilRedisReady } from './sign-ups';

export type RedisRestartFigures = {
  accepted: number;
  refused: Record<string, number>;
  /** Distinct sign-ups the marketing emulator holds at the end, and the API requests that carried them. */
  delivered: number;
  deliveryRequests: number;
  /** The outbox's pending count at the end (its /readyz), null when it could not say. */
  pendingAtEnd: number | null;
  /** From clearing the fault to the end of the wait. */
  waitedMs: number;
};

/** How long to wait for deliveries at most: jobs active at the kill come back through BullMQ's stalled check (30 s, twice). */
const MAX_WAIT_MS = 150_000;
/** Nothing pending and nothing new delivered for this long: the wait is over. */
const QUIET_MS = 10_000;

/**
 * One restart: a shop instance on `shopPort` (live mode, the emulators of `connection`, every
 * rate limit tier off by `env`) with a Redis of its own started with `flags` in `dir`.
 * @throws when Redis or the shop does not start
 */
export async function redisRestartLoss(opts: {
  connection: EmulatorConnection;
  shopPort: number;
  flags: string[];
  dir: string;
  signUps: number;
  tag: string;
  env: Record<string, string>;
}): Promise<RedisRestartFigures> {
  mkdirSync(opts.dir, { recursive: true });
  const redisPort = await freePort();
  const flags = [...opts.flags, '--dir', opts.dir];
  let redis = await startOwnRedis(redisPort, { flags });
  const marketing = { url: opts.connection.marketing.apiUrl, debugToken: opts.connection.debugToken };
  const shopUrl = `http://127.0.0.1:${opts.shopPort}`;
  // /readyz shows the outbox's counts to the operator only.
  const operatorToken = randomBytes(32).toString('hex');
  const env = {
    ...liveShopEnv(opts.connection, { siteUrl: shopUrl, redisUrl: redis.url, outboxDir: path.join(opts.dir, 'outbox') }),
    // Attempts enough to outlive the outage and the restart (the default 8 could run out first).
    OUTBOX_MAX_ATTEMPTS: '50',
    METRICS_TOKEN: operatorToken,
    ...opts.env,
  };
  const shop = await startShopInstance(opts.shopPort, env, { quiet: true });
  try {
    await untilRedisReady(shopUrl);
    await setFault(marketing, { mode: 'error', status: 503 });
    const { accepted, refused } = await signUp(shopUrl, opts.tag, opts.signUps);
    await redis.stop('SIGKILL');
    redis = await startOwnRedis(redisPort, { flags });
    await setFault(marketing, { mode: 'none' });
    const cleared = Date.now();
    let last = await delivered(marketing, opts.tag);
    let changedAt = Date.now();
    let pending = await outboxPending(shopUrl, operatorToken);
    while (last.signUps < accepted && Date.now() - cleared < MAX_WAIT_MS) {
      if (pending === 0 && Date.now() - changedAt > QUIET_MS) break;
      await new Promise((r) => setTimeout(r, 1000));
      const now = await delivered(marketing, opts.tag);
      if (now.signUps !== last.signUps) changedAt = Date.now();
      last = now;
      pending = await outboxPending(shopUrl, operatorToken);
    }
    return {
      accepted,
      refused,
      delivered: last.signUps,
      deliveryRequests: last.requests,
      pendingAtEnd: pending,
      waitedMs: Date.now() - cleared,
    };
  } finally {
    await setFault(marketing, { mode: 'none' }).catch(() => undefined);
    await shop.stop();
    await redis.stop('SIGKILL');
  }
}
