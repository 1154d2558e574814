/**
 * `GET /sitemap.xml` (the index) and `GET /sitemaps/{name}.xml` (one per type: products,
 * collections, journal, works, photo-stream, pages). `application/xml`,
 * CDN-cacheable (CACHE.seoFile). An unknown sitemap name is a 404; a content or
 * Storefront failure with nothing cached goes to the error handler (502/504, never cached).
 * The index lists only sitemaps that have URLs (the protocol wants at least one per urlset).
 */
import { Router } from 'express';
import { CACHE } from '../http/request-policy';
import { loadSitemaps, SITEMAP_NAMES, type SitemapDeps, type SitemapName } from '../sitemap/entries';
import { sitemapIndexXml, urlsetXml } from '../sitemap/xml';

const isSitemapName = (name: string): name is SitemapName => (SITEMAP_NAMES as readonly string[]).includes(name);

/** @param siteUrl the shop's public origin (config SITE_URL): every URL listed starts with it */
export function sitemapRoutes(deps: SitemapDeps & { siteUrl: string }): Router {
  const router = Router();
  const origin = deps.siteUrl.replace(/\/+$/, '');

  router.get('/sitemap.xml', async (_req, res, next) => {
    try {
      const sitemaps = await loadSitemaps(deps);
      const listed = SITEMAP_NAMES.filter((name) => sitemaps[name].length > 0).map((name) => ({
        loc: `${origin}/sitemaps/${name}.xml`,
        lastmod: sitemaps[name].reduce<string | null>((max, u) => (u.lastmod && (!max || u.lastmod > max) ? u.lastmod : max), null),
      }));
      res.set({ 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': CACHE.seoFile });
      res.send(sitemapIndexXml(listed));
    } catch (err) {
      next(err);
    }
  });

  router.get('/sitemaps/:file', async (req, res, next) => {
    const name = /^(.+)\.xml$/.exec(req.params.file)?.[1] ?? '';
    if (!isSitemapName(name)) return next();
    try {
      const sitemaps = await loadSitemaps(deps);
      res.set({ 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': CACHE.seoFile });
      res.send(urlsetXml(origin, sitemaps[name]));
    } catch (err) {
      next(err);
    }
  });

  return router;
}
