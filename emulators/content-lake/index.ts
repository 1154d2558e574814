/**
 * Content Lake emulator: Sanity's query, document and image APIs over the seed dataset
 * (`{contentDir}/dataset.ndjson`, images in `{contentDir}/images/`), for the real
 * `@sanity/client` and `@sanity/image-url` configured with
 * `{ apiHost: url, useProjectHostname: false, useCdn: false }` / `{ baseUrl: url }`.
 * Mutations change the in-memory copy only; see README.md for what it supports and how it differs from Sanity.
 */
import path from 'node:path';
import { Faults, HeldRequests, TIMEOUT_FAULT_HOLD_MS } from '../shared/faults';
import { DEFAULT_CONTENT_DIR, listen, type EmulatorOptions, type RunningEmulator } from '../shared/server';
import { createContentLakeApp, type ContentLakeConfig } from './app';
import { loadDataset } from './dataset';
import { QueryRunner } from './query-runner';

/** Port used when `opts.port` is not given (docs/architecture.md §2). */
export const DEFAULT_CONTENT_PORT = 4002;
/** The project id served when `opts.projectId` is not given. */
export const DEFAULT_PROJECT_ID = 'gramercy';
/** The one dataset served when `opts.dataset` is not given. */
export const DEFAULT_DATASET = 'production';
/**
 * The Sanity API version whose behaviour the emulator follows (e.g. `published` as the default
 * perspective); clients should be configured with it. Other versions are accepted too.
 */
export const CONTENT_API_VERSION = '2025-02-19';

export type ContentLakeOptions = EmulatorOptions & {
  /** Default `gramercy` (`DEFAULT_PROJECT_ID`). */
  projectId?: string;
  /** The one dataset served, default `production` (`DEFAULT_DATASET`); others answer 404. */
  dataset?: string;
  /** Read token required for documents whose id has a path (drafts, versions, `secrets.*`); unset = every request may read them. */
  token?: string;
  onRequest?: ContentLakeConfig['onRequest'];
  /** How long a `timeout` fault holds a data request before answering 504, in ms; default 30 000. */
  timeoutFaultHoldMs?: number;
};

/**
 * Load the dataset and start serving it.
 * @throws when the dataset file is missing or malformed, or the port is taken.
 */
export async function startContentLakeEmulator(opts: ContentLakeOptions = {}): Promise<RunningEmulator> {
  const contentDir = opts.contentDir ?? DEFAULT_CONTENT_DIR;
  const documents = await loadDataset(path.join(contentDir, 'dataset.ndjson'));
  const queries = new QueryRunner(documents);
  const held = new HeldRequests(opts.timeoutFaultHoldMs ?? TIMEOUT_FAULT_HOLD_MS);
  const app = createContentLakeApp({
    queries,
    projectId: opts.projectId ?? DEFAULT_PROJECT_ID,
    dataset: opts.dataset ?? DEFAULT_DATASET,
    token: opts.token,
    documents,
    contentDir,
    onRequest: opts.onRequest,
    faults: new Faults(),
    held,
  });
  let running: RunningEmulator;
  try {
    running = await listen('content-lake', app, { port: opts.port ?? DEFAULT_CONTENT_PORT, host: opts.host, debugToken: opts.debugToken }, () =>
      queries.close(),
    );
  } catch (err) {
    await queries.close();
    throw err;
  }
  return {
    ...running,
    async stop() {
      // Requests a fault holds would keep the server from closing.
      held.abortAll();
      await running.stop();
    },
  };
}
