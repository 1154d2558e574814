/**
 * The content lake client (docs/architecture.md §1): the real @sanity/client, pointed at Sanity
 * in live mode or at the content lake emulator in local mode (apiHost + useProjectHostname:false,
 * no CDN). The client's own retries apply (GET/HEAD up to 5 times on 429/502/503 and network
 * errors). Results are `unknown`: server/loaders/upstream-data.ts parses each one with its
 * schema (./schemas.ts) before anything reads it.
 */
import { createClient, type SanityClient } from '@sanity/client';
import type { Config } from '../../config';
import { toUpstreamError } from '../errors';

export type ContentClient = {
  /**
   * Run a GROQ query against the published perspective; the result as JSON, unchecked.
   * @throws UpstreamError (502, or 504 on timeout)
   */
  fetch(query: string, params?: Record<string, unknown>): Promise<unknown>;
  sanity: SanityClient;
};

export function createContentClient(config: Config['content']): ContentClient {
  const sanity = createClient({
    projectId: config.projectId,
    dataset: config.dataset,
    apiVersion: config.apiVersion,
    token: config.token ?? undefined,
    useCdn: config.useCdn,
    perspective: config.token ? 'drafts' : 'published',
    timeout: config.timeoutMs,
    ...(config.apiHost ? { apiHost: config.apiHost, useProjectHostname: false } : {}),
  });
  return {
    sanity,
    async fetch(query: string, params: Record<string, unknown> = {}) {
      try {
        return await sanity.fetch<unknown>(query, params);
      } catch (err) {
        throw toUpstreamError('content', err);
      }
    },
  };
}
