/**
 * Sign-ups are never lost (docs/architecture.md §8, issue "Marketing that never loses a
 * sign-up"): the provider fails every call for a while; 200 sign-ups are accepted meanwhile; the
 * server process is replaced mid-queue; once the provider is back, exactly 200 subscriptions are
 * recorded: none lost, none doubled. Once with the file spool (no Redis), once with BullMQ on
 * Redis. Everything is real: the app, its outbox, the Klaviyo client and the stand-in over HTTP.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { REDIS_TEST_URL, serviceAvailable } from '../support/services';
import { setFault } from '../support/faults';
import { marketingRecords, untilRecorded } from '../support/marketing';
import { startTestApp, type TestApp } from '../support/app';

const SIGN_UPS = 200;
const hasRedis = serviceAvailable('redis');

/** The marketing emulator of `t`, as the fault switch takes it. */
const marketing = (t: TestApp) => ({ url: t.emulators.marketing.url, debugToken: t.emulators.debugToken });

async function outageRestartRecovery(env: Record<string, string>): Promise<void> {
  const tag = randomUUID().slice(0, 8);
  const first = await startTestApp({
    // Attempts enough to outlive the outage; a short backoff so the suite stays quick.
    env: { OUTBOX_MAX_ATTEMPTS: '50', ...env },
    outbox: { backoff: { baseMs: 50, maxMs: 400 } },
    rateLimits: { signUps: { limit: 10_000, windowMs: 60_000, failuresOnly: false } },
  });
  let second: TestApp | undefined;
  try {
    await setFault(marketing(first), { mode: 'error', status: 503 });
    const emails = Array.from({ length: SIGN_UPS }, (_, i) => `outage-${tag}-${i}@example.com`);
    for (let i = 0; i < emails.length; i += 20) {
      const answers = await Promise.all(
        emails
          .slice(i, i + 20)
          .map((email) => request(first.app).post('/api/newsletter').send({ email, honeypot: '', source: 'Footer', klaviyoListId: 'GSNEWS' })),
      );
      for (const res of answers) expect(res.status).toBe(200);
    }
    // All accepted, none delivered: the provider refuses everything.
    expect((await first.outbox.stats()).pending).toBe(SIGN_UPS);
    expect((await marketingRecords(first)).subscriptions.filter((s) => (s.email ?? '').includes(tag))).toHaveLength(0);

    // The process goes away mid-queue and a new one takes over the same store.
    second = await first.respawn();
    await setFault(marketing(second), { mode: 'none' });

    const mine = (email: string | null) => (email ?? '').includes(tag);
    const recorded = await untilRecorded(second, (r) => r.subscriptions.filter((s) => mine(s.email)).length >= SIGN_UPS, 60_000);
    expect(new Set(recorded.subscriptions.filter((s) => mine(s.email)).map((s) => s.email)).size).toBe(SIGN_UPS);
    // Delivered once each: the provider accepted exactly one request per sign-up.
    await untilIdle(second);
    const after = await marketingRecords(second);
    const accepted = after.requests.filter((r) => JSON.stringify(r.body).includes(tag));
    expect(accepted).toHaveLength(SIGN_UPS);
    expect(after.subscriptions.filter((s) => mine(s.email))).toHaveLength(SIGN_UPS);
    expect((await second.outbox.stats()).dead).toBe(0);
  } finally {
    await setFault(marketing(first), { mode: 'none' }).catch(() => undefined);
    await second?.stop();
    await first.stop();
  }
}

/** Waits until the outbox has nothing pending. */
async function untilIdle(t: TestApp, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((await t.outbox.stats()).pending > 0) {
    if (Date.now() > deadline) throw new Error('outbox still has pending sign-ups');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

test('file spool (no Redis): an outage and a restart lose nothing and double nothing', async () => {
  await outageRestartRecovery({});
}, 120_000);

(hasRedis ? test : test.skip)(
  'BullMQ on Redis: an outage and a restart lose nothing and double nothing',
  async () => {
    await outageRestartRecovery({ REDIS_URL: REDIS_TEST_URL });
  },
  120_000,
);

(hasRedis ? test : test.skip)(
  'two shops on one Redis, each with its own marketing account: every sign-up reaches its own shop’s account, none the other’s',
  async () => {
    const tag = randomUUID().slice(0, 8);
    // The shop's own queue prefix (outboxRedisPrefix), not the harness's per-app one.
    const shop = () =>
      startTestApp({
        env: { REDIS_URL: REDIS_TEST_URL },
        outbox: { redisPrefix: undefined },
        rateLimits: { signUps: { limit: 10_000, windowMs: 60_000, failuresOnly: false } },
      });
    const [a, b] = await Promise.all([shop(), shop()]);
    try {
      const signUp = (t: TestApp, email: string) =>
        request(t.app).post('/api/newsletter').send({ email, honeypot: '', source: 'Footer', klaviyoListId: 'GSNEWS' });
      const emails = (name: string) => Array.from({ length: 20 }, (_, i) => `${name}-${tag}-${i}@example.com`);
      for (const res of await Promise.all([...emails('a').map((e) => signUp(a, e)), ...emails('b').map((e) => signUp(b, e))])) {
        expect(res.status).toBe(200);
      }
      /** The test's emails an account holds, either shop's. */
      const held = async (t: TestApp) =>
        (await marketingRecords(t)).subscriptions
          .map((s) => s.email ?? '')
          .filter((email) => email.includes(tag))
          .sort();
      await untilRecorded(a, (r) => r.subscriptions.filter((s) => (s.email ?? '').includes(`a-${tag}`)).length >= 20);
      await untilRecorded(b, (r) => r.subscriptions.filter((s) => (s.email ?? '').includes(`b-${tag}`)).length >= 20);
      await Promise.all([untilIdle(a), untilIdle(b)]);
      expect(await held(a)).toEqual(emails('a').sort());
      expect(await held(b)).toEqual(emails('b').sort());
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  },
  120_000,
);
