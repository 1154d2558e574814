/**
 * The file spool (docs/architecture.md §8): the outbox without Redis, and the fallback when a
 * Redis write fails. Same contract as the BullMQ store (server/outbox/types.ts).
 *
 * Layout under `dir` (config `marketing.outboxDir`, e.g. `.data/outbox`):
 *
 *   tmp/<id>.<random>.json   being written; never read; stale ones are removed at start
 *   pending/<id>.json        stored, not yet delivered: `{ message, attempts, nextAttemptAt, storedAt, lastError? }`
 *   dead/<id>.json           given up on: `{ message, attempts, lastError, storedAt, deadAt }`
 *   corrupt/<name>           a pending file that could not be read back (never expected; kept for an operator)
 *
 * Durability: a message is written to tmp/, fsynced, linked into pending/ (link fails when the
 * id is there already, which makes enqueue idempotent without a check-then-write race), and
 * pending/ is fsynced; only then does enqueue resolve. A crash at any point loses nothing: either
 * enqueue never resolved (the shopper got no "Thank you"), or the file is in pending/ and the
 * next process delivers it. A crash between a delivery and the unlink of its file delivers that
 * message twice, which is fine: deliveries are idempotent upstream (shared/marketing.ts).
 *
 * A spool directory belongs to one process at a time (each instance has its own data folder):
 * two processes sharing one would each deliver its files, at least once but possibly twice.
 *
 * Ids are checked to be UUIDs before they become file names, and only `<uuid>.json` files are
 * ever read, so nothing outside the spool can be named or reached.
 */
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Logger } from '../logger';
import {
  assertOutboxMessage,
  classifyFailure,
  DEFAULT_BACKOFF,
  DEFAULT_CONCURRENCY,
  DEFAULT_MAX_ATTEMPTS,
  isOutboxId,
  retryDelay,
  settles,
  type BackoffOptions,
  type DeadLetter,
} from './policy';
import { OutboxUnavailableError, type Deliver, type Outbox, type OutboxMessage, type OutboxStats } from './types';

export type FileOutboxOptions = {
  /** The spool folder (created when missing). */
  dir: string;
  deliver: Deliver;
  log: Logger;
  /** Attempts, the first included, before dead-lettering (default 8). */
  maxAttempts?: number;
  /** Retry waits in ms (default 1 s doubling to 5 min, jittered); Retry-After overrides when longer. */
  backoff?: BackoffOptions;
  /** Deliveries at once (default 4). */
  concurrency?: number;
  /** Clock in epoch ms for the retry schedule (default `Date.now`). */
  now?: () => number;
  /** How often pending/ is re-read for files this process does not know, in ms (default 5000). */
  rescanMs?: number;
  /** How long `stop()` lets in-flight deliveries finish before aborting them, in ms (default 5000). */
  stopGraceMs?: number;
};

/** A pending file's content. */
type PendingRecord = {
  message: OutboxMessage;
  /** Failed attempts so far. */
  attempts: number;
  /** Epoch ms before which it is not attempted (Retry-After / backoff). */
  nextAttemptAt: number;
  /** Epoch ms it was first stored: the delivery order (oldest first). */
  storedAt: number;
  lastError?: string;
};

type DeadRecord = { message: OutboxMessage; attempts: number; lastError: string; storedAt: number; deadAt: number };

/**
 * A pending message the worker knows of. Heaps hold entries; one that is no longer its id's
 * current entry (superseded, delivered, forgotten) is skipped when popped. `seq` orders additions.
 */
type Entry = { id: string; storedAt: number; dueAt: number; seq: number };
/** When to attempt a message again. */
type Retry = { storedAt: number; dueAt: number };

const FILE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.json$/i;
/** tmp/ files older than this at start belong to a crashed write (ms). */
const STALE_TMP_MS = 60_000;
/** Longest a setTimeout may wait (larger values fire at once). */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** Errors of `link` that mean "this filesystem has no hard links", not "the id exists". */
const NO_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV']);

/** The file spool outbox. `enqueue` works before `start`; `start`/`stop` may alternate. */
export class FileOutbox implements Outbox {
  readonly dir: string;
  private readonly pendingDir: string;
  private readonly deadDir: string;
  private readonly tmpDir: string;
  private readonly corruptDir: string;
  private readonly deliver: Deliver;
  private readonly log: Logger;
  private readonly maxAttempts: number;
  private readonly backoff: BackoffOptions;
  private readonly concurrency: number;
  private readonly now: () => number;
  private readonly rescanMs: number;
  private readonly stopGraceMs: number;
  private readonly pendingSync: DirSync;
  private readonly deadSync: DirSync;

