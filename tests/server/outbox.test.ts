/**
 * The outbox stores (server/outbox, docs/architecture.md §8), each through its real parts: the
 * file spool on real files in a temp folder, BullMQ on the real Redis (a unique key prefix per
 * test). One contract suite runs against both: stored before enqueue resolves, delivered exactly
 * once, retried with backoff, Retry-After honoured, dead-lettered after maxAttempts or at once
 * when refused for good, one message per id, nothing lost or doubled across a restart.
 *
 * `deliver` is a real test peer: it records every attempt (id, time) and fails on demand with
 * the errors a provider client throws (retryable, not retryable, with Retry-After). Timing
 * assertions are lower bounds only (a retry never comes before Retry-After); waits poll a
 * condition with a deadline instead of sleeping.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Redis from 'ioredis';
import pino from 'pino';
import { BullmqOutbox, FileOutbox, type Deliver, type Outbox, type OutboxMessage } from '../../server/outbox';
import { REDIS_TEST_COMMAND_TIMEOUT_MS, REDIS_TEST_URL, serviceAvailable } from '../support/services';

const hasRedis = serviceAvailable('redis');

/** Small waits so the suite stays quick; Retry-After tests use values well above them. */
const TEST_BACKOFF = { baseMs: 5, maxMs: 40 };

let counter = 0;
function message(overrides: Partial<OutboxMessage> = {}): OutboxMessage {
  counter += 1;
  return {
    id: randomUUID(),
    acceptedAt: new Date().toISOString(),
    origin: 'newsletter',
    calls: [{ kind: 'subscribe', listId: 'GSNEWS', customSource: 'Footer', email: `shopper-${counter}@example.com` }],
    ...overrides,
  };
}

/** A provider error as the Klaviyo client throws it. */
function providerError(text: string, failure: { retryable: boolean; retryAfterMs?: number }): Error {
  return Object.assign(new Error(text), failure);
}

/** The test's delivery peer: records attempts, fails on demand, optionally slow. */
function recordingPeer({ latencyMs = 0 } = {}) {
  const attempts: Array<{ id: string; at: number }> = [];
  const delivered = new Map<string, number>();
  const scripted = new Map<string, unknown[]>();
  const alwaysFail = new Map<string, unknown>();
  let hold: ((signal: AbortSignal) => Promise<void>) | null = null;
  const deliver: Deliver = async (msg, signal) => {
    attempts.push({ id: msg.id, at: Date.now() });
    const next = scripted.get(msg.id)?.shift();
    // A provider client may throw anything (even a string); the outbox must cope with it.
    // eslint-disable-next-line @typescript-eslint/only-throw-error
    if (next) throw next;
    if (alwaysFail.has(msg.id)) throw alwaysFail.get(msg.id);
    if (hold) await hold(signal);
    if (latencyMs) await new Promise((resolve) => setTimeout(resolve, latencyMs));
    delivered.set(msg.id, (delivered.get(msg.id) ?? 0) + 1);
  };
  return {
    deliver,
    attempts,
    delivered,
    attemptsOf: (id: string) => attempts.filter((a) => a.id === id),
    /** The next attempts of `id` throw these, in order; later ones succeed. */
    failNext: (id: string, ...errors: unknown[]) => scripted.set(id, errors),
    failAlways: (id: string, error: unknown) => alwaysFail.set(id, error),
    /** Every delivery waits on this until it resolves (or its signal aborts it). */
    holdWith: (fn: ((signal: AbortSignal) => Promise<void>) | null) => {
      hold = fn;
    },
  };
}

/** A logger that keeps its records (level, msg and fields) and their raw lines. */
function recordingLog() {
  const lines: string[] = [];
  const log = pino({ level: 'debug' }, { write: (line: string) => void lines.push(line) });
  const records = () => lines.map((line) => JSON.parse(line) as Record<string, unknown> & { level: number; msg: string });
  return { log, lines, records };
}

/** Polls `condition` until true; fails after `timeoutMs`. */
async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

type StoreOptions = { maxAttempts?: number; concurrency?: number; stopGraceMs?: number };

/** One store under test: how to open it (again, on the same storage) and read a message back. */
type Harness = {
  open(deliver: Deliver, log: pino.Logger, options?: StoreOptions): Outbox;
  /** The stored message, read from the storage itself (Redis hash / spool file), or null. */
  readBack(id: string): Promise<OutboxMessage | null>;
  cleanUp(): Promise<void>;
};

