/**
 * The Content Lake emulator's HTTP surface (an express app, usable as a node RequestListener):
 * - `GET /v{apiVersion}/data/query/{dataset}?query=…&$name=<JSON>&perspective=…&returnQuery=false`
 *   and `POST` of `{ query, params }` (long queries) → 200 `{ query?, result, ms }`;
 * - `GET /v{apiVersion}/data/doc/{dataset}/{id,id…}` → `{ documents, omitted }` (getDocument);
 * - `POST /v{apiVersion}/data/mutate/{dataset}` `{ mutations }` → `{ transactionId, results }` (mutate.ts, in memory);
 * - `GET /images/{projectId}/{dataset}/{sha1}-{w}x{h}.{ext}[/{vanity}]?w=…` → image bytes.
 * Errors use Sanity's JSON shapes (see errors.ts); unknown dataset or path → 404. The emulators'
 * fault switch (`GET|POST /__emulator/faults`, ../shared/faults.ts) applies to the data API
 * (`/v…/data/*`, not the image pipeline, a CDN of its own at Sanity): 5xx, 429, a timeout, or a
 * hang (never answered).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import express, { type ErrorRequestHandler, type Request, type Response } from 'express';
import { faultRoutes, type Faults, type HeldRequests } from '../shared/faults';
import { imageNameProblem, renderImage, type ImageFormat } from '../shared/images';
import { safeEqual } from '../shared/safe-equal';
import type { SanityDocument } from './dataset';
import { badRequest, ContentLakeError, httpError } from './errors';
import { ImageParamError, imageFormatOf, parseImageParams } from './image-params';
import { applyMutations } from './mutate';
import { isPrivateId, needsPrivateAccess, resolvePerspective } from './perspective';
import type { QueryRunner } from './query-runner';

export type ContentLakeConfig = {
  projectId: string;
  dataset: string;
  /** When set, documents whose id has a path (drafts, versions, `secrets.*`) need `Authorization: Bearer {token}`; any other token is refused. */
  token?: string;
  documents: SanityDocument[];
  /** Folder holding `images/{originalFilename}`. */
  contentDir: string;
  /** Evaluates queries off the HTTP thread, with limits (query-runner.ts); told of every mutation. */
  queries: QueryRunner;
  /** Called for every request before it is handled (request logs, tests counting methods). */
  onRequest?: (request: { method: string; path: string }) => void;
  /** The fault switch and the requests its faults hold (the emulator cuts them when it stops). */
  faults: Faults;
  held: HeldRequests;
};

const API_VERSION = /^v(1|X|\d{4}-\d{2}-\d{2})$/;
const IMAGE_FILE = /^([0-9a-f]+)-(\d+)x(\d+)\.([a-z0-9]+)$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';