  private dirs: Promise<void> | null = null;
  /** Every pending message this process knows of, by id (the current entry). */
  private readonly schedule = new Map<string, Entry>();
  /** Due now, oldest stored first. */
  private readonly ready = new Heap<Entry>((a, b) => a.storedAt - b.storedAt);
  /** Due later, soonest first. */
  private readonly waiting = new Heap<Entry>((a, b) => a.dueAt - b.dueAt);
  private readonly inFlight = new Map<string, { controller: AbortController; done: Promise<void> }>();
  private running = false;
  private wakeTimer: NodeJS.Timeout | null = null;
  private wakeAt = Infinity;
  private rescanTimer: NodeJS.Timeout | null = null;
  private scanning: Promise<void> | null = null;
  private delivered = 0;
  /** Delivered files being removed now: `stats` waits for a listing no removal overlapped. */
  private removals = 0;
  private seq = 0;

  constructor(options: FileOutboxOptions) {
    this.dir = path.resolve(options.dir);
    this.pendingDir = path.join(this.dir, 'pending');
    this.deadDir = path.join(this.dir, 'dead');
    this.tmpDir = path.join(this.dir, 'tmp');
    this.corruptDir = path.join(this.dir, 'corrupt');
    this.deliver = options.deliver;
    this.log = options.log;
    this.maxAttempts = Math.max(1, options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS);
    this.backoff = options.backoff ?? DEFAULT_BACKOFF;
    this.concurrency = Math.max(1, options.concurrency ?? DEFAULT_CONCURRENCY);
    this.now = options.now ?? Date.now;
    this.rescanMs = options.rescanMs ?? 5000;
    this.stopGraceMs = options.stopGraceMs ?? 5000;
    this.pendingSync = new DirSync(this.pendingDir);
    this.deadSync = new DirSync(this.deadDir);
  }

  /**
   * Resolves once the message's file is fsynced and renamed into pending/ and pending/ itself is
   * fsynced. A no-op when the id is already pending or dead-lettered. A delivered message's file
   * is gone, so the same id enqueued after delivery is delivered again (idempotent upstream).
   * @throws TypeError when `message.id` is not a UUID
   * @throws OutboxUnavailableError when the file could not be written (disk full, permissions…)
   */
  async enqueue(message: OutboxMessage): Promise<void> {
    assertOutboxMessage(message);
    const { id } = message;
    try {
      await this.ensureDirs();
      if (await exists(this.deadPath(id))) return;
      const storedAt = this.now();
      const record: PendingRecord = { message, attempts: 0, nextAttemptAt: storedAt, storedAt };
      const tmp = await this.writeTemp(id, record);
      let added = true;
      try {
        // link, not rename: it refuses to replace an existing file, so two enqueues of one id
        // (or an enqueue racing a retry's rewrite) can never clobber each other.
        await fs.link(tmp, this.pendingPath(id));
      } catch (err) {
        const code = errorCode(err);
        if (code === 'EEXIST') added = false;
        else if (code && NO_LINKS.has(code)) {
          // A filesystem without hard links: check, then rename (a race here only means a
          // duplicate delivery, never a loss).
          if (await exists(this.pendingPath(id))) added = false;
          else await fs.rename(tmp, this.pendingPath(id));
        } else throw err;
      } finally {
        await fs.rm(tmp, { force: true });
      }
      // Also when it existed: an earlier enqueue of the same id may still be before its own fsync.
      await this.pendingSync.sync();
      if (added) this.add({ id, storedAt, dueAt: storedAt });
    } catch (err) {
      throw new OutboxUnavailableError('outbox spool: could not store the message', { cause: err });
    }
  }

  /** True when `id` is pending or dead-lettered here (false for anything that is not a UUID). */
  async has(id: string): Promise<boolean> {
    if (!isOutboxId(id)) return false;
    return (await exists(this.pendingPath(id))) || (await exists(this.deadPath(id)));
  }

