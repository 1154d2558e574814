/**
 * What the page cache stores for one URL: the status, the headers that describe the body, the
 * body gzip-compressed once (served as is to clients that accept gzip, inflated otherwise), the
 * purge tags, and its fresh/stale times on the page cache's clock (epoch ms).
 */
import { promisify } from 'node:util';
import { gunzip, gzip, constants } from 'node:zlib';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/** Response headers kept with a page; every other header is set per request by the app. */
export const STORED_HEADERS = ['content-type', 'cache-control', 'link', 'content-language', 'x-robots-tag', 'etag'] as const;

export type PageEntry = {
  status: number;
  /** Lower-case names from {@link STORED_HEADERS} that the response had. */
  headers: Record<string, string>;
  /** The body, gzip. */
  gzip: Buffer;
  /** Purge tags (see tags.ts). */
  tags: string[];
  /** Stored at, epoch ms. */
  storedAt: number;
  /** Served as is until then (epoch ms); then stale, served while one refresh runs. */
  freshUntil: number;
  /** After this (epoch ms) the entry is not served at all. */
  staleUntil: number;
};

/** Gzip once, at a level that is cheap to produce and still small (6, zlib's default). */
export function compress(body: Buffer): Promise<Buffer> {
  return gzipAsync(body, { level: constants.Z_DEFAULT_COMPRESSION });
}

/** The identity body, for a client that does not accept gzip. */
export function decompress(entry: PageEntry): Promise<Buffer> {
  return gunzipAsync(entry.gzip);
}

/** JSON for a shared store (the body as base64). */
export function encodeEntry(entry: PageEntry): string {
  return JSON.stringify({ ...entry, gzip: entry.gzip.toString('base64') });
}

/** The entry from {@link encodeEntry}'s text, or undefined when it is not one. */
export function decodeEntry(text: string): PageEntry | undefined {
  try {
    const raw = JSON.parse(text) as Omit<PageEntry, 'gzip'> & { gzip: string };
    if (typeof raw.status !== 'number' || typeof raw.gzip !== 'string' || typeof raw.freshUntil !== 'number') return undefined;
    return { ...raw, gzip: Buffer.from(raw.gzip, 'base64') };
  } catch {
    return undefined;
  }
}