export function createContentLakeApp(config: ContentLakeConfig): express.Express {
  const { projectId, dataset, token, documents, contentDir, onRequest, queries, faults, held } = config;
  const byId = new Map(documents.map((doc) => [doc._id, doc]));

  /** Whether the request may read private documents (ids with a path). @throws 401 for a wrong token. */
  function hasPrivateAccess(req: Request): boolean {
    const sent = /^Bearer (.+)$/i.exec(req.get('authorization') ?? '')?.[1];
    if (token === undefined) return true;
    if (sent === undefined) return false;
    if (!safeEqual(sent, token)) throw httpError(401, 'Session not found');
    return true;
  }

  /** Validates the version and dataset path segments; returns the version without its `v`. */
  function dataTarget(req: Request): string {
    const version = API_VERSION.exec(String(req.params.version))?.[1];
    if (!version) throw httpError(404, `Unknown API version "${String(req.params.version)}"`);
    if (req.params.dataset !== dataset) {
      throw httpError(404, `Dataset "${String(req.params.dataset)}" not found for project ID "${projectId}"`);
    }
    return version;
  }

  /** Answers a query request; `readParams` runs after the dataset is known to exist. */
  async function query(req: Request, res: Response, text: unknown, readParams: () => Record<string, unknown>) {
    const apiVersion = dataTarget(req);
    if (typeof text !== 'string' || !text.trim()) throw badRequest('The "query" parameter is required');
    const params = readParams();
    const search = searchParams(req);
    const perspective = resolvePerspective(search.get('perspective') ?? undefined, apiVersion);
    const privateAccess = hasPrivateAccess(req);
    if (needsPrivateAccess(perspective) && !privateAccess) {
      throw httpError(401, `The "${search.get('perspective')}" perspective needs an authenticated request`);
    }
    const started = performance.now();
    const result = await queries.run(text, params, perspective, privateAccess);
    const ms = Math.round(performance.now() - started);
    // The result arrives as JSON text from the query thread; spliced in rather than parsed again.
    const head = search.get('returnQuery') === 'false' ? '{' : `{"query":${JSON.stringify(text)},`;
    res.type('application/json').send(`${head}"result":${result},"ms":${ms}}`);
  }

  const app = express();
  app.disable('x-powered-by');
  app.use((req, _res, next) => {
    onRequest?.({ method: req.method, path: req.path });
    next();
  });

  app.use(faultRoutes(faults));
  app.use('/:version/data', (_req, res, next) => {
    const fault = faults.take();
    if (!fault) return next();
    if (fault.mode === 'hang') return held.hang(res);
    if (fault.mode === 'timeout') return held.hold(res, (late) => void late.status(504).json(serviceError(504)));
    if (fault.retryAfterSeconds !== null) res.set('Retry-After', String(fault.retryAfterSeconds));
    const status = fault.mode === 'rate-limit' ? 429 : (fault.status ?? 503);
    res.status(status).set('Cache-Control', 'no-store').json(serviceError(status));
  });

  app.get('/:version/data/query/:dataset', (req, res) => query(req, res, searchParams(req).get('query'), () => urlParams(req)));

  app.post('/:version/data/query/:dataset', express.json({ limit: '5mb' }), (req, res) => {
    const raw: unknown = req.body;
    const body: { query?: unknown; params?: unknown } = typeof raw === 'object' && raw !== null ? raw : {};
    return query(req, res, body.query, () => {
      const { params = {} } = body;
      if (typeof params !== 'object' || params === null || Array.isArray(params)) throw badRequest('"params" must be an object');
      return params as Record<string, unknown>;
    });
  });

  app.get('/:version/data/doc/:dataset/:ids', (req, res) => {
    dataTarget(req);
    const privateAccess = hasPrivateAccess(req);
    const found: SanityDocument[] = [];
    const omitted: { id: string; reason: 'existence' | 'permission' }[] = [];
    for (const id of String(req.params.ids).split(',')) {
      const doc = byId.get(id);
      if (doc && isPrivateId(id) && !privateAccess) omitted.push({ id, reason: 'permission' });
      else if (doc) found.push(doc);
      else omitted.push({ id, reason: 'existence' });
    }
    res.json({ documents: found, omitted });
  });

  // Mutations (mutate.ts): an editor's change in local mode and tests; with a token, it is required.
  app.post('/:version/data/mutate/:dataset', express.json({ limit: '5mb' }), (req, res) => {
    dataTarget(req);
    if (token !== undefined && !hasPrivateAccess(req)) throw httpError(401, 'Mutations need an authenticated request');
    const result = applyMutations(byId, req.body);
    documents.splice(0, documents.length, ...byId.values());
    queries.setDocuments(documents);
    // @sanity/client asks for the documents back (`returnDocuments=true`) to resolve `commit()`.
    const withDocuments = searchParams(req).get('returnDocuments') === 'true';
    res.json(withDocuments ? { ...result, results: result.results.map((r) => ({ ...r, document: byId.get(r.id) })) } : result);
  });

  app.get('/images/:projectId/:dataset/:file{/:vanity}', async (req, res) => {
    const tooLong = imageNameProblem(String(req.params.file)) ?? imageNameProblem(String(req.params.vanity ?? ''));
    if (tooLong) throw httpError(400, tooLong);
    const file = IMAGE_FILE.exec(String(req.params.file));
    const asset = file && byId.get(`image-${file[1]}-${file[2]}x${file[3]}-${file[4]}`);
    if (req.params.projectId !== projectId || req.params.dataset !== dataset || !file || !asset) {
      throw httpError(404, 'Image not found');
    }
    const source = path.join(contentDir, 'images', path.basename(String(asset.originalFilename)));
    const original: ImageFormat | undefined = imageFormatOf(file[4]);
    const transform = parseImageParams(searchParams(req), Number(file[2]), Number(file[3]), original);
    const image = await (
      transform
        ? renderImage(source, transform)
        : readFile(source).then((body) => ({ body, contentType: typeof asset.mimeType === 'string' ? asset.mimeType : 'image/svg+xml' }))
    ).catch((error: NodeJS.ErrnoException) => {
      throw error.code === 'ENOENT' ? httpError(404, 'Image not found') : error;
    });
    res.set('Cache-Control', IMMUTABLE).type(image.contentType).send(image.body);
  });

  app.use((_req, _res, next) => next(httpError(404, 'Not found')));
  app.use(errorHandler);
  return app;
}

const SERVICE_STATUS_TEXT: Record<number, string> = {
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** An injected fault's body, in Sanity's request-level error shape. */
function serviceError(status: number) {
  return { error: SERVICE_STATUS_TEXT[status] ?? 'Error', message: `Emulated fault (HTTP ${status})`, statusCode: status };
}

/** The raw query string as URLSearchParams (express's parser would split `$a[b]`-style keys). */
function searchParams(req: Request): URLSearchParams {
  return new URL(req.originalUrl, 'http://localhost').searchParams;
}

/** `$name=<JSON>` query parameters. @throws 400 when a value is not JSON, as Sanity does. */
function urlParams(req: Request): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const [key, value] of searchParams(req)) {
    if (!key.startsWith('$')) continue;
    try {
      params[key.slice(1)] = JSON.parse(value);
    } catch {
      throw badRequest(`Unable to parse value of "${key}=${value}". Please quote string values.`);
    }
  }
  return params;
}

const errorHandler: ErrorRequestHandler = (error: unknown, _req, res, _next) => {
  if (res.headersSent) return res.destroy();
  res.set('Cache-Control', 'no-store');
  if (error instanceof ContentLakeError) return void res.status(error.status).json(error.body);
  if (error instanceof ImageParamError) return void res.status(400).json(httpError(400, error.message).body);
  if (isBodyParseError(error)) return void res.status(400).json(badRequest('The request body is not valid JSON').body);
  console.error('[content-lake]', error);
  res.status(500).json({ error: 'Internal Server Error', message: 'The emulator failed; see its log', statusCode: 500 });
};

/** body-parser's error for a request body that is not valid JSON. */
function isBodyParseError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'type' in error && error.type === 'entity.parse.failed';
}