  /** Starts delivering: reads pending/ (what an earlier process left), then keeps going. Idempotent. */
  start(): void {
    if (this.running) return;
    this.running = true;
    void this.rescan(true);
    this.rescanTimer = setInterval(() => void this.rescan(false), this.rescanMs);
    this.rescanTimer.unref();
    this.pump();
  }

  /**
   * Stops taking new work, gives in-flight deliveries `stopGraceMs` to finish, then aborts their
   * signals and waits (about a second more) for them to settle. An aborted delivery stays pending
   * with its attempt not counted; the next start delivers it. Resolves; never throws.
   */
  async stop(): Promise<void> {
    this.running = false;
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    if (this.rescanTimer) clearInterval(this.rescanTimer);
    this.wakeTimer = null;
    this.wakeAt = Infinity;
    this.rescanTimer = null;
    const flights = [...this.inFlight.values()];
    const settled = Promise.allSettled(flights.map((f) => f.done));
    if (!(await settles(settled, this.stopGraceMs))) {
      for (const f of flights) f.controller.abort(new Error('outbox stopping'));
      await settles(settled, 1000);
    }
    await settles(this.scanning ?? Promise.resolve(), 1000);
  }

  /**
   * Gives each pending message, oldest first, to `take` (another store) with its failed attempts
   * and next attempt time, and deletes its file once `take` resolved: a crash in between leaves
   * the file, so the message may be delivered twice (idempotent upstream), never lost. Stops at
   * the first message `take` refuses (it is down) or at `deadline` (epoch ms, real time).
   * Dead letters stay. Only while stopped: a running worker would deliver the same files.
   * @returns how many were handed over, and how many stay pending here
   * @throws Error when called while started
   */
  async handOver(
    take: (message: OutboxMessage, carried: { attempts: number; nextAttemptAt: number }) => Promise<void>,
    deadline: number,
  ): Promise<{ handedOver: number; left: number }> {
    if (this.running) throw new Error('outbox spool: handOver needs the spool stopped');
    const dead = new Set(await listMessages(this.deadDir));
    const records: PendingRecord[] = [];
    for (const name of await listMessages(this.pendingDir)) {
      if (dead.has(name)) continue; // half-buried by a crash: dead already (see `cleanUp`)
      const record = await this.readPending(name.slice(0, -'.json'.length));
      if (record) records.push(record);
    }
    records.sort((a, b) => a.storedAt - b.storedAt);
    let handedOver = 0;
    for (const record of records) {
      if (Date.now() > deadline) break;
      try {
        await take(record.message, { attempts: record.attempts, nextAttemptAt: record.nextAttemptAt });
      } catch {
        break;
      }
      await fs.rm(this.pendingPath(record.message.id), { force: true });
      this.schedule.delete(record.message.id);
      handedOver += 1;
    }
    return { handedOver, left: records.length - handedOver };
  }

  /** Counts files in pending/ and dead/ (fixed per `bury`); `delivered` counts this instance's deliveries. */
  async stats(): Promise<OutboxStats> {
    // A delivery finishing during the listing could be counted twice or not at all: list again
    // until no removal overlapped it (a few tries; under constant delivery the last one stands).
    let listed = await this.listing();
    for (let tries = 0; tries < 20 && !listed.settled; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      listed = await this.listing();
    }
    const { pending, dead, delivered } = listed;
    // A message being dead-lettered is briefly in both folders (see `bury`): count it once, as dead.
    const deadSet = new Set(dead);
    return { pending: pending.filter((name) => !deadSet.has(name)).length, dead: dead.length, delivered };
  }

  /** pending/ and dead/ listed, the delivered count, and whether no removal overlapped the listing. */
  private async listing(): Promise<{ pending: string[]; dead: string[]; delivered: number; settled: boolean }> {
    const [delivered, removals] = [this.delivered, this.removals];
    const [pending, dead] = await Promise.all([listMessages(this.pendingDir), listMessages(this.deadDir)]);
    return { pending, dead, delivered, settled: removals === 0 && this.removals === 0 && this.delivered === delivered };
  }

