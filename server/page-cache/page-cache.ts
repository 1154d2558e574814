/**
 * The origin page cache (docs/architecture.md §8 "Origin page cache"): Express middleware in front
 * of the payload endpoint and the render handler that answers public pages and payloads from a
 * store (in-process or Redis) instead of rendering them again.
 *
 * * **Key**: build id + the page's identity: its path and the query parameters it reads (key.ts). **Eligible**: classify.ts, from
 *   the request policy (server/http/request-policy.ts: never personal, never another kind of request).
 * * **Miss**: the request renders as usual, streaming to its client, while its body is collected
 *   (capture.ts). Stored only when the answer is a `GET` with status 200 (or 404, briefly),
 *   `Cache-Control: public…`, no `Set-Cookie`, and a render that reported no error
 *   (`res.locals.renderFailed`, set by the render handler); compressed once with gzip.
 * * **Single flight**: concurrent misses of one key in this process wait for the first one's
 *   render and are answered from its entry (or render themselves when it could not be stored).
 * * **Fresh** for `freshMs` (the pages' `s-maxage`), then **stale** for `staleMs`: a stale entry is
 *   served at once while one background refresh renders the page again (through a loopback
 *   request to this app, marked with a per-process token); if the refresh fails, the stale entry
 *   stays until its window ends (stale-if-error).
 * * **Hit**: the stored gzip body to clients that accept gzip, inflated otherwise; the status and
 *   stored headers (content type, cache control, link) as rendered. Bots never get a stored
 *   error page (they get the status with an empty page from the render handler).
 * * Every eligible or bypassed answer says how in `X-Page-Cache` (HIT, STALE, MISS, BYPASS).
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express, NextFunction, Request, RequestHandler, Response } from 'express';
import type { Logger } from '../logger';
import type { RouteTable } from '../render/route-table';
import { policyOf } from '../http/request-policy';
import { requestDeadline } from '../http/request-context';
import { isBot } from '../render/bots';
import { captureBody } from './capture';
import { createClassifier } from './classify';
import { compress, decompress, STORED_HEADERS, type PageEntry } from './entry';
import { pageKey } from './key';
import type { PageStore } from './store';

/** Marks the cache's own refresh requests; its value is a per-process random token. */
export const REFRESH_HEADER = 'x-page-cache-refresh';
export const STATUS_HEADER = 'X-Page-Cache';

export type PageCacheOptions = {
  store: PageStore;
  /** The client build's id: a new build never serves an old build's pages. */
  buildId: string;
  /** The app's route table (server/render/route-table.ts): payloads' params. */
  table: RouteTable;
  /** The shop's public origin (config.siteUrl): URLs are resolved against it, never the Host header. */
  siteUrl: string;
  log: Logger;
  /** Fresh window of a 200, ms (default 60 s, the pages' `s-maxage`). */
  freshMs?: number;
  /** Stale window after it, ms (default 10 min, the pages' `stale-while-revalidate`). */
  staleMs?: number;
  /** Fresh window of a 404, ms, never stale (default 60 s). */
  notFoundMs?: number;
  /** Clock, epoch ms (default `Date.now`); tests move it instead of sleeping. */
  now?: () => number;
};

export type PageCache = {
  middleware: RequestHandler;
  /** Drop this build's entries carrying any of `tags` (webhooks). @throws when the store fails */
  purge(tags: string[]): Promise<number>;
  /** Resolves when every render being stored and every background refresh has settled. */
  whenIdle(): Promise<void>;
  /** Stops the loopback listener used for refreshes. */
  close(): Promise<void>;
  /** True for this cache's own background refresh (from loopback, with this process's token). */
  isRefresh(req: Request): boolean;
};

/** The longest a background refresh may run (ms): the default request deadline and its grace. */
const REFRESH_TIMEOUT_MS = 10_000;

/** The longest a miss's leader is waited for before its key is free again (ms). */
const LEADER_TIMEOUT_MS = 10_000;

