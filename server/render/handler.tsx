/** createRenderHandler: see ./index.ts. */
import { Transform } from 'node:stream';
import type { NextFunction, Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from 'express';
import { enableStaticRendering } from 'mobx-react-lite';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type StaticHandlerContext } from 'react-router';
import type { RouteDataMap } from '../../shared/route-data';
import { AppProviders } from '../../client/App';
import { describeError, errorTitle } from '../../client/components/ErrorPage';
import { dehydrateRouter, type AppState } from '../../client/lib/hydration';
import { findSeo, headData, ogTypeFor } from '../../client/lib/seo';
import { pagePath } from '../../shared/route-query';
import { DEFAULT_SHIPPING_EXCLUDED_TAG, NO_ANALYTICS, type AnalyticsConfig, type AppConfig } from '../../client/lib/app-config';
import { CALENDAR_MODULE } from '../../client/components/cart/lazy-calendar';
import type { RouteHandle } from '../../client/routes';
import { createStores, snapshotStores } from '../../client/stores';
import { RouteError } from '../../shared/route-data';
import { CACHE, policyOf } from '../http/request-policy';
import { isBot } from './bots';
import { renderHead } from './head';
import type { ClientManifest } from './manifest';
import type { RouteTable } from './route-table';

export type RenderHandlerOptions = {
  /** The app's one route table (server/render/route-table.ts), over the server's data source. */
  table: RouteTable;
  manifest: ClientManifest;
  /** Canonical origin, e.g. https://www.gramercystems.com (canonical/og:url = siteUrl + path). */
  siteUrl: string;
  /** Where unexpected render/loader failures are reported (default console.error). */
  logError?: (error: unknown, context: { url: string }) => void;
  /** Give up on a render that has not finished after this long (default 10 s). */
  renderTimeoutMs?: number;
  /** Products with this tag cannot ship (config `SHIPPING_EXCLUDED_TAG`; default local-delivery-only). */
  shippingExcludedTag?: string;
  /** Browser analytics ids (config `analytics`); default none. */
  analytics?: AnalyticsConfig;
};

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** The page's HTTP status: the first route error's, else a route's fixed status (/404), else 200. */
function statusOf(context: StaticHandlerContext): number {
  const error = context.errors ? Object.values<unknown>(context.errors)[0] : undefined;
  if (error !== undefined) return describeError(error).status;
  for (const match of context.matches) {
    const status = (match.route.handle as RouteHandle | undefined)?.status;
    if (status) return status;
  }
  return context.statusCode;
}

function isUnexpected(error: unknown): boolean {
  return !(error instanceof RouteError) && !(error instanceof Response);
}