  /** The dead/ records, oldest dead-lettered first (`deadAt`, epoch ms). Unreadable files are skipped. */
  async deadLetters(): Promise<DeadLetter[]> {
    const names = await listMessages(this.deadDir);
    const records = await Promise.all(
      names.map(async (name) => {
        try {
          return JSON.parse(await fs.readFile(path.join(this.deadDir, name), 'utf8')) as DeadRecord;
        } catch (err) {
          this.log.warn({ file: name, err }, 'outbox spool: unreadable dead letter skipped');
          return null;
        }
      }),
    );
    return records
      .filter((r): r is DeadRecord => r !== null)
      .sort((a, b) => a.deadAt - b.deadAt)
      .map(({ message, attempts, lastError, deadAt }) => ({ message, attempts, lastError, deadAt }));
  }

  private pendingPath(id: string): string {
    return path.join(this.pendingDir, `${id}.json`);
  }

  private deadPath(id: string): string {
    return path.join(this.deadDir, `${id}.json`);
  }

  private ensureDirs(): Promise<void> {
    if (!this.dirs) {
      // allSettled: a failure is reported only once every mkdir is over, none left running behind it.
      this.dirs = Promise.allSettled([this.pendingDir, this.deadDir, this.tmpDir].map((d) => fs.mkdir(d, { recursive: true }))).then((results) => {
        for (const r of results) if (r.status === 'rejected') throw r.reason;
      });
      // A failure (e.g. a read-only volume being fixed) is retried by the next call.
      this.dirs.catch(() => {
        this.dirs = null;
      });
    }
    return this.dirs;
  }

  /** Writes `value` as JSON to a new file in tmp/ and fsyncs it; returns its path. */
  private async writeTemp(id: string, value: unknown): Promise<string> {
    const tmp = path.join(this.tmpDir, `${id}.${randomBytes(6).toString('hex')}.json`);
    const handle = await fs.open(tmp, 'wx');
    try {
      await handle.writeFile(JSON.stringify(value));
      await handle.sync();
    } catch (err) {
      await handle.close().catch(() => undefined);
      await fs.rm(tmp, { force: true });
      throw err;
    }
    await handle.close();
    return tmp;
  }

  /** Replaces `file` atomically with `value` (write to tmp/, fsync, rename over). */
  private async replace(file: string, id: string, value: unknown): Promise<void> {
    const tmp = await this.writeTemp(id, value);
    try {
      await fs.rename(tmp, file);
    } catch (err) {
      await fs.rm(tmp, { force: true });
      throw err;
    }
  }

  /** Makes `entry` the current one for its id, files it as due now or later, and (unless told not to) pumps. */
  private add({ id, storedAt, dueAt }: Omit<Entry, 'seq'>, pump = true): void {
    const entry: Entry = { id, storedAt, dueAt, seq: ++this.seq };
    this.schedule.set(id, entry);
    if (entry.dueAt <= this.now()) this.ready.push(entry);
    else this.waiting.push(entry);
    if (pump) this.pump();
  }

  private isCurrent(entry: Entry): boolean {
    return this.schedule.get(entry.id) === entry;
  }

  /** Starts due deliveries up to the concurrency, then sleeps until the next one is due. */
  private pump(): void {
    if (!this.running) return;
    const now = this.now();
    for (let next = this.waiting.peek(); next && next.dueAt <= now; next = this.waiting.peek()) {
      this.waiting.pop();
      if (this.isCurrent(next)) this.ready.push(next);
    }
    while (this.inFlight.size < this.concurrency) {
      const entry = this.ready.pop();
      if (!entry) break;
      if (this.isCurrent(entry) && !this.inFlight.has(entry.id)) this.launch(entry);
    }
    while (this.waiting.peek() && !this.isCurrent(this.waiting.peek()!)) this.waiting.pop();
    const next = this.waiting.peek();
    if (next) this.wakeUpAt(next.dueAt);
  }

  private wakeUpAt(at: number): void {
    if (this.wakeTimer && this.wakeAt <= at) return;
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    this.wakeAt = at;
    this.wakeTimer = setTimeout(
      () => {
        this.wakeTimer = null;
        this.wakeAt = Infinity;
        this.pump();
      },
      Math.min(MAX_TIMER_MS, Math.max(0, at - this.now())),
    );
    this.wakeTimer.unref();
  }

