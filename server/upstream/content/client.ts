/**
 * The content lake client (docs/architecture.md §1): the real @sanity/client, pointed at Sanity
 * in live mode or at the content lake emulator in local mode (apiHost + useProjectHostname:false,
 * no CDN). The client's own retries apply (GET/HEAD up to 5 times on 429/502/503 and network
 * errors), each attempt bounded by `timeoutMs`, and the whole call, retries included, by the
 * request's deadline (or `timeoutMs` outside a request): its signal (server/http/deadline.ts)
 * aborts the attempt in flight and the retries not yet made, a 504. Results are `unknown`:
 * server/loaders/upstream-data.ts parses each one with its schema (./schemas.ts) before anything
 * reads it.
 *
 * Every read is of the `published` perspective, token or not: drafts are read only for a preview
 * request (`{ preview: true }`, server/preview), never for the public, cacheable site. Every call
 * goes through the `content` circuit breaker when one is given (server/upstream/circuit.ts).
 */
import { createClient, type SanityClient } from '@sanity/client';
import type { Config } from '../../config';
import { upstreamSignal } from '../../http/request-context';
import type { UpstreamCircuits } from '../circuit';
import { toUpstreamError } from '../errors';

export type ContentClient = {
  /**
   * Run a GROQ query; the result as JSON, unchecked. The published perspective, or with
   * `preview` the drafts perspective (each draft over its published document), bypassing the CDN.
   * @throws UpstreamError (502, 503 while the circuit is open, or 504 on timeout)
   */
  fetch(query: string, params?: Record<string, unknown>, options?: { preview?: boolean }): Promise<unknown>;
  sanity: SanityClient;
};

/** @param circuits the process's breakers (none: every call goes out, as in unit tests) */
export function createContentClient(config: Config['content'], circuits?: UpstreamCircuits): ContentClient {
  const sanity = createClient({
    projectId: config.projectId,
    dataset: config.dataset,
    apiVersion: config.apiVersion,
    token: config.token ?? undefined,
    useCdn: config.useCdn,
    perspective: 'published',
    timeout: config.timeoutMs,
    ...(config.apiHost ? { apiHost: config.apiHost, useProjectHostname: false } : {}),
  });
  return {
    sanity,
    async fetch(query: string, params: Record<string, unknown> = {}, { preview = false } = {}) {
      const signal = upstreamSignal(config.timeoutMs);
      // Mapped inside the breaker, so it records the timeout as one (the client reports an abort as an AbortError).
      const run = () =>
        sanity
          .fetch<unknown>(query, params, { signal, ...(preview ? { perspective: 'drafts', useCdn: false } : {}) })
          .catch((err: unknown) => Promise.reject(toUpstreamError('content', err, signal)));
      try {
        return await (circuits ? circuits.run('content', run) : run());
      } catch (err) {
        throw toUpstreamError('content', err);
      }
    },
  };
}