function fileHarness(): Harness {
  const dir = mkdtempSync(path.join(tmpdir(), 'outbox-test-'));
  return {
    open: (deliver, log, options = {}) => new FileOutbox({ dir, deliver, log, backoff: TEST_BACKOFF, rescanMs: 200, ...options }),
    async readBack(id) {
      const file = path.join(dir, 'pending', `${id}.json`);
      return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { message: OutboxMessage }).message : null;
    },
    async cleanUp() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function redisHarness(): Harness {
  const prefix = `test:outbox:${randomUUID()}`;
  const queueName = 'marketing';
  const redis = new Redis(REDIS_TEST_URL, { commandTimeout: REDIS_TEST_COMMAND_TIMEOUT_MS });
  const opened: BullmqOutbox[] = [];
  return {
    open(deliver, log, options = {}) {
      const outbox = new BullmqOutbox({
        url: REDIS_TEST_URL,
        prefix,
        queueName,
        deliver,
        log,
        backoff: TEST_BACKOFF,
        commandTimeoutMs: REDIS_TEST_COMMAND_TIMEOUT_MS,
        enqueueTimeoutMs: REDIS_TEST_COMMAND_TIMEOUT_MS,
        ...options,
      });
      opened.push(outbox);
      return outbox;
    },
    async readBack(id) {
      const data = await redis.hget(`${prefix}:${queueName}:${id}`, 'data');
      return data === null ? null : (JSON.parse(data) as OutboxMessage);
    },
    async cleanUp() {
      await Promise.all(opened.map((o) => o.stop()));
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
        if (keys.length) await redis.del(...keys);
        cursor = next;
      } while (cursor !== '0');
      redis.disconnect();
    },
  };
}

/** The Redis store answers only once its queue connection is up; tests wait for that. */
async function opened(outbox: Outbox): Promise<Outbox> {
  if (outbox instanceof BullmqOutbox) await until(() => outbox.redis.status === 'ready', 'redis connection');
  return outbox;
}