  private launch(entry: Entry): void {
    const controller = new AbortController();
    const done = this.attempt(entry, controller.signal)
      .catch((err): Retry => {
        // The spool itself failed (not the delivery): keep the message and try again later.
        this.log.error({ signUp: entry.id, err }, 'outbox spool: delivery bookkeeping failed; will retry');
        return { storedAt: entry.storedAt, dueAt: this.now() + this.backoff.baseMs };
      })
      .then((retry) => {
        // The only place an id leaves inFlight, so a retry can never be started twice.
        this.inFlight.delete(entry.id);
        if (retry && this.schedule.get(entry.id) === entry) this.add({ id: entry.id, ...retry });
        else if (this.schedule.get(entry.id) === entry) this.schedule.delete(entry.id);
        this.pump();
      });
    this.inFlight.set(entry.id, { controller, done });
  }

  /** One delivery attempt of one pending file; says when to try again, or null when done with it. */
  private async attempt(entry: Entry, signal: AbortSignal): Promise<Retry | null> {
    const { id } = entry;
    const record = await this.readPending(id);
    if (!record) return null;
    try {
      await this.deliver(record.message, signal);
    } catch (err) {
      // Aborted by stop(): not the provider's fault, so the attempt is not counted; the file
      // stays as it was and the next start delivers it.
      if (signal.aborted && !this.running) return { storedAt: record.storedAt, dueAt: record.nextAttemptAt };
      return this.failed(record, err);
    }
    // No directory fsync: if the unlink is lost in a crash, the message is delivered again (idempotent).
    this.removals += 1;
    try {
      await fs.rm(this.pendingPath(id), { force: true });
      this.delivered += 1;
    } finally {
      this.removals -= 1;
    }
    return null;
  }

  private async failed(record: PendingRecord, err: unknown): Promise<Retry | null> {
    const { id, origin } = record.message;
    const failure = classifyFailure(err);
    const attempts = record.attempts + 1;
    if (!failure.retryable || attempts >= this.maxAttempts) {
      await this.bury(record, attempts, failure.reason);
      return null;
    }
    const delayMs = retryDelay(attempts, failure, this.backoff);
    const next: PendingRecord = { ...record, attempts, nextAttemptAt: this.now() + delayMs, lastError: failure.reason };
    // Atomic but not directory-fsynced: losing this update in a crash only means an earlier retry.
    await this.replace(this.pendingPath(id), id, next);
    this.log.warn({ signUp: id, origin, attempts, retryInMs: delayMs, reason: failure.reason }, 'sign-up delivery failed; will retry');
    return { storedAt: record.storedAt, dueAt: next.nextAttemptAt };
  }

  /** dead/ first (fsynced), then the pending file goes: a crash in between leaves both, resolved at the next start. */
  private async bury(record: PendingRecord, attempts: number, lastError: string): Promise<void> {
    const { id, origin } = record.message;
    const dead: DeadRecord = { message: record.message, attempts, lastError, storedAt: record.storedAt, deadAt: this.now() };
    await this.replace(this.deadPath(id), id, dead);
    await this.deadSync.sync();
    // Said once the dead record is durable, before pending/ lets it go (so a reader that sees it
    // gone from pending/ finds the log line too). Names what and which, never who.
    this.log.error({ signUp: id, origin, attempts, reason: lastError, store: 'spool' }, 'sign-up dead-lettered');
    await fs.rm(this.pendingPath(id), { force: true });
  }

  /** The pending record, or null when it is gone or unreadable (then quarantined in corrupt/). */
  private async readPending(id: string): Promise<PendingRecord | null> {
    let text: string;
    try {
      text = await fs.readFile(this.pendingPath(id), 'utf8');
    } catch (err) {
      if (errorCode(err) === 'ENOENT') return null;
      throw err;
    }
    try {
      const record = JSON.parse(text) as PendingRecord;
      if (record?.message?.id === id && Number.isInteger(record.attempts) && Number.isFinite(record.nextAttemptAt)) return record;
    } catch {
      /* quarantined below */
    }
    this.log.error({ signUp: id }, 'outbox spool: unreadable pending file moved to corrupt/');
    await fs.mkdir(this.corruptDir, { recursive: true });
    await fs.rename(this.pendingPath(id), path.join(this.corruptDir, `${id}.${Date.now()}.json`));
    return null;
  }

