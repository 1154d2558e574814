/**
 * A Redis restart loses no sign-up (docs/architecture.md §8 "Sign-up outbox"): with the
 * marketing provider failing, sign-ups are thanked and wait in the Redis queue; Redis is
 * SIGKILLed and started again on the same port and folder; once the provider is back, every
 * sign-up is delivered exactly once.
 *
 * Redis runs with the persistence flags docker-compose.yml gives it, read from that file, so this
 * is the shipped configuration's test: with `--save '' --appendonly no` the restarted Redis is
 * empty and nothing is delivered. Real parts: the app, its outbox, the Klaviyo client, the
 * marketing stand-in over HTTP and a redis-server of the test's own.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import type { DurableOutbox } from '../../server/outbox';
import { composeRedisFlags, startOwnRedis } from '../support/cluster';
import { setFault } from '../support/faults';
import { serviceAvailable } from '../support/services';
import { freePort } from '../support/shop-process';
import { startTestApp, type TestApp } from '../support/app';
import { marketingRecords } from '../support/marketing';

const SIGN_UPS = 200;
// redis-server is what the shared test Redis runs too.
const hasRedis = serviceAvailable('redis');

const marketing = (t: TestApp) => ({ url: t.emulators.marketing.url, debugToken: t.emulators.debugToken });

async function until(condition: () => boolean | Promise<boolean>, what: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms: ${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

(hasRedis ? test : test.skip)(
  `Redis as docker-compose.yml runs it, SIGKILLed with ${SIGN_UPS} sign-ups queued: every one is delivered once`,
  async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'gs-redis-restart-'));
    const port = await freePort();
    const flags = [...composeRedisFlags(), '--dir', dir];
    let redis = await startOwnRedis(port, { flags });
    const tag = randomUUID().slice(0, 8);
    let app: TestApp | undefined;
    try {
      app = await startTestApp({
        env: { REDIS_URL: redis.url, OUTBOX_MAX_ATTEMPTS: '50' },
        // Attempts enough to outlive the outage and the restart; waits short enough for a quick suite.
        outbox: { backoff: { baseMs: 200, maxMs: 1000 } },
        rateLimits: { signUps: { limit: 10_000, windowMs: 60_000, failuresOnly: false } },
      });
      const outbox = app.outbox as DurableOutbox;
      // Sign-ups taken before the connection is up would go to the spool, which is not under test.
      await until(
        () => outbox.redis?.redis.status === 'ready',
        () => 'the outbox connected to Redis',
        10_000,
      );

      await setFault(marketing(app), { mode: 'error', status: 503 });
      for (let i = 0; i < SIGN_UPS; i += 20) {
        const answers = await Promise.all(
          Array.from({ length: 20 }, (_, j) =>
            request(app!.app)
              .post('/api/newsletter')
              .send({ email: `restart-${tag}-${i + j}@example.com`, honeypot: '', source: 'Footer', klaviyoListId: 'GSNEWS' }),
          ),
        );
        for (const res of answers) expect(res.status).toBe(200);
      }
      // Every sign-up is in Redis alone: none in the spool, none delivered yet.
      expect(readdirSync(path.join(app.config.marketing.outboxDir, 'pending'))).toEqual([]);
      expect((await outbox.redis!.stats()).pending).toBe(SIGN_UPS);

      await redis.stop('SIGKILL');
      redis = await startOwnRedis(port, { flags });
      await setFault(marketing(app), { mode: 'none' });

      const mine = async () => (await marketingRecords(app!)).requests.filter((r) => JSON.stringify(r.body).includes(tag)).length;
      let delivered = 0;
      // Jobs that were being delivered at the kill come back through BullMQ's stalled check (30 s, twice).
      await until(
        async () => (delivered = await mine()) >= SIGN_UPS,
        () => `${delivered} of ${SIGN_UPS} sign-ups delivered after the Redis restart`,
        150_000,
      );
      await until(
        async () => (await outbox.stats()).pending === 0,
        () => 'the outbox emptied',
        30_000,
      );
      // Exactly once: the provider accepted one request per sign-up, one subscription each.
      expect(await mine()).toBe(SIGN_UPS);
      const subscribed = (await marketingRecords(app)).subscriptions.map((s) => s.email ?? '').filter((email) => email.includes(tag));
      expect(new Set(subscribed).size).toBe(SIGN_UPS);
      expect(subscribed).toHaveLength(SIGN_UPS);
    } finally {
      if (app) await setFault(marketing(app), { mode: 'none' }).catch(() => undefined);
      await app?.stop();
      await redis.stop('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  },
  240_000,
);
