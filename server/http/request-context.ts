/**
 * Per-request context (request id, shopper IP, logger, deadline) carried through async calls with
 * AsyncLocalStorage, so the route data source — whose contract receives only a fetch Request —
 * can pass the shopper's IP to the Storefront API (docs/architecture.md §7), log with the request
 * id, and bound every upstream call by the request's deadline (./deadline.ts, §8 "Faults").
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import type { Request, RequestHandler } from 'express';
import type { Logger } from '../logger';
import type { CookieWriter } from './customer-session';
import { RequestDeadline } from './deadline';

export type RequestContext = {
  requestId: string;
  clientIp: string | null;
  log: Logger;
  /**
   * The response's cookies, for the personal route loaders (account pages), whose contract sees
   * only a fetch Request: they renew or clear the customer session. The render handler and the
   * payload endpoint strip Set-Cookie from every answer that is not personal.
   */
  cookies: CookieWriter;
  /** When the request's upstream calls are cut (REQUEST_DEADLINE_MS after it arrived). */
  deadline: RequestDeadline;
};

const storage = new AsyncLocalStorage<RequestContext>();

/** The current request's context, or undefined outside a request (startup, background refresh). */
export function currentRequest(): RequestContext | undefined {
  return storage.getStore();
}

/** The current request's logger (it carries the request id), or `fallback` outside a request. */
export function requestLog(fallback: Logger): Logger {
  return storage.getStore()?.log ?? fallback;
}

/** The shopper's IP for `Shopify-Storefront-Buyer-IP`, or null outside a request. */
export function buyerIp(): string | null {
  return storage.getStore()?.clientIp ?? null;
}

/** The current request's deadline, or undefined outside a request. */
export function requestDeadline(): RequestDeadline | undefined {
  return storage.getStore()?.deadline;
}

/**
 * The signal an upstream call passes: it aborts after the call's own `timeoutMs` or at the current
 * request's deadline, whichever comes first (outside a request: after `timeoutMs`).
 */
export function upstreamSignal(timeoutMs: number): AbortSignal {
  return storage.getStore()?.deadline.within(timeoutMs) ?? AbortSignal.timeout(timeoutMs);
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The client IP of `req`: `trustedIpHeader` (the CDN's client IP header) when it holds an IP
 * address, else Express's `req.ip`: the socket's peer, or the address `TRUSTED_PROXY_HOPS`
 * proxies away in X-Forwarded-For (`trust proxy`, server/app.ts).
 */
export function clientIpOf(req: Request, trustedIpHeader: string | null): string | null {
  const headerIp = trustedIpHeader ? req.get(trustedIpHeader)?.split(',')[0]?.trim() : undefined;
  // A header that is not an IP address (a misconfigured CDN, a forged value) names no one.
  return (headerIp && isIP(headerIp) ? headerIp : null) ?? req.ip ?? null;
}

/**
 * Takes a well-formed incoming X-Request-Id (else makes one), echoes it on the response, and
 * runs the rest of the chain inside the request context, whose deadline is `deadlineMs` from now.
 * Its client IP (`clientIpOf`) is the rate limits' key and the buyer IP sent to Shopify.
 */
export function requestContext(log: Logger, trustedIpHeader: string | null, deadlineMs: number): RequestHandler {
  return (req, res, next) => {
    const deadline = new RequestDeadline(deadlineMs);
    const incoming = req.get('x-request-id');
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    (req as { id?: string }).id = requestId;
    res.setHeader('X-Request-Id', requestId);
    const clientIp = clientIpOf(req, trustedIpHeader);
    storage.run({ requestId, clientIp, log: log.child({ requestId }), cookies: res, deadline }, next);
  };
}
