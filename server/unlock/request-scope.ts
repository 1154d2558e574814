/**
 * The current request's `Cookie` header for the cart rules' unlock check. The cart service is
 * called from several entry points (JSON API, no-JS form, page loader) whose signatures carry
 * no request; like the shopper's IP (../http/request-context.ts) the header travels with the
 * async call instead, so every entry point honours an unlock without threading it through.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { RequestHandler } from 'express';
import type { UnlockTokens } from './token';

const storage = new AsyncLocalStorage<{ cookie: string | undefined }>();

/** Middleware: runs the rest of the chain with this request's Cookie header in scope. */
export function unlockScope(): RequestHandler {
  return (req, _res, next) => storage.run({ cookie: req.get('cookie') }, next);
}

/** Whether the request in scope holds a valid unlock for `handle`; false outside a request. */
export function unlockedInRequest(tokens: UnlockTokens): (handle: string) => boolean {
  return (handle) => tokens.unlocked(storage.getStore()?.cookie, handle);
}
