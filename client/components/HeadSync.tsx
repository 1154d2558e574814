/**
 * Keeps <head> in step after client-side navigation (the server wrote it for the first page):
 * the title and every managed tag (description, keywords, canonical, Open Graph, Twitter card,
 * JSON-LD) are replaced with the ones the server would write for the new URL (spec §2 head,
 * client/lib/seo.ts). Rendered once per page, by the page layout or, when a page failed, by
 * the error page (with the status's title). Renders nothing.
 */
import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router';
import { useAppConfig } from '../lib/app-config';
import { replaceHead } from '../lib/head-dom';
import { useOptionalRouteData } from '../lib/route-data';
import { pagePath } from '../../shared/route-query';
import { findSeo, headData, headTags, ogTypeFor } from '../lib/seo';
import { errorTitle as titleForStatus } from './ErrorPage';

/** A route's fixed status (the /404 page's `handle.status`), as the server reads it. */
const handleStatus = (handle: unknown) => (handle as { status?: number } | undefined)?.status;

export function HeadSync({ errorTitle }: { errorTitle?: string }) {
  // Undefined when the root loader itself failed (the bare error page has no settings).
  const root = useOptionalRouteData('root');
  const { siteUrl } = useAppConfig();
  const matches = useMatches();
  const location = useLocation();
  useEffect(() => {
    const routeIds = matches.map((m) => m.id);
    const loaderData = Object.fromEntries(matches.map((m) => [m.id, m.loaderData]));
    // Like the server (handler.tsx): a route with a fixed error status (/404) gets the error head.
    const fixedStatus = matches.map((m) => handleStatus(m.handle)).find((s) => s !== undefined && s >= 400);
    const title = errorTitle ?? (fixedStatus ? titleForStatus(fixedStatus) : undefined);
    const seo = title ? null : findSeo(routeIds, loaderData);
    // Canonical: the path and only the parameters the page reads, as the server writes it.
    const head = headData(root?.settings ?? null, seo, siteUrl, pagePath(routeIds, location.pathname, location.search), title);
    // Error pages are never products (the server's rule: any status but 200 is a website).
    replaceHead(head.title, headTags(head, ogTypeFor(routeIds, title ? (fixedStatus ?? 500) : 200)));
  }, [matches, location, root, siteUrl, errorTitle]);
  return null;
}