function contract(name: string, makeHarness: () => Harness) {
  describe(name, () => {
    let harness: Harness;
    let logged: ReturnType<typeof recordingLog>;
    const running: Outbox[] = [];

    async function open(deliver: Deliver, options?: StoreOptions): Promise<Outbox> {
      const outbox = await opened(harness.open(deliver, logged.log, options));
      running.push(outbox);
      return outbox;
    }

    beforeEach(() => {
      harness = makeHarness();
      logged = recordingLog();
    });
    afterEach(async () => {
      await Promise.all(running.splice(0).map((o) => o.stop()));
      await harness.cleanUp();
    });

    test('enqueue resolves only once the message is stored, and it is stored whole', async () => {
      const peer = recordingPeer();
      const outbox = await open(peer.deliver);
      const msg = message();
      await outbox.enqueue(msg);
      // Read straight from the storage, not through the outbox.
      expect(await harness.readBack(msg.id)).toEqual(msg);
      expect(await outbox.stats()).toEqual({ pending: 1, dead: 0, delivered: 0 });
      expect(peer.attempts).toEqual([]); // not started: nothing delivered yet
    });

    test('delivers every message exactly once when delivery succeeds', async () => {
      const peer = recordingPeer();
      const outbox = await open(peer.deliver);
      const messages = Array.from({ length: 30 }, () => message());
      await Promise.all(messages.map((m) => outbox.enqueue(m)));
      outbox.start();
      await until(() => peer.delivered.size === messages.length, 'all delivered');
      await until(async () => (await outbox.stats()).pending === 0, 'nothing pending');
      expect(await outbox.stats()).toEqual({ pending: 0, dead: 0, delivered: messages.length });
      await outbox.stop(); // nothing in flight afterwards: any double would show now
      expect([...peer.delivered.values()].every((n) => n === 1)).toBe(true);
      expect(peer.attempts).toHaveLength(messages.length);
    });

    test('retries after failures until delivery succeeds', async () => {
      const peer = recordingPeer();
      const outbox = await open(peer.deliver, { maxAttempts: 5 });
      const msg = message();
      peer.failNext(msg.id, providerError('HTTP 503', { retryable: true }), new Error('socket hang up'), 'a thrown string');
      await outbox.enqueue(msg);
      outbox.start();
      await until(() => peer.delivered.get(msg.id) === 1, 'delivered after three failures');
      expect(peer.attemptsOf(msg.id)).toHaveLength(4);
      await until(async () => (await outbox.stats()).pending === 0, 'nothing pending');
      expect(await outbox.stats()).toEqual({ pending: 0, dead: 0, delivered: 1 });
      const retries = logged.records().filter((r) => r.msg === 'sign-up delivery failed; will retry');
      expect(retries.map((r) => r.attempts)).toEqual([1, 2, 3]);
    });

    test('never retries before the Retry-After the provider asked for', async () => {
      const peer = recordingPeer();
      const outbox = await open(peer.deliver);
      const msg = message();
      peer.failNext(
        msg.id,
        providerError('HTTP 429', { retryable: true, retryAfterMs: 300 }),
        providerError('HTTP 503', { retryable: true, retryAfterMs: 200 }),
      );
      await outbox.enqueue(msg);
      outbox.start();
      await until(() => peer.delivered.get(msg.id) === 1, 'delivered after the waits');
      const [first, second, third] = peer.attemptsOf(msg.id).map((a) => a.at);
      // The backoff alone would be under 40 ms; each gap is at least what was asked.
      expect(second - first).toBeGreaterThanOrEqual(300);
      expect(third - second).toBeGreaterThanOrEqual(200);
    });

    test('dead-letters after maxAttempts, logs it without the email, and counts it', async () => {
      const peer = recordingPeer();
      const outbox = await open(peer.deliver, { maxAttempts: 3 });
      const doomed = message({ origin: 'hint' });
      const fine = message();
      peer.failAlways(doomed.id, providerError('HTTP 500 while subscribing shopper-x@example.com', { retryable: true }));
      await outbox.enqueue(doomed);
      await outbox.enqueue(fine);
      outbox.start();
      await until(async () => (await outbox.stats()).pending === 0, 'one dead-lettered, the other delivered');
      expect(await outbox.stats()).toEqual({ pending: 0, dead: 1, delivered: 1 });
      expect(peer.attemptsOf(doomed.id)).toHaveLength(3);

      const dead = await outbox.deadLetters();
      expect(dead).toEqual([expect.objectContaining({ message: doomed, attempts: 3, lastError: expect.stringContaining('HTTP 500') })]);
      expect(dead[0].lastError).not.toContain('@');

      const errors = logged.records().filter((r) => r.level === pino.levels.values.error);
      expect(errors).toEqual([expect.objectContaining({ msg: 'sign-up dead-lettered', signUp: doomed.id, origin: 'hint', attempts: 3 })]);
      // No log line anywhere names the shopper.
      expect(logged.lines.join('\n')).not.toContain('@example.com');
    });

    test('dead-letters at once a message the provider refused for good', async () => {
      const peer = recordingPeer();
      const outbox = await open(peer.deliver, { maxAttempts: 8 });
      const msg = message({ origin: 'backInStock' });
      peer.failAlways(msg.id, providerError('HTTP 400 invalid email', { retryable: false }));
      await outbox.enqueue(msg);
      outbox.start();
      await until(async () => (await outbox.stats()).dead === 1, 'dead-lettered');
      expect(peer.attemptsOf(msg.id)).toHaveLength(1);
      expect(await outbox.deadLetters()).toEqual([
        expect.objectContaining({ message: msg, attempts: 1, lastError: expect.stringContaining('HTTP 400') }),
      ]);
      expect(logged.records()).toContainEqual(expect.objectContaining({ msg: 'sign-up dead-lettered', signUp: msg.id, origin: 'backInStock' }));
      // Still held as dead: enqueueing the same id again does not revive it.
      await outbox.enqueue(msg);
      expect(await outbox.stats()).toMatchObject({ pending: 0, dead: 1 });
    });

    test('holds one message per id: the same id enqueued twice is delivered once', async () => {
      const peer = recordingPeer();
      const outbox = await open(peer.deliver);
      const msg = message();
      await outbox.enqueue(msg);
      await Promise.all([outbox.enqueue(msg), outbox.enqueue({ ...msg, origin: 'popup' })]);
      expect(await outbox.stats()).toMatchObject({ pending: 1 });
      expect(await harness.readBack(msg.id)).toEqual(msg); // the first one stays
      outbox.start();
      await until(() => peer.delivered.get(msg.id) === 1, 'delivered');
      await outbox.stop();
      expect(peer.attemptsOf(msg.id)).toHaveLength(1);
    });

    test('a new instance on the same storage delivers what a stopped one left: none lost, none doubled (200)', async () => {
      const peer = recordingPeer({ latencyMs: 2 });
      const first = await open(peer.deliver, { concurrency: 4 });
      const messages = Array.from({ length: 200 }, () => message());
      // A few of them fail once first, so retries are pending across the restart too.
      for (const m of messages.slice(0, 200).filter((_, i) => i % 25 === 0)) peer.failNext(m.id, providerError('HTTP 503', { retryable: true }));
      for (let i = 0; i < messages.length; i += 50) await Promise.all(messages.slice(i, i + 50).map((m) => first.enqueue(m)));
      first.start();
      await until(() => peer.delivered.size >= 40, 'part delivered');
      await first.stop();
      const deliveredByFirst = peer.delivered.size;
      expect(deliveredByFirst).toBeLessThan(200);

      // The "restarted process": a new instance on the same Redis prefix / spool folder.
      const second = await open(peer.deliver, { concurrency: 4 });
      expect((await second.stats()).pending).toBe(200 - deliveredByFirst);
      second.start();
      await until(() => peer.delivered.size === 200, 'all 200 delivered', 30_000);
      await until(async () => (await second.stats()).pending === 0, 'nothing pending');
      expect(await second.stats()).toMatchObject({ pending: 0, dead: 0 });
      await second.stop();
      expect(messages.filter((m) => peer.delivered.get(m.id) !== 1)).toEqual([]);
    }, 60_000);

    test('a retry scheduled before a restart keeps its Retry-After in the next instance', async () => {
      const peer = recordingPeer();
      const first = await open(peer.deliver);
      const msg = message();
      peer.failNext(msg.id, providerError('HTTP 429', { retryable: true, retryAfterMs: 400 }));
      await first.enqueue(msg);
      first.start();
      await until(() => peer.attemptsOf(msg.id).length === 1, 'first attempt');
      await first.stop();
      const second = await open(peer.deliver);
      second.start();
      await until(() => peer.delivered.get(msg.id) === 1, 'delivered by the next instance');
      const [a, b] = peer.attemptsOf(msg.id).map((x) => x.at);
      expect(b - a).toBeGreaterThanOrEqual(400);
    });

    test('stop aborts a delivery that outlasts the grace period; the next instance delivers it, the attempt not counted', async () => {
      const peer = recordingPeer();
      peer.holdWith(
        (signal) =>
          new Promise<void>((_, reject) => {
            signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
          }),
      );
      // One attempt allowed: had the aborted one counted, the message would be dead now.
      const first = await open(peer.deliver, { maxAttempts: 1, stopGraceMs: 100 });
      const msg = message();
      await first.enqueue(msg);
      first.start();
      await until(() => peer.attemptsOf(msg.id).length === 1, 'delivery under way');
      await first.stop();
      expect(peer.delivered.size).toBe(0);

      peer.holdWith(null);
      const second = await open(peer.deliver, { maxAttempts: 1 });
      expect(await second.stats()).toMatchObject({ pending: 1, dead: 0 });
      second.start();
      await until(() => peer.delivered.get(msg.id) === 1, 'delivered by the next instance');
      expect(await second.stats()).toMatchObject({ dead: 0 });
    });

    test('refuses an id that is not a UUID, storing nothing', async () => {
      const outbox = await open(recordingPeer().deliver);
      await expect(outbox.enqueue(message({ id: '../../etc/passwd' }))).rejects.toThrow(TypeError);
      await expect(outbox.enqueue(message({ id: '' }))).rejects.toThrow(TypeError);
      expect(await outbox.stats()).toMatchObject({ pending: 0 });
    });
  });
}

