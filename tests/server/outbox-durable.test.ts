/**
 * The process's outbox (`createOutbox`, server/outbox/durable-outbox.ts): BullMQ on Redis with
 * the file spool behind it. A Redis write that fails (Redis unreachable, or gone mid-way) goes
 * to the spool, the spool's worker delivers it, and nothing is lost or doubled; only when both
 * stores fail does enqueue throw OutboxUnavailableError.
 *
 * Real parts throughout: the real Redis (a unique key prefix per test), reached directly or
 * through a TCP proxy the test can cut to stage an outage; real files in a temp folder; a
 * delivery peer that records what it received.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Job, Queue } from 'bullmq';
import Redis from 'ioredis';
import pino from 'pino';
import { createOutbox, OutboxUnavailableError, type DurableOutbox, type Deliver, type OutboxMessage } from '../../server/outbox';
import { REDIS_TEST_COMMAND_TIMEOUT_MS, REDIS_TEST_URL, serviceAvailable } from '../support/services';

const hasRedis = serviceAvailable('redis');
const TEST_BACKOFF = { baseMs: 5, maxMs: 40 };
const QUEUE = 'marketing';

function message(overrides: Partial<OutboxMessage> = {}): OutboxMessage {
  return {
    id: randomUUID(),
    acceptedAt: new Date().toISOString(),
    origin: 'popup',
    calls: [{ kind: 'subscribe', listId: 'GSPOP', customSource: 'Newsletter Popup', email: 'someone@example.com' }],
    ...overrides,
  };
}

/** Records each delivery; `failAlways` makes one id fail for good. */
function recordingPeer() {
  const delivered = new Map<string, number>();
  const refused = new Set<string>();
  const deliver: Deliver = async (msg) => {
    if (refused.has(msg.id)) throw Object.assign(new Error('HTTP 400'), { retryable: false });
    delivered.set(msg.id, (delivered.get(msg.id) ?? 0) + 1);
  };
  return { deliver, delivered, refuse: (id: string) => refused.add(id) };
}

function recordingLog() {
  const records: Array<Record<string, unknown> & { level: number; msg: string }> = [];
  const log = pino({ level: 'debug' }, { write: (line: string) => void records.push(JSON.parse(line)) });
  return { log, records };
}

async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A TCP proxy in front of the test Redis, to cut it off and bring it back on the same port. */
function redisProxy() {
  const target = new URL(REDIS_TEST_URL);
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;
  return {
    url: () => `redis://127.0.0.1:${port}${target.pathname}`,
    up: () =>
      new Promise<void>((resolve, reject) => {
        server = createServer((client) => {
          const upstream = connect(Number(target.port) || 6379, target.hostname);
          for (const s of [client, upstream]) {
            sockets.add(s);
            s.on('error', () => undefined);
            s.on('close', () => {
              sockets.delete(s);
              client.destroy();
              upstream.destroy();
            });
          }
          client.pipe(upstream).pipe(client);
        });
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () => {
          port = (server!.address() as AddressInfo).port;
          resolve();
        });
      }),
    down: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        if (!server) return resolve();
        server.close(() => resolve());
        server = null;
      }),
  };
}

