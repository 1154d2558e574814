/**
 * HTTP surface of the marketing emulator, shaped like Klaviyo's API at revision 2024-02-15
 * (https://developers.klaviyo.com/en/v2024-02-15/reference/api_overview):
 *
 *   POST /api/profile-subscription-bulk-create-jobs   subscribe profiles to a list        → 202, empty body
 *   POST /api/back-in-stock-subscriptions             back-in-stock subscription          → 202
 *   POST /api/events                                  server-side event                   → 202
 *   POST /client/events/?company_id=<public key>      browser event (CORS, any origin)    → 202
 *
 * `/api/*` needs the headers `revision: 2024-02-15` and `Authorization: Klaviyo-API-Key <private
 * key>`; `/client/*` needs `revision` and the public key as `company_id`. Bodies are JSON:API
 * documents sent as application/vnd.api+json or application/json (at most 5 MB), validated by
 * ./validate.ts. Errors are Klaviyo's error documents (./errors.ts): 400 invalid body (with the
 * member's JSON pointer), bad revision or company_id, 401 missing or wrong key, 404 unknown
 * path, 405 wrong method, 413 too large, 415 other content types; plus the injected faults
 * (../shared/faults.ts), which apply to `/api/*` only.
 *
 * Debug endpoints (not Klaviyo's): `GET /__emulator/` (HTML), `GET|DELETE /__emulator/records`,
 * `GET|POST /__emulator/faults`.
 */
import express, { type ErrorRequestHandler, type NextFunction, type Request, type Response } from 'express';
import {
  authenticationFailed,
  invalidParameter,
  KlaviyoHttpError,
  methodNotAllowed,
  notAuthenticated,
  notFound,
  parseError,
  payloadTooLarge,
  serverError,
  throttled,
  unsupportedMediaType,
} from './errors';
import { faultRoutes, HeldRequests, type Faults } from '../shared/faults';
import { safeEqual } from '../shared/safe-equal';
import { recordsPage } from './page';
import type { MarketingStore } from './store';
import { parseBackInStock, parseEvent, parseSubscriptionJob } from './validate';

export type MarketingAppOptions = {
  /** Accepted in `Authorization: Klaviyo-API-Key <privateKey>` on `/api/*`. */
  privateKey: string;
  /** Accepted as `company_id` on `/client/*`. */
  publicKey: string;
  /** The one `revision` header value accepted, e.g. '2024-02-15'. */
  revision: string;
  store: MarketingStore;
  faults: Faults;
  now: () => Date;
  /** How long a `timeout` fault holds a request before answering 504, in ms. */
  timeoutHoldMs: number;
};

const JSON_TYPES = ['application/json', 'application/vnd.api+json'];
const API_CONTENT_TYPE = 'application/vnd.api+json';
const MAX_BODY = '5mb';

/** Reads any body as a Buffer (the handlers check the content type themselves, as Klaviyo does). */
const rawBody = express.raw({ type: () => true, limit: MAX_BODY });

/**
 * The Express app, plus `abortHeld` to cut the requests a `timeout` fault is holding (so
 * stopping the emulator never waits for them).
 */