export function createRenderHandler(options: RenderHandlerOptions): RequestHandler {
  const {
    table,
    manifest,
    siteUrl,
    logError = (e, c) => console.error('render failed', c.url, e),
    renderTimeoutMs = 10_000,
    shippingExcludedTag = DEFAULT_SHIPPING_EXCLUDED_TAG,
    analytics = NO_ANALYTICS,
  } = options;
  // Observers must not subscribe (and leave timers behind) during server rendering.
  enableStaticRendering(true);
  const handler = createStaticHandler(table.routes);
  const origin = new URL(siteUrl).origin;
  const config: AppConfig = {
    siteUrl,
    shippingExcludedTag,
    calendarCss: manifest.lazyCss[CALENDAR_MODULE] ?? null,
    analytics,
    buildId: manifest.buildId,
  };
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const controller = new AbortController();
    res.on('close', () => controller.abort());
    // The URL's origin is ours, never the Host header's; only path and query come from the client.
    const url = new URL(req.originalUrl, origin);
    // Only personal requests' loaders see the shopper's cookies (the request policy decides,
    // server/http/request-policy.ts); every other page is the same for all.
    const policy = policyOf(res);
    const personal = policy.personal !== null;
    const cookie = personal ? req.get('cookie') : undefined;
    const request = new Request(url, { method: 'GET', headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) }, signal: controller.signal });

    let context: StaticHandlerContext | Response;
    try {
      context = await handler.query(request);
    } catch (error) {
      return next(error);
    }
    if (controller.signal.aborted) return;
    if (!personal) res.removeHeader('Set-Cookie');
    if (context instanceof Response) {
      const location = context.headers.get('Location');
      if (REDIRECT_STATUSES.has(context.status) && location) {
        res.set('Cache-Control', policy.cacheControl(context.status));
        return void res.redirect(context.status, location);
      }
      return void res.status(context.status).set('Cache-Control', policy.cacheControl(context.status)).end();
    }

    for (const error of Object.values(context.errors ?? {})) if (isUnexpected(error)) logError(error, { url: url.pathname });
    const status = statusOf(context);
    const bot = isBot(req.get('user-agent'));

    if (bot && status >= 400) {
      // Spec §4: bots get the status, not the error page.
      return void res
        .status(status)
        .set('Cache-Control', CACHE.noStore)
        .type('html')
        .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${status}</title></head><body></body></html>`);
    }

    const root = context.loaderData.root as RouteDataMap['root'] | undefined;
    const settings = root?.settings ?? null;
    const routeIds = context.matches.map((m) => m.route.id);
    // Canonical and og:url: the path and only the parameters the page reads (shared/route-query.ts).
    const path = pagePath(routeIds, url.pathname, url.searchParams);
    const fallbackTitle = status >= 400 ? errorTitle(status) : '';
    const seo = status >= 400 ? null : findSeo(routeIds, context.loaderData);
    const head = headData(settings, seo, siteUrl, path, fallbackTitle);

    const stores = createStores();
    const state: AppState = {
      router: dehydrateRouter(context.loaderData, context.errors, describeError),
      stores: snapshotStores(stores),
      config,
      // The page renders the time from this (client/lib/use-now.ts); a cached copy keeps it.
      renderedAt: Date.now(),
    };
    // The app's chunks and the matched pages' chunks (by route id), which the entry preloads
    // after the first paint (the entry itself is React's bootstrap module).
    const pageChunks = context.matches.flatMap((m) => manifest.routeChunks?.[m.route.id] ?? []);
    const headHtml = renderHead(head, {
      manifest,
      favicon: settings?.favicon ?? null,
      ogType: ogTypeFor(routeIds, status),
      state,
      url,
      modules: [...new Set([...(manifest.preload ?? []), ...pageChunks])],
    });

    const router = createStaticRouter(handler.dataRoutes, context);
    const app = (
      <AppProviders stores={stores} config={state.config} renderedAt={state.renderedAt}>
        {/* hydrate={false}: no inline hydration script; the data travels in the JSON state block. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    );

    let failed = false;
    const stream = renderToPipeableStream(app, {
      bootstrapModules: [manifest.entry],
      // Suspense boundaries (client/components/DeferHydration.tsx) stay where they are in the
      // HTML: React would otherwise move a boundary past 12.8 KB of output to the end of the
      // document and swap it in with an inline script, which the CSP refuses; the region would
      // show its fallback (nothing), and the browser's React would wait for that script before
      // hydrating it. Nothing suspends on the server (the loaders ran before).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onShellReady() {
        if (!bot) send();
      },
      onAllReady() {
        if (bot) send();
      },
      onShellError(error) {
        failed = true;
        clearTimeout(timer);
        logError(error, { url: url.pathname });
        if (!res.headersSent) res.status(500).set('Cache-Control', CACHE.noStore).type('text/plain').send('Internal Server Error');
      },
      onError(error) {
        // A page whose render reported an error (or timed out) is never kept by the page cache.
        res.locals.renderFailed = true;
        if (!controller.signal.aborted) logError(error, { url: url.pathname });
      },
    });
    // Abandon renders that hang, and never leave the timer behind a closed response.
    const timer = setTimeout(() => stream.abort(), renderTimeoutMs);
    res.on('close', () => clearTimeout(timer));

    function send() {
      if (failed || res.headersSent) return;
      res.status(status);
      // Rendered while the commerce API is down (no prices, a note for the cart): never stored,
      // so a cached copy of the whole page keeps being served and the next render is whole again.
      const cacheControl = !personal && root?.shopUnavailable ? CACHE.noStore : policy.cacheControl(status);
      res.set({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': cacheControl });
      res.write(`${headHtml}<body><div id="root">`);
      const tail = new Transform({
        transform(chunk, _enc, done) {
          done(null, chunk);
        },
        flush(done) {
          done(null, '</div></body></html>');
        },
      });
      tail.pipe(res);
      stream.pipe(tail);
    }
  };
}
