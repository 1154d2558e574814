/**
 * A real @sanity/client pointed at a running content-lake emulator (dataset `gramercy/production`,
 * API v2025-02-19, no CDN), the way the shop's content client reaches it; `extra` adds or
 * overrides client options (a token, a perspective).
 */
import { createClient, type ClientConfig, type SanityClient } from '@sanity/client';
import type { RunningEmulator } from '../../emulators/shared/server';

export function contentLakeClient(server: RunningEmulator, extra: ClientConfig = {}): SanityClient {
  return createClient({
    projectId: 'gramercy',
    dataset: 'production',
    apiVersion: '2025-02-19',
    apiHost: server.url,
    useProjectHostname: false,
    useCdn: false,
    ...extra,
  });
}
