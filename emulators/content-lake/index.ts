/**
 * Content Lake emulator: Sanity's query, document and image APIs over the seed dataset
 * (`{contentDir}/dataset.ndjson`, images in `{contentDir}/images/`), for the real
 * `@sanity/client` and `@sanity/image-url` configured with
 * `{ apiHost: url, useProjectHostname: false, useCdn: false }` / `{ baseUrl: url }`.
 * Read-only; see README.md for what it supports and how it differs from Sanity.
 */
import path from 'node:path';
import { DEFAULT_CONTENT_DIR, listen, type EmulatorOptions, type RunningEmulator } from '../shared/server';
import { createContentLakeApp, type ContentLakeConfig } from './app';
import { loadDataset } from './dataset';

/** DESIGN §2 default port, overridable with CONTENT_EMULATOR_PORT. */
export const CONTENT_EMULATOR_PORT = Number(process.env.CONTENT_EMULATOR_PORT ?? 4002);

export type ContentLakeOptions = EmulatorOptions & {
  /** Default `gramercy`. */
  projectId?: string;
  /** The one dataset served, default `production`; others answer 404. */
  dataset?: string;
  /** Read token required for drafts/versions; unset = every request may read them. */
  token?: string;
  onRequest?: ContentLakeConfig['onRequest'];
};

/**
 * Load the dataset and start serving it.
 * @throws when the dataset file is missing or malformed, or the port is taken.
 */
export async function startContentLakeEmulator(opts: ContentLakeOptions = {}): Promise<RunningEmulator> {
  const contentDir = opts.contentDir ?? DEFAULT_CONTENT_DIR;
  const documents = await loadDataset(path.join(contentDir, 'dataset.ndjson'));
  const app = createContentLakeApp({
    projectId: opts.projectId ?? 'gramercy',
    dataset: opts.dataset ?? 'production',
    token: opts.token,
    documents,
    contentDir,
    onRequest: opts.onRequest,
  });
  return listen('content-lake', app, { port: opts.port ?? CONTENT_EMULATOR_PORT, host: opts.host });
}