  /**
   * Reads pending/ for files this process does not know of (an earlier process's, or ones it
   * lost track of) and schedules them at their recorded time. At start it also removes stale
   * tmp/ files and pending files whose id is already dead-lettered (a crash inside `bury`).
   */
  private rescan(atStart: boolean): Promise<void> {
    if (this.scanning) return this.scanning;
    this.scanning = (async () => {
      try {
        await this.ensureDirs();
        if (atStart) await this.cleanUp();
        const startSeq = this.seq;
        const names = await listMessages(this.pendingDir);
        const onDisk = new Set<string>();
        for (const name of names) {
          const id = name.slice(0, -'.json'.length);
          onDisk.add(id);
          if (this.schedule.has(id) || this.inFlight.has(id)) continue;
          const record = await this.readPending(id);
          // Not pumped one by one: the whole listing first, so that the oldest goes first.
          if (record) this.add({ id, storedAt: record.storedAt, dueAt: record.nextAttemptAt }, false);
        }
        // Entries whose file is gone (removed by hand) and that were known before the listing: forget them.
        for (const [id, entry] of [...this.schedule]) {
          if (entry.seq <= startSeq && !onDisk.has(id) && !this.inFlight.has(id)) this.schedule.delete(id);
        }
      } catch (err) {
        this.log.error({ err, dir: this.dir }, 'outbox spool: could not read the spool; will try again');
      } finally {
        this.scanning = null;
      }
      this.pump();
    })();
    return this.scanning;
  }

  private async cleanUp(): Promise<void> {
    const now = Date.now();
    for (const name of await fs.readdir(this.tmpDir)) {
      const file = path.join(this.tmpDir, name);
      const stat = await fs.stat(file).catch(() => null);
      if (stat && now - stat.mtimeMs > STALE_TMP_MS) await fs.rm(file, { force: true });
    }
    const dead = new Set(await listMessages(this.deadDir));
    for (const name of await listMessages(this.pendingDir)) {
      if (dead.has(name)) await fs.rm(path.join(this.pendingDir, name), { force: true });
    }
  }
}

/**
 * fsyncs a directory, coalescing callers: while one fsync runs, every new caller shares the
 * next one, so a burst of enqueues costs two directory fsyncs, not one each.
 */
class DirSync {
  private current: Promise<void> | null = null;
  private next: Promise<void> | null = null;

  constructor(private readonly dir: string) {}

  sync(): Promise<void> {
    if (!this.current) {
      this.current = fsyncDir(this.dir).finally(() => {
        this.current = null;
      });
      return this.current;
    }
    // Started before this caller's rename, so it may not cover it: wait for a fresh one.
    this.next ??= this.current
      .catch(() => undefined)
      .then(() => {
        this.next = null;
        return this.sync();
      });
    return this.next;
  }
}

async function fsyncDir(dir: string): Promise<void> {
  const handle = await fs.open(dir, 'r');
  try {
    await handle.sync();
  } catch (err) {
    // Some filesystems cannot fsync a directory; the rename is then as durable as they allow.
    if (!['EINVAL', 'EISDIR', 'EPERM', 'ENOTSUP'].includes(errorCode(err) ?? '')) throw err;
  } finally {
    await handle.close();
  }
}

/** The `<uuid>.json` names in `dir` (none when it does not exist). */
async function listMessages(dir: string): Promise<string[]> {
  try {
    return (await fs.readdir(dir)).filter((name) => FILE.test(name));
  } catch (err) {
    if (errorCode(err) === 'ENOENT') return [];
    throw err;
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch (err) {
    if (errorCode(err) === 'ENOENT') return false;
    throw err;
  }
}

function errorCode(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null && 'code' in err ? String(err.code) : undefined;
}

/** A binary min-heap (by `less`), enough for the spool's two queues. */
class Heap<T> {
  private readonly items: T[] = [];

  constructor(private readonly compare: (a: T, b: T) => number) {}

  get size(): number {
    return this.items.length;
  }

  peek(): T | undefined {
    return this.items[0];
  }

  push(item: T): void {
    const items = this.items;
    items.push(item);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (this.compare(items[i], items[parent]) >= 0) break;
      [items[i], items[parent]] = [items[parent], items[i]];
      i = parent;
    }
  }

  pop(): T | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length > 0 && last !== undefined) {
      items[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < items.length && this.compare(items[l], items[m]) < 0) m = l;
        if (r < items.length && this.compare(items[r], items[m]) < 0) m = r;
        if (m === i) break;
        [items[i], items[m]] = [items[m], items[i]];
        i = m;
      }
    }
    return top;
  }
}