/** `work`, or null after `ms`. */
function withinMs<T>(work: Promise<T>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
    timer.unref();
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * `work`, or null once half of the current request's time left has passed (no deadline: `work`):
 * the other half is for rendering the page itself.
 */
function withinDeadline<T>(work: Promise<T>): Promise<T | null> {
  const deadline = requestDeadline();
  return deadline ? withinMs(work, deadline.remainingMs() / 2) : work;
}

export function createPageCache(options: PageCacheOptions): PageCache {
  const { store, buildId, log, freshMs = 60_000, staleMs = 600_000, notFoundMs = 60_000, now = Date.now } = options;
  const classify = createClassifier(options.table);
  const origin = new URL(options.siteUrl).origin;
  const token = randomBytes(16).toString('hex');
  /** Misses being rendered in this process: key → the stored entry, or null when nothing was stored. */
  const inflight = new Map<string, Promise<PageEntry | null>>();
  const refreshing = new Map<string, Promise<void>>();
  let loopback: Promise<{ server: http.Server; port: number }> | undefined;

  async function serve(req: Request, res: Response, entry: PageEntry, state: string): Promise<void> {
    res.status(entry.status);
    for (const [name, value] of Object.entries(entry.headers)) res.setHeader(name, value);
    res.removeHeader('Set-Cookie');
    res.setHeader(STATUS_HEADER, state);
    res.setHeader('Age', String(Math.max(0, Math.floor((now() - entry.storedAt) / 1000))));
    res.vary('Accept-Encoding');
    if (req.get('accept-encoding') && req.acceptsEncodings('gzip', 'identity') === 'gzip') {
      res.setHeader('Content-Encoding', 'gzip');
      res.setHeader('Content-Length', String(entry.gzip.length));
      res.end(req.method === 'HEAD' ? undefined : entry.gzip);
      return;
    }
    const body = await decompress(entry);
    res.setHeader('Content-Length', String(body.length));
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  /** Render through the whole app (as a client would), marked as this cache's refresh. */
  function refresh(app: Express, key: string, path: string, clientIp: string | undefined): void {
    if (refreshing.has(key) || inflight.has(key)) return;
    const run = (async () => {
      loopback ??= new Promise((resolve, reject) => {
        const server = http.createServer(app);
        server.unref();
        server.once('error', reject);
        server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as AddressInfo).port }));
      });
      const { port } = await loopback;
      const status = await new Promise<number>((resolve, reject) => {
        const request = http.get(
          {
            host: '127.0.0.1',
            port,
            path,
            agent: false,
            headers: {
              [REFRESH_HEADER]: token,
              'accept-encoding': 'identity',
              'user-agent': 'gs-page-cache-refresh',
              ...(clientIp ? { 'x-forwarded-for': clientIp } : {}),
            },
          },
          (response) => {
            response.resume();
            response.on('end', () => resolve(response.statusCode ?? 0));
            response.on('error', reject);
          },
        );
        request.on('error', reject);
        // A refresh never outlives what a shopper's request may take: past it, the connection goes
        // (the render's 'close' settles its leader, so no later shopper waits on it).
        request.setTimeout(REFRESH_TIMEOUT_MS, () => request.destroy(new Error(`refresh took over ${REFRESH_TIMEOUT_MS} ms`)));
      });
      if (status !== 200 && status !== 404) throw new Error(`refresh answered ${status}`);
    })()
      .catch((err: unknown) => log.warn({ err, path }, 'page cache refresh failed; serving stale'))
      .finally(() => refreshing.delete(key));
    refreshing.set(key, run);
  }

  function isRefresh(req: Request): boolean {
    const loopbackPeer = req.socket.remoteAddress === '127.0.0.1' || req.socket.remoteAddress === '::ffff:127.0.0.1';
    return loopbackPeer && req.get(REFRESH_HEADER) === token;
  }

  /** The miss's leader: render (next), collect, store. */
  function fill(req: Request, res: Response, key: string, tags: string[], next: NextFunction): void {
    let settle!: (entry: PageEntry | null) => void;
    const stored = new Promise<PageEntry | null>((resolve) => (settle = resolve));
    inflight.set(key, stored);
    const captured = captureBody(res);
    res.setHeader(STATUS_HEADER, 'MISS');
    void (async () => {
      let entry: PageEntry | null = null;
      try {
        // A render that has not finished by then is not waited for (nor stored): its followers
        // go on, whatever holds it.
        const result = await withinMs(captured, LEADER_TIMEOUT_MS);
        const status = res.statusCode;
        const cacheControl = String(res.getHeader('cache-control') ?? '');
        if (
          result &&
          !res.locals.renderFailed &&
          (status === 200 || status === 404) &&
          cacheControl.startsWith('public') &&
          !res.hasHeader('set-cookie')
        ) {
          const headers: Record<string, string> = {};
          for (const name of STORED_HEADERS) {
            const value = res.getHeader(name);
            if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
          }
          const at = now();
          const fresh = status === 200 ? freshMs : notFoundMs;
          entry = {
            status,
            headers,
            gzip: await compress(result.body),
            tags,
            storedAt: at,
            freshUntil: at + fresh,
            staleUntil: at + fresh + (status === 200 ? staleMs : 0),
          };
          await store.set(key, entry, buildId);
        }
      } catch (err) {
        log.warn({ err, key }, 'page cache: could not store a page');
        entry = null;
      } finally {
        inflight.delete(key);
        settle(entry);
      }
    })();
    next();
  }

  const middleware: RequestHandler = async (req, res, next) => {
    try {
      const url = new URL(req.originalUrl, origin);
      const kind = classify(req.method, url, policyOf(res));
      if (kind.kind === 'bypass') {
        if (kind.reason !== 'method' && kind.reason !== 'path') res.setHeader(STATUS_HEADER, 'BYPASS');
        return next();
      }
      const key = pageKey(buildId, origin, kind.identity);
      const bot = isBot(req.get('user-agent'));
      const servable = (entry: PageEntry | null | undefined): entry is PageEntry =>
        entry !== null && entry !== undefined && !(bot && entry.status !== 200);

      if (isRefresh(req)) return fill(req, res, key, kind.tags, next);

      const entry = await store.get(key);
      if (servable(entry)) {
        const stale = entry.freshUntil <= now();
        if (stale) refresh(req.app as Express, key, kind.identity, req.ip);
        return await serve(req, res, entry, stale ? 'STALE' : 'HIT');
      }
      const running = inflight.get(key);
      if (running) {
        // Waits for the leader's render for half its own time left at most, then renders itself:
        // a leader that never finishes (seen after a Redis restart and a Storefront outage, in
        // the fault suite) must not hold every later shopper of the page.
        const shared = await withinDeadline(running);
        if (servable(shared)) return await serve(req, res, shared, 'HIT');
        return next();
      }
      if (req.method !== 'GET' || entry) return next();
      return fill(req, res, key, kind.tags, next);
    } catch (err) {
      next(err);
    }
  };

  return {
    middleware,
    isRefresh,
    purge: (tags) => store.purge(buildId, tags),
    async whenIdle() {
      while (inflight.size > 0 || refreshing.size > 0) await Promise.allSettled([...inflight.values(), ...refreshing.values()]);
    },
    async close() {
      const running = await loopback?.catch(() => undefined);
      loopback = undefined;
      if (running) await new Promise<void>((resolve) => running.server.close(() => resolve()));
    },
  };
}
