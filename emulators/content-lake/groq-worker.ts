/**
 * The content lake's query thread (built to dist/emulators/groq-worker.js; see query-runner.ts):
 * holds the dataset, applies a request's perspective and evaluates its GROQ query with groq-js,
 * so a query that runs long or builds a huge answer never blocks the emulator's HTTP server.
 *
 * Messages in: `{ type: 'documents', documents }` (the dataset after a mutation) and
 * `QueryJob`. Out: `{ type: 'ready' }` once loaded, then `QueryOutcome` for each job, with the
 * result already serialised to JSON and refused (400) beyond `maxResultBytes`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { LRUCache } from 'lru-cache';
import type { SanityDocument } from './dataset';
import { ContentLakeError, queryLimitError } from './errors';
import { applyPerspective, isPrivateId, type Perspective } from './perspective';
import { createView, runQuery, type QueryView } from './query';

/** One query to evaluate. */
export type QueryJob = {
  type: 'query';
  id: number;
  query: string;
  params: Record<string, unknown>;
  perspective: Perspective;
  privateAccess: boolean;
  /** Answers longer than this (UTF-8 bytes of the result's JSON) are refused with 400. */
  maxResultBytes: number;
};

/** A job's outcome: the result as JSON text, or a Content Lake error body, or an internal failure. */
export type QueryOutcome =
  | { id: number; ok: true; json: string }
  | { id: number; ok: false; status: number; body: ContentLakeError['body'] }
  | { id: number; ok: false; internal: string };

let documents = (workerData as { documents: SanityDocument[] }).documents;
// Views are memoised (dropped on a mutation); bounded, as release names are free text.
const views = new LRUCache<string, QueryView>({ max: 32 });

function viewFor(perspective: Perspective, privateAccess: boolean): QueryView {
  const key = `${JSON.stringify(perspective)}|${privateAccess}`;
  let view = views.get(key);
  if (!view) {
    const visible = privateAccess ? documents : documents.filter((doc) => !isPrivateId(doc._id));
    view = createView(applyPerspective(visible, perspective));
    views.set(key, view);
  }
  return view;
}

async function answer(job: QueryJob): Promise<QueryOutcome> {
  try {
    const result = await runQuery(viewFor(job.perspective, job.privateAccess), job.query, job.params);
    const json = JSON.stringify(result) ?? 'null';
    if (Buffer.byteLength(json) > job.maxResultBytes)
      throw queryLimitError(`The query result exceeds the ${job.maxResultBytes / 1024 / 1024} MB limit`);
    return { id: job.id, ok: true, json };
  } catch (error) {
    if (error instanceof ContentLakeError) return { id: job.id, ok: false, status: error.status, body: error.body };
    // A result too long for one string is the query's size, not the emulator's failure.
    if (error instanceof RangeError && /string length/i.test(error.message)) {
      const limited = queryLimitError(`The query result exceeds the ${job.maxResultBytes / 1024 / 1024} MB limit`);
      return { id: job.id, ok: false, status: limited.status, body: limited.body };
    }
    return { id: job.id, ok: false, internal: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}

parentPort!.on('message', (message: QueryJob | { type: 'documents'; documents: SanityDocument[] }) => {
  if (message.type === 'documents') {
    documents = message.documents;
    views.clear();
    return;
  }
  void answer(message).then((outcome) => parentPort!.postMessage(outcome));
});
// Loaded (from source, tsx compiles first, which can take seconds on a busy machine): jobs may come.
parentPort!.postMessage({ type: 'ready' });
