/**
 * Runs GROQ queries on a worker thread (groq-worker.ts) with limits, so one hostile query cannot
 * stall or exhaust the emulator (a 45-byte query once built a 357 MB answer, ADR-0020):
 * - time: a query running longer than `timeLimitMs` (default 10 s, counted once a loaded thread has it) is stopped (the thread is
 *   terminated and a fresh one takes over) → 400 `queryLimitError`;
 * - memory: the thread's heap is capped (`heapLimitMb`, default 256 MB); a query that exhausts
 *   it → 400 `queryLimitError` the same way;
 * - result size: answers over `maxResultBytes` (default 16 MB of JSON) → 400 `queryLimitError`;
 * - nesting depth: checked before parsing (query.ts) → 400 `queryParseError`.
 * Queries run on `threads` threads (default 2), in arrival order, so one slow query leaves the
 * other thread to the shop's own queries, and the HTTP server stays free meanwhile (images,
 * documents, mutations). Each thread holds its own copy of the dataset; `setDocuments` updates them.
 */
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { SanityDocument } from './dataset';
import { ContentLakeError, queryLimitError } from './errors';
import type { QueryJob, QueryOutcome } from './groq-worker';

export type QueryLimits = { timeLimitMs: number; heapLimitMb: number; maxResultBytes: number; threads: number };

export const DEFAULT_QUERY_LIMITS: QueryLimits = { timeLimitMs: 10_000, heapLimitMb: 256, maxResultBytes: 16 * 1024 * 1024, threads: 2 };

type Pending = {
  job: QueryJob;
  resolve: (json: string) => void;
  reject: (error: unknown) => void;
};

/**
 * The worker thread: from source (tests, tsx) the .ts file through tsx's loader; from the
 * emulator bundle (dist/emulators/index.js) the sibling groq-worker.js it was built with.
 */
function spawnWorker(documents: SanityDocument[], heapLimitMb: number): Worker {
  const options = { workerData: { documents }, resourceLimits: { maxOldGenerationSizeMb: heapLimitMb } };
  if (__filename.endsWith('.ts')) {
    const source = path.join(__dirname, 'groq-worker.ts');
    return new Worker(`require('tsx/cjs'); require(${JSON.stringify(source)});`, { ...options, eval: true });
  }
  return new Worker(path.join(__dirname, 'groq-worker.js'), options);
}

/** One query thread and the query it is running, if any. */
type Slot = { worker: Worker; ready: boolean; running: (Pending & { timer: NodeJS.Timeout }) | null };

export class QueryRunner {
  private readonly slots: Slot[];
  private readonly queue: Pending[] = [];
  private nextId = 1;
  private closed = false;

  constructor(
    private documents: SanityDocument[],
    private readonly limits: QueryLimits = DEFAULT_QUERY_LIMITS,
  ) {
    this.slots = Array.from({ length: limits.threads }, () => {
      const slot: Slot = { worker: null as unknown as Worker, ready: false, running: null };
      slot.worker = this.start(slot);
      return slot;
    });
  }

  /**
   * Evaluate `query` under `perspective` (private documents only with `privateAccess`).
   * @returns the result as JSON text
   * @throws ContentLakeError 400 for a query error or an exceeded limit
   */
  run(query: string, params: Record<string, unknown>, perspective: QueryJob['perspective'], privateAccess: boolean): Promise<string> {
    if (this.closed) return Promise.reject(new Error('the query runner is closed'));
    const job: QueryJob = { type: 'query', id: this.nextId++, query, params, perspective, privateAccess, maxResultBytes: this.limits.maxResultBytes };
    return new Promise((resolve, reject) => {
      this.queue.push({ job, resolve, reject });
      this.pump();
    });
  }

  /** The dataset changed (a mutation): later queries see `documents`. */
  setDocuments(documents: SanityDocument[]): void {
    this.documents = documents;
    for (const slot of this.slots) slot.worker.postMessage({ type: 'documents', documents });
  }

  /** Stops the threads; queued and running queries are rejected. */
  async close(): Promise<void> {
    this.closed = true;
    const error = new Error('the content lake emulator is stopping');
    for (const pending of this.queue.splice(0)) pending.reject(error);
    for (const slot of this.slots) this.finish(slot)?.reject(error);
    await Promise.all(this.slots.map((slot) => slot.worker.terminate()));
  }

  private start(slot: Slot): Worker {
    const worker = spawnWorker(this.documents, this.limits.heapLimitMb);
    slot.ready = false;
    worker.on('message', (outcome: QueryOutcome | { type: 'ready' }) => {
      // The time limit counts from a loaded thread, never its start-up.
      if ('type' in outcome) {
        if (worker === slot.worker) slot.ready = true;
        return this.pump();
      }
      const pending = slot.running?.job.id === outcome.id ? this.finish(slot) : null;
      if (!pending) return;
      if (outcome.ok) pending.resolve(outcome.json);
      else if ('internal' in outcome) pending.reject(new Error(`GROQ evaluation failed: ${outcome.internal}`));
      else pending.reject(new ContentLakeError(outcome.status, outcome.body));
      this.pump();
    });
    // Out of memory (ERR_WORKER_OUT_OF_MEMORY) or any other death: the running query caused it.
    worker.on(
      'error',
      () => worker === slot.worker && this.replace(slot, queryLimitError(`The query exceeded the ${this.limits.heapLimitMb} MB memory limit`)),
    );
    worker.on('exit', () => {
      if (worker === slot.worker && !this.closed) this.replace(slot, queryLimitError('The query stopped the query engine'));
    });
    return worker;
  }

  /** Hands queued queries to idle threads, in arrival order. */
  private pump(): void {
    for (const slot of this.slots) {
      if (this.closed || this.queue.length === 0) return;
      if (slot.running || !slot.ready) continue;
      const next = this.queue.shift()!;
      const timer = setTimeout(
        () => this.replace(slot, queryLimitError(`The query exceeded the ${this.limits.timeLimitMs / 1000} s time limit`)),
        this.limits.timeLimitMs,
      );
      slot.running = { ...next, timer };
      slot.worker.postMessage(next.job);
    }
  }

  /** Clears and returns the slot's running query. */
  private finish(slot: Slot): Pending | null {
    const running = slot.running;
    if (!running) return null;
    clearTimeout(running.timer);
    slot.running = null;
    return running;
  }

  /** The slot's thread is stuck or dead: fail its query with `error`, start a fresh thread, go on. */
  private replace(slot: Slot, error: ContentLakeError): void {
    if (this.closed) return;
    this.finish(slot)?.reject(error);
    const old = slot.worker;
    slot.worker = this.start(slot);
    void old.terminate();
    this.pump();
  }
}
