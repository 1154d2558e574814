/**
 * `GET /robots.txt`: crawlers may index everything except the personal pages
 * (cart, accounts) and the machine endpoints (JSON API, route payloads); the sitemap index is
 * named with the shop's public origin. Plain text, CDN-cacheable like the sitemaps.
 */
import { Router } from 'express';
import { CACHE } from '../http/request-policy';

/** The robots.txt body for `siteUrl` (an origin; a trailing slash is ignored). */
export function robotsTxt(siteUrl: string): string {
  const origin = siteUrl.replace(/\/+$/, '');
  return [
    'User-agent: *',
    'Disallow: /cart',
    'Disallow: /accounts',
    'Disallow: /api',
    'Disallow: /__payload',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

export function robotsRoutes(siteUrl: string): Router {
  const router = Router();
  const body = robotsTxt(siteUrl);
  router.get('/robots.txt', (_req, res) => {
    res.set({ 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': CACHE.seoFile });
    res.send(body);
  });
  return router;
}
