/**
 * Whether the request being served is a preview (a valid preview cookie, ./token.ts), carried
 * through async calls like the shopper's IP (../http/request-context.ts): the content reads
 * (server/loaders/upstream-data.ts) ask `inPreview()` to read drafts and skip the data cache.
 *
 * A preview request's every answer is `Cache-Control: private, no-store`, whatever a handler
 * sets: drafts must reach neither a CDN nor a shared cache, nor the browser's own.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { RequestHandler } from 'express';
import { CACHE, policyOf } from '../http/request-policy';

const storage = new AsyncLocalStorage<{ preview: boolean }>();

/** True inside a request holding a valid preview cookie; false elsewhere (background refreshes too). */
export function inPreview(): boolean {
  return storage.getStore()?.preview ?? false;
}

/**
 * Middleware: runs the rest of the chain with this request's preview state in scope (its
 * request policy's `preview`, server/http/request-policy.ts); for a preview, pins Cache-Control
 * to `private, no-store`.
 */
export function previewScope(): RequestHandler {
  return (_req, res, next) => {
    const { preview } = policyOf(res);
    if (preview) {
      const setHeader = res.setHeader.bind(res);
      res.setHeader = (name, value) => setHeader(name, name.toLowerCase() === 'cache-control' ? CACHE.privateNoStore : value);
      res.setHeader('Cache-Control', CACHE.privateNoStore);
    }
    storage.run({ preview }, next);
  };
}
