/**
 * Keeps <head> in step after client-side navigation (the server wrote it for the first page):
 * the title and every managed tag (description, keywords, canonical, Open Graph, Twitter card,
 * JSON-LD) are replaced with the ones the server would write for the new URL (spec §2 head,
 * client/lib/seo.ts). Rendered once per page, by the page layout or, when a page failed, by
 * the error page (with the status's title). Renders nothing.
 *
 * The code that writes the head (client/lib/head-dom.ts and seo.ts) is a chunk of its own: a
 * HeadSync that hydrates the server's page leaves the server's head alone, so the first visit
 * does not load it (ADR-0029); the first client navigation does.
 */
import { useEffect, useRef } from 'react';
import { useLocation, useMatches } from 'react-router';
import { useAppConfig } from '../lib/app-config';
import { useOptionalRouteData } from '../lib/route-data';
import { useHydrated } from '../lib/use-hydrated';
import { pagePath } from '../../shared/route-query';
import { importWithReload } from '../runtime/chunk-reload';
import { errorTitle as titleForStatus } from './ErrorPage';

/** A route's fixed status (the /404 page's `handle.status`), as the server reads it. */
const handleStatus = (handle: unknown) => (handle as { status?: number } | undefined)?.status;

export function HeadSync({ errorTitle }: { errorTitle?: string }) {
  // Undefined when the root loader itself failed (the bare error page has no settings).
  const root = useOptionalRouteData('root');
  const { siteUrl } = useAppConfig();
  const matches = useMatches();
  const location = useLocation();
  // Rendered while hydrating: the head is still the one the server wrote for this page.
  const serverHead = useRef(!useHydrated());
  useEffect(() => {
    if (serverHead.current) {
      serverHead.current = false;
      return;
    }
    const routeIds = matches.map((m) => m.id);
    const loaderData = Object.fromEntries(matches.map((m) => [m.id, m.loaderData]));
    // Like the server (handler.tsx): a route with a fixed error status (/404) gets the error head.
    const status = matches.map((m) => handleStatus(m.handle)).find((s) => s !== undefined && s >= 400);
    const page = {
      settings: root?.settings ?? null,
      siteUrl,
      routeIds,
      loaderData,
      // Canonical: the path and only the parameters the page reads, as the server writes it.
      path: pagePath(routeIds, location.pathname, location.search),
      title: errorTitle ?? (status ? titleForStatus(status) : undefined),
      status,
    };
    let current = true;
    void importWithReload(() => import('../lib/head-dom')).then(({ writePageHead }) => current && writePageHead(page));
    return () => {
      current = false;
    };
  }, [matches, location, root, siteUrl, errorTitle]);
  return null;
}