contract('file spool', fileHarness);
(hasRedis ? contract : describe.skip)('BullMQ on Redis', redisHarness);

describe('file spool: what a crash can leave behind', () => {
  let dir: string;
  const running: FileOutbox[] = [];
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'outbox-crash-'));
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((o) => o.stop()));
    rmSync(dir, { recursive: true, force: true });
  });
  const open = (deliver: Deliver, log = pino({ level: 'silent' })) => {
    const outbox = new FileOutbox({ dir, deliver, log, backoff: TEST_BACKOFF, rescanMs: 200 });
    running.push(outbox);
    return outbox;
  };
  const write = (sub: string, name: string, value: unknown) => {
    mkdirSync(path.join(dir, sub), { recursive: true });
    writeFileSync(path.join(dir, sub, name), typeof value === 'string' ? value : JSON.stringify(value));
  };

  test('enqueue leaves one fsynced file in pending/ and nothing in tmp/', async () => {
    const outbox = open(recordingPeer().deliver);
    const msg = message();
    await outbox.enqueue(msg);
    expect(readdirSync(path.join(dir, 'pending'))).toEqual([`${msg.id}.json`]);
    expect(readdirSync(path.join(dir, 'tmp'))).toEqual([]);
    expect(JSON.parse(readFileSync(path.join(dir, 'pending', `${msg.id}.json`), 'utf8'))).toMatchObject({ message: msg, attempts: 0 });
  });

  test('on start: delivers pending files, honours their recorded schedule, and settles half-done moves', async () => {
    const now = Date.now();
    const due = message();
    const later = message();
    const buried = message();
    write('pending', `${due.id}.json`, { message: due, attempts: 2, nextAttemptAt: now - 1000, storedAt: now - 5000 });
    write('pending', `${later.id}.json`, { message: later, attempts: 1, nextAttemptAt: now + 400, storedAt: now - 5000 });
    // A crash inside the dead-letter move: the dead record is written, the pending file not yet removed.
    write('pending', `${buried.id}.json`, { message: buried, attempts: 7, nextAttemptAt: now, storedAt: now - 9000 });
    write('dead', `${buried.id}.json`, { message: buried, attempts: 8, lastError: 'HTTP 500', storedAt: now - 9000, deadAt: now - 10 });
    // A write that never finished, and a file that is not a message.
    write('tmp', `${randomUUID()}.abc.json`, '{"message":');
    write('pending', 'notes.txt', 'not a message');
    const peer = recordingPeer();
    const outbox = open(peer.deliver);
    outbox.start();
    await until(() => peer.delivered.size === 2, 'both delivered');
    await until(async () => (await outbox.stats()).pending === 0, 'nothing pending');
    expect(peer.attemptsOf(buried.id)).toEqual([]);
    expect(peer.attemptsOf(later.id)[0].at).toBeGreaterThanOrEqual(now + 400);
    expect(await outbox.stats()).toEqual({ pending: 0, dead: 1, delivered: 2 });
    expect(readdirSync(path.join(dir, 'pending'))).toEqual(['notes.txt']);
  });

  test('an unreadable pending file is moved aside to corrupt/, logged, and the rest still delivered', async () => {
    const bad = randomUUID();
    const good = message();
    write('pending', `${bad}.json`, '{"truncated');
    write('pending', `${good.id}.json`, { message: good, attempts: 0, nextAttemptAt: 0, storedAt: 0 });
    const logged = recordingLog();
    const peer = recordingPeer();
    const outbox = open(peer.deliver, logged.log);
    outbox.start();
    await until(() => peer.delivered.get(good.id) === 1, 'the readable one delivered');
    await until(() => existsSync(path.join(dir, 'corrupt')) && readdirSync(path.join(dir, 'corrupt')).length === 1, 'quarantined');
    expect(logged.records()).toContainEqual(expect.objectContaining({ signUp: bad, msg: 'outbox spool: unreadable pending file moved to corrupt/' }));
  });

  test('delivers oldest first', async () => {
    const now = Date.now();
    const messages = Array.from({ length: 5 }, () => message());
    // Written newest first; stored times say the opposite order.
    messages.forEach((m, i) => write('pending', `${m.id}.json`, { message: m, attempts: 0, nextAttemptAt: 0, storedAt: now - i * 1000 }));
    const peer = recordingPeer();
    const outbox = new FileOutbox({ dir, deliver: peer.deliver, log: pino({ level: 'silent' }), concurrency: 1 });
    running.push(outbox);
    outbox.start();
    await until(() => peer.delivered.size === 5, 'all delivered');
    expect(peer.attempts.map((a) => a.id)).toEqual(messages.map((m) => m.id).reverse());
  });

  test('enqueue throws OutboxUnavailableError when the spool cannot be written', async () => {
    const blocked = path.join(dir, 'a-file');
    writeFileSync(blocked, '');
    const outbox = new FileOutbox({ dir: path.join(blocked, 'outbox'), deliver: recordingPeer().deliver, log: pino({ level: 'silent' }) });
    await expect(outbox.enqueue(message())).rejects.toMatchObject({ name: 'OutboxUnavailableError' });
  });
});
