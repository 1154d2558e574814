/**
 * Keeps <head> in step after client-side navigation (the server wrote it for the first page):
 * title, description, canonical and og:url/og:title. Rendered once per page, by the page
 * layout or, when a page failed, by the error page (with the status as title). Renders nothing.
 */
import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router';
import { useAppConfig } from '../lib/app-config';
import { useOptionalRouteData } from '../lib/route-data';
import { findSeo, headData } from '../lib/seo';

function setAttr(selector: string, attr: 'content' | 'href', value: string | null) {
  const el = document.head.querySelector(selector);
  if (el && value != null) el.setAttribute(attr, value);
}

export function HeadSync({ errorTitle }: { errorTitle?: string }) {
  // Undefined when the root loader itself failed (the bare error page has no settings).
  const root = useOptionalRouteData('root');
  const { siteUrl } = useAppConfig();
  const matches = useMatches();
  const location = useLocation();
  useEffect(() => {
    const loaderData = Object.fromEntries(matches.map((m) => [m.id, m.loaderData]));
    const seo = errorTitle
      ? null
      : findSeo(
          matches.map((m) => m.id),
          loaderData,
        );
    const head = headData(root?.settings ?? null, seo, siteUrl, location.pathname + location.search, errorTitle);
    document.title = head.title;
    setAttr('meta[name="description"]', 'content', head.description);
    setAttr('meta[property="og:title"]', 'content', head.title);
    setAttr('link[rel="canonical"]', 'href', head.canonical);
    setAttr('meta[property="og:url"]', 'content', head.canonical);
  }, [matches, location, root, siteUrl, errorTitle]);
  return null;
}
