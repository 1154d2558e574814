/**
 * The sign-up queue says at start-up when its Redis would lose queued sign-ups on a restart
 * (server/outbox/redis-persistence.ts, docs/architecture.md §8 "Sign-up outbox"): one warning
 * naming the risk and the fix when Redis keeps nothing on disk, none when it keeps an append-only
 * file, and an info line when CONFIG is refused (as managed Redis often does).
 *
 * Real Redis: the shared test Redis (run with `--save '' --appendonly no`), and redis-servers of
 * the test's own with other settings.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { createOutbox, type DurableOutbox } from '../../server/outbox';
import { startOwnRedis, REDIS_NO_PERSISTENCE } from '../support/cluster';
import { REDIS_TEST_URL, serviceAvailable } from '../support/services';
import { freePort } from '../support/shop-process';

const hasRedis = serviceAvailable('redis');

type Line = Record<string, unknown> & { level: number; msg: string };
const WARN = 40;

describe('start-up check of the sign-up queue’s Redis persistence', () => {
  let root: string;
  const outboxes: DurableOutbox[] = [];
  const redises: Array<{ stop(signal?: NodeJS.Signals): Promise<void> }> = [];

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'outbox-persistence-'));
  });
  afterEach(async () => {
    await Promise.all(outboxes.splice(0).map((o) => o.stop()));
    await Promise.all(redises.splice(0).map((r) => r.stop('SIGKILL')));
    rmSync(root, { recursive: true, force: true });
  });

  /** An outbox on `url` (nothing enqueued, so nothing written), and the lines it logged once Redis was checked. */
  async function checkedLog(url: string): Promise<Line[]> {
    const lines: Line[] = [];
    const outbox = createOutbox({
      redis: { url, prefix: `test:outbox-persistence:${path.basename(root)}` },
      spoolDir: path.join(root, 'outbox'),
      deliver: async () => undefined,
      log: pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) }),
    });
    outboxes.push(outbox);
    const deadline = Date.now() + 10_000;
    while (!outbox.redis!.persistence) {
      if (Date.now() > deadline) throw new Error(`the outbox never connected to ${url}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await outbox.redis!.persistence;
    return lines.filter((l) => l.msg.startsWith('sign-up queue:'));
  }

  async function ownRedis(flags: string[]): Promise<string> {
    const redis = await startOwnRedis(await freePort(), { flags });
    redises.push(redis);
    return redis.url;
  }

  (hasRedis ? test : test.skip)('a Redis that keeps nothing on disk (the shared test Redis): one warning naming the risk and the fix', async () => {
    const lines = await checkedLog(REDIS_TEST_URL);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: WARN, appendonly: 'no', save: '' });
    expect(lines[0].msg).toContain('keeps nothing on disk');
    expect(lines[0].msg).toContain('a Redis restart loses sign-ups queued');
    expect(lines[0].msg).toContain('--appendonly yes');
  });

  (hasRedis ? test : test.skip)('a Redis with an append-only file: no warning', async () => {
    const lines = await checkedLog(await ownRedis(['--save', '', '--appendonly', 'yes', '--appendfsync', 'always', '--dir', root]));
    expect(lines.filter((l) => l.level >= WARN)).toEqual([]);
    expect(lines).toEqual([expect.objectContaining({ appendonly: 'yes', appendfsync: 'always', msg: expect.stringContaining('append-only file') })]);
  });

  (hasRedis ? test : test.skip)('a Redis with snapshots only: info that a restart loses what came after the last one', async () => {
    const lines = await checkedLog(await ownRedis(['--save', '3600 1', '--appendonly', 'no', '--dir', root]));
    expect(lines.filter((l) => l.level >= WARN)).toEqual([]);
    expect(lines).toEqual([expect.objectContaining({ save: '3600 1', msg: expect.stringContaining('since the last snapshot') })]);
  });

  (hasRedis ? test : test.skip)('a Redis that refuses CONFIG (as managed ones do): info that it could not be checked, no warning', async () => {
    const lines = await checkedLog(await ownRedis([...REDIS_NO_PERSISTENCE, '--rename-command', 'CONFIG', '']));
    expect(lines.filter((l) => l.level >= WARN)).toEqual([]);
    expect(lines).toEqual([expect.objectContaining({ msg: expect.stringContaining('could not check') })]);
  });
});