export function marketingApp(opts: MarketingAppOptions) {
  const { store, faults } = opts;
  const app = express();
  app.disable('x-powered-by');
  const held = new HeldRequests(opts.timeoutHoldMs);

  // ---- Debug endpoints -------------------------------------------------------------------
  app.get('/__emulator', (_req, res) => {
    res.set('Cache-Control', 'no-store').type('html').send(recordsPage(store.records(), faults.current()));
  });
  app.get('/__emulator/records', (_req, res) => void res.set('Cache-Control', 'no-store').json(store.records()));
  app.delete('/__emulator/records', (_req, res) => {
    store.reset();
    res.status(204).end();
  });
  app.use(faultRoutes(faults));

  // ---- Client-side events (the browser, another origin) ------------------------------------
  app.use('/client', (req, res, next) => {
    res.set('Access-Control-Allow-Origin', '*');
    next();
  });
  app.options('/client/events', (req, res) => {
    res.set({
      'Access-Control-Allow-Methods': 'POST, OPTIONS',
      'Access-Control-Allow-Headers': req.get('access-control-request-headers') || 'content-type, revision, accept',
      'Access-Control-Max-Age': '600',
    });
    res.status(204).end();
  });
  app.post('/client/events', rawBody, (req, res) => {
    checkRevision(req, opts.revision);
    const companyId = req.query.company_id;
    if (typeof companyId !== 'string' || companyId === '') throw invalidParameter('company_id', "'company_id' is a required query parameter.");
    if (companyId !== opts.publicKey) throw invalidParameter('company_id', `'${companyId}' is not a valid company_id (public API key).`);
    const body = jsonBody(req);
    store.event(parseEvent(body, opts.now()), 'client', { path: req.originalUrl, body });
    res.status(202).end();
  });
  app.all('/client/events', (req) => {
    throw methodNotAllowed(req.method, 'POST, OPTIONS');
  });

  // ---- Server-side API ----------------------------------------------------------------------
  app.use('/api', (req, res, next) => {
    const fault = faults.take();
    if (!fault) return next();
    if (fault.mode === 'hang') return held.hang(res);
    if (fault.mode === 'timeout') return held.hold(res, timedOut);
    throw fault.mode === 'rate-limit'
      ? throttled(fault.retryAfterSeconds ?? 1)
      : serverError(fault.status ?? 503, fault.retryAfterSeconds ?? undefined);
  });

  const api = (path: string, handle: (body: unknown, req: Request) => void) => {
    app.post(path, rawBody, (req, res) => {
      checkRevision(req, opts.revision);
      checkPrivateKey(req, opts.privateKey);
      handle(jsonBody(req), req);
      res.status(202).end();
    });
    app.all(path, (req) => {
      throw methodNotAllowed(req.method, 'POST');
    });
  };
  api('/api/profile-subscription-bulk-create-jobs', (body, req) => void store.subscribe(parseSubscriptionJob(body), { path: req.originalUrl, body }));
  api('/api/back-in-stock-subscriptions', (body, req) => void store.backInStock(parseBackInStock(body), { path: req.originalUrl, body }));
  api('/api/events', (body, req) => void store.event(parseEvent(body, opts.now()), 'server', { path: req.originalUrl, body }));

  app.use(() => {
    throw notFound();
  });

  const onError: ErrorRequestHandler = (error: unknown, req: Request, res: Response, _next: NextFunction) => {
    if (res.headersSent) return void res.end();
    const type = (error as { type?: string }).type;
    if (req.path.startsWith('/__emulator') && type === 'entity.parse.failed') return void res.status(400).json({ error: 'Malformed JSON body.' });
    const answer = error instanceof KlaviyoHttpError ? error : type === 'entity.too.large' ? payloadTooLarge() : serverError(500);
    if (!(error instanceof KlaviyoHttpError) && type !== 'entity.too.large') {
      process.stderr.write(`marketing emulator: ${req.method} ${req.path} failed: ${error instanceof Error ? error.stack : String(error)}\n`);
    }
    res.status(answer.status).set(answer.headers).type(API_CONTENT_TYPE).send(JSON.stringify(answer.document()));
  };
  app.use(onError);

  /** A held request's answer once the `timeout` fault's hold is over. */
  function timedOut(res: Response) {
    const answer = serverError(504);
    res.status(504).type(API_CONTENT_TYPE).send(JSON.stringify(answer.document()));
  }

  return { app, abortHeld: () => held.abortAll() };
}

/** `revision` must be the emulated one (a `.suffix` such as `.pre` is tolerated). */
function checkRevision(req: Request, revision: string): void {
  const value = req.get('revision');
  if (!value) throw invalidParameter('revision', `The 'revision' header is required, e.g. 'revision: ${revision}'.`);
  if (value !== revision && !value.startsWith(`${revision}.`)) {
    throw invalidParameter('revision', `Revision '${value}' is not supported by this emulator, which implements revision ${revision}.`);
  }
}

/** `Authorization: Klaviyo-API-Key <key>`, compared in constant time. */
function checkPrivateKey(req: Request, privateKey: string): void {
  const header = req.get('authorization');
  if (!header) throw notAuthenticated();
  const match = /^Klaviyo-API-Key\s+(\S+)\s*$/.exec(header);
  if (!match || !safeEqual(match[1], privateKey)) throw authenticationFailed();
}

/** The body as JSON, after checking its content type. @throws 415 / 400 parse_error */
function jsonBody(req: Request): unknown {
  const contentType = (req.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
  if (!JSON_TYPES.includes(contentType)) throw unsupportedMediaType(contentType);
  const text = Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '';
  if (text.trim() === '') throw parseError('the request body is empty');
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw parseError((error as Error).message);
  }
}