describe('createOutbox', () => {
  let root: string;
  let spoolDir: string;
  let prefix: string;
  let redis: Redis | null = null;
  const outboxes: DurableOutbox[] = [];

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'outbox-durable-'));
    spoolDir = path.join(root, 'outbox');
    prefix = `test:outbox:${randomUUID()}`;
  });
  afterEach(async () => {
    await Promise.all(outboxes.splice(0).map((o) => o.stop()));
    rmSync(root, { recursive: true, force: true });
    if (hasRedis) {
      // After stop: nothing writes under the prefix any more.
      redis ??= new Redis(REDIS_TEST_URL, { commandTimeout: REDIS_TEST_COMMAND_TIMEOUT_MS });
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length) await redis.del(...keys);
      redis.disconnect();
      redis = null;
    }
  });

  function open(url: string | null, deliver: Deliver, log: pino.Logger = pino({ level: 'silent' })): DurableOutbox {
    const outbox = createOutbox({
      redis: url ? { url, prefix, queueName: QUEUE } : null,
      spoolDir,
      deliver,
      log,
      maxAttempts: 3,
      backoff: TEST_BACKOFF,
      redisEnqueueTimeoutMs: REDIS_TEST_COMMAND_TIMEOUT_MS,
    });
    outboxes.push(outbox);
    return outbox;
  }

  const spooled = (id: string) => existsSync(path.join(spoolDir, 'pending', `${id}.json`));
  const inRedis = async (id: string) => {
    redis ??= new Redis(REDIS_TEST_URL, { commandTimeout: REDIS_TEST_COMMAND_TIMEOUT_MS });
    return (await redis.exists(`${prefix}:${QUEUE}:${id}`)) === 1;
  };
  const redisReady = (outbox: DurableOutbox) => until(() => outbox.redis?.redis.status === 'ready', 'redis connection');

  test('without Redis: the file spool stores and delivers', async () => {
    const peer = recordingPeer();
    const outbox = open(null, peer.deliver);
    expect(outbox.redis).toBeNull();
    const msg = message();
    await outbox.enqueue(msg);
    expect(spooled(msg.id)).toBe(true);
    outbox.start();
    await until(() => peer.delivered.get(msg.id) === 1, 'delivered');
    // The peer has it a moment before the spool removes the file.
    await until(async () => (await outbox.stats()).pending === 0, 'nothing pending');
    expect(await outbox.stats()).toEqual({ pending: 0, dead: 0, delivered: 1 });
  });

  (hasRedis ? describe : describe.skip)('with Redis', () => {
    test('stores in Redis, not the spool, and delivers once', async () => {
      const peer = recordingPeer();
      const outbox = open(REDIS_TEST_URL, peer.deliver);
      await redisReady(outbox);
      const msg = message();
      await outbox.enqueue(msg);
      expect(await inRedis(msg.id)).toBe(true);
      expect(spooled(msg.id)).toBe(false);
      outbox.start();
      await until(() => peer.delivered.get(msg.id) === 1, 'delivered');
      await until(async () => (await outbox.stats()).pending === 0, 'nothing pending');
      expect(await outbox.stats()).toEqual({ pending: 0, dead: 0, delivered: 1 });
    });

    test('Redis unreachable: enqueue falls back to the spool, resolves, and the message is delivered', async () => {
      const peer = recordingPeer();
      const logged = recordingLog();
      const outbox = open('redis://127.0.0.1:1', peer.deliver, logged.log);
      const messages = [message(), message(), message()];
      for (const m of messages) await outbox.enqueue(m);
      for (const m of messages) expect(spooled(m.id)).toBe(true);
      // Said once per outage, not once per sign-up.
      expect(logged.records.filter((r) => r.msg.startsWith('redis outbox unavailable'))).toHaveLength(1);
      outbox.start();
      await until(() => messages.every((m) => peer.delivered.get(m.id) === 1), 'all delivered');
      await until(async () => (await outbox.stats()).pending === 0, 'nothing pending');
      // Stats still answer (the spool's side) while Redis cannot be read.
      expect(await outbox.stats()).toEqual({ pending: 0, dead: 0, delivered: 3 });
    });

    test('Redis lost mid-way and back: sign-ups go to the spool meanwhile, then to Redis again; each delivered once', async () => {
      const proxy = redisProxy();
      await proxy.up();
      try {
        const peer = recordingPeer();
        const logged = recordingLog();
        const outbox = open(proxy.url(), peer.deliver, logged.log);
        await redisReady(outbox);
        const before = message();
        await outbox.enqueue(before);
        expect(await inRedis(before.id)).toBe(true);

        await proxy.down();
        await until(() => outbox.redis?.redis.status !== 'ready', 'connection lost');
        const during = message();
        await outbox.enqueue(during);
        expect(spooled(during.id)).toBe(true);
        expect(await inRedis(during.id)).toBe(false);

        await proxy.up();
        await redisReady(outbox);
        const after = message();
        await outbox.enqueue(after);
        expect(await inRedis(after.id)).toBe(true);
        expect(logged.records.map((r) => r.msg)).toEqual(
          expect.arrayContaining(['redis outbox unavailable; spooling sign-ups to files until it is back', 'redis outbox available again']),
        );

        outbox.start();
        await until(() => [before, during, after].every((m) => peer.delivered.get(m.id) === 1), 'all delivered', 20_000);
        await until(async () => (await outbox.stats()).pending === 0, 'nothing pending');
        await outbox.stop();
        expect([...peer.delivered.values()]).toEqual([1, 1, 1]);
      } finally {
        await proxy.down();
      }
    }, 30_000);

    test('stop resolves while Redis is down; a sign-up spooled meanwhile is delivered once', async () => {
      const proxy = redisProxy();
      await proxy.up();
      const peer = recordingPeer();
      const msg = message();
      try {
        const outbox = open(proxy.url(), peer.deliver);
        await redisReady(outbox);
        outbox.start();
        await proxy.down();
        await until(() => outbox.redis?.redis.status !== 'ready', 'connection lost');
        await outbox.enqueue(msg); // spooled (and perhaps delivered by the spool's worker already)
        await outbox.stop(); // must not wait for a Redis that is not coming back
      } finally {
        await proxy.down();
      }
      const next = open(REDIS_TEST_URL, peer.deliver);
      next.start();
      await until(() => peer.delivered.get(msg.id) === 1, 'delivered, by this process or the next');
      await next.stop();
      expect(peer.delivered.get(msg.id)).toBe(1);
    });

    test('stop hands the spool over to Redis: the spool folder can then go, and another process delivers each sign-up once', async () => {
      const proxy = redisProxy();
      await proxy.up();
      const logged = recordingLog();
      const messages = Array.from({ length: 20 }, () => message());
      try {
        const outbox = open(proxy.url(), recordingPeer().deliver, logged.log);
        await redisReady(outbox);
        await proxy.down();
        await until(() => outbox.redis?.redis.status !== 'ready', 'connection lost');
        for (const m of messages) await outbox.enqueue(m);
        expect(messages.every((m) => spooled(m.id))).toBe(true);
        // Redis takes writes again before the process ends (its worker never ran: nothing delivered).
        await proxy.up();
        await redisReady(outbox);
        await outbox.stop();
      } finally {
        await proxy.down();
      }
      expect(messages.filter((m) => spooled(m.id))).toEqual([]);
      for (const m of messages) expect(await inRedis(m.id)).toBe(true);
      expect(logged.records.filter((r) => r.msg.startsWith('sign-up spool:'))).toEqual([
        expect.objectContaining({ msg: 'sign-up spool: handed over to the Redis queue at shutdown', handedOver: 20, left: 0 }),
      ]);

      // The folder goes with the process (a Kubernetes emptyDir with its pod); another one delivers.
      rmSync(spoolDir, { recursive: true, force: true });
      const peer = recordingPeer();
      const next = open(REDIS_TEST_URL, peer.deliver);
      next.start();
      await until(() => messages.every((m) => peer.delivered.get(m.id) === 1), 'all delivered');
      await until(async () => (await next.stats()).pending === 0, 'nothing pending');
      expect([...peer.delivered.values()]).toEqual(messages.map(() => 1));
    }, 30_000);

    test('a handed-over sign-up keeps its retry schedule: the provider’s Retry-After and the attempts already made', async () => {
      const proxy = redisProxy();
      await proxy.up();
      const msg = message();
      try {
        let attempts = 0;
        const busy: Deliver = async () => {
          attempts += 1;
          throw Object.assign(new Error('HTTP 429'), { retryable: true, retryAfterMs: 60_000 });
        };
        const outbox = open(proxy.url(), busy);
        await redisReady(outbox);
        await proxy.down();
        await until(() => outbox.redis?.redis.status !== 'ready', 'connection lost');
        await outbox.enqueue(msg);
        outbox.start();
        await until(() => attempts === 1, 'first attempt refused');
        await proxy.up();
        await redisReady(outbox);
        await outbox.stop();
      } finally {
        await proxy.down();
      }
      expect(spooled(msg.id)).toBe(false);
      const queue = new Queue(QUEUE, { connection: { url: REDIS_TEST_URL }, prefix });
      try {
        const job = await Job.fromId(queue, msg.id);
        expect(await job?.getState()).toBe('delayed');
        // Retry-After 60 s, less the moments the hand-over took; one of the 3 attempts made.
        expect(job?.delay).toBeGreaterThan(50_000);
        expect(job?.delay).toBeLessThanOrEqual(60_000);
        expect(job?.opts.attempts).toBe(2);
      } finally {
        await queue.close();
      }
    }, 30_000);

    test('Redis unwritable at stop: the spool keeps its sign-ups, says how many stay, and a process on the same folder delivers them', async () => {
      const logged = recordingLog();
      const messages = [message(), message(), message()];
      const outbox = open('redis://127.0.0.1:1', recordingPeer().deliver, logged.log);
      for (const m of messages) await outbox.enqueue(m);
      await outbox.stop();
      expect(messages.every((m) => spooled(m.id))).toBe(true);
      expect(logged.records.filter((r) => r.msg.startsWith('sign-up spool:'))).toEqual([
        expect.objectContaining({ level: 40, handedOver: 0, left: 3, dir: spoolDir, msg: expect.stringContaining('lost if the folder is deleted') }),
      ]);

      const peer = recordingPeer();
      const next = open(REDIS_TEST_URL, peer.deliver);
      next.start();
      await until(() => messages.every((m) => peer.delivered.get(m.id) === 1), 'all delivered');
      await until(async () => (await next.stats()).pending === 0, 'nothing pending');
      expect([...peer.delivered.values()]).toEqual([1, 1, 1]);
    });

    test('an id the spool already holds is not added to Redis as well', async () => {
      const peer = recordingPeer();
      const outbox = open(REDIS_TEST_URL, peer.deliver);
      await redisReady(outbox);
      const msg = message();
      await outbox.spool.enqueue(msg); // as an enqueue during an outage would have
      await outbox.enqueue(msg);
      expect(await inRedis(msg.id)).toBe(false);
      outbox.start();
      await until(() => peer.delivered.get(msg.id) === 1, 'delivered');
      await until(async () => (await outbox.stats()).pending === 0, 'nothing pending');
      expect(peer.delivered.get(msg.id)).toBe(1);
    });

    test('stats and dead letters cover both stores', async () => {
      const peer = recordingPeer();
      const outbox = open(REDIS_TEST_URL, peer.deliver);
      await redisReady(outbox);
      const deadInSpool = message({ origin: 'hint' });
      const deadInRedis = message({ origin: 'reserve' });
      peer.refuse(deadInSpool.id);
      peer.refuse(deadInRedis.id);
      await outbox.spool.enqueue(deadInSpool);
      outbox.start();
      await until(async () => (await outbox.stats()).dead === 1, 'first dead letter');
      await outbox.enqueue(deadInRedis);
      await until(async () => (await outbox.stats()).dead === 2, 'second dead letter');
      const dead = await outbox.deadLetters();
      expect(dead.map((d) => d.message.id)).toEqual([deadInSpool.id, deadInRedis.id]);
      expect(dead.every((d) => d.attempts === 1 && d.lastError.includes('HTTP 400'))).toBe(true);
    });
  });

  test('throws OutboxUnavailableError when neither Redis nor the spool can store the sign-up', async () => {
    const blocked = path.join(root, 'a-file');
    writeFileSync(blocked, '');
    spoolDir = path.join(blocked, 'outbox');
    const outbox = open('redis://127.0.0.1:1', recordingPeer().deliver);
    const err = await outbox.enqueue(message()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OutboxUnavailableError);
    expect((err as Error).cause).toBeInstanceOf(AggregateError);
  });

  test('refuses an id that is not a UUID before touching either store', async () => {
    const outbox = open(null, recordingPeer().deliver);
    await expect(outbox.enqueue(message({ id: 'not-a-uuid' }))).rejects.toThrow(TypeError);
    expect(existsSync(path.join(spoolDir, 'pending'))).toBe(false);
  });
});
