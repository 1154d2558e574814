/**
 * The shop behind a caching proxy (nginx `proxy_cache`, honouring the shop's Cache-Control as a
 * CDN does): shopper A builds a cart through the no-JavaScript form (which sets the `cart_id`
 * cookie) and reads pages, the cart page and the cart API with the cookie; shopper B, with no
 * cookie, reads the same URLs after each of A's rounds. Counted: cache hits, hits that carry a
 * Set-Cookie, and answers to B that contain A's cart (its id or its cookie). Figures only.
 */
import { LOAD_PAGES } from '../../tests/support/instance-kill';

/** A seeded variant with stock (content/catalog.json). */
const VARIANT = 'gid://shopify/ProductVariant/800201';

export type CdnFigures = {
  responses: number;
  hits: number;
  hitsWithSetCookie: number;
  /** Answers to the cookieless shopper that contained the other shopper's cart id or cookie. */
  leakedToOtherShopper: number;
  /** Of those, served from the cache. */
  leakedFromCache: number;
  /** URLs that got no answer within 15 s (a wedged shop): asked no more, not counted above. */
  noAnswer: string[];
};

/**
 * Runs `rounds` rounds through `nginxUrl` (a caching nginx in front of the shop).
 * @throws when the add-to-cart form does not set the cart cookie
 */
export async function cdnCacheLeaks(nginxUrl: string, rounds: number): Promise<CdnFigures> {
  const add = await fetch(`${nginxUrl}/cart`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ merchandiseId: VARIANT, quantity: '1' }),
    redirect: 'manual',
  });
  const setCookie = add.headers.getSetCookie().find((c) => c.startsWith('cart_id='));
  if (!setCookie) throw new Error(`the cart form answered ${add.status} without a cart_id cookie`);
  const cookie = setCookie.split(';')[0];
  const cartId = decodeURIComponent(cookie.slice('cart_id='.length));
  // The id's own part (gid://shopify/Cart/<token>), however the page encodes it.
  const token = cartId.replace(/^gid:\/\/shopify\/Cart\//, '').split('?')[0];
  const urls = [...LOAD_PAGES, '/cart', `/api/cart?id=${encodeURIComponent(cartId)}`, '/accounts/account', '/robots.txt', '/sitemap.xml'];
  const figures: CdnFigures = { responses: 0, hits: 0, hitsWithSetCookie: 0, leakedToOtherShopper: 0, leakedFromCache: 0, noAnswer: [] };
  const read = async (url: string, withCookie: boolean) => {
    if (figures.noAnswer.includes(url)) return { body: '', hit: false };
    let res: Response;
    let body: string;
    try {
      res = await fetch(nginxUrl + url, { headers: withCookie ? { cookie } : {}, redirect: 'manual', signal: AbortSignal.timeout(15_000) });
      body = await res.text();
    } catch {
      figures.noAnswer.push(url);
      return { body: '', hit: false };
    }
    const hit = res.headers.get('x-cache-status') === 'HIT';
    figures.responses += 1;
    if (hit) figures.hits += 1;
    if (hit && res.headers.getSetCookie().length) figures.hitsWithSetCookie += 1;
    return { body, hit };
  };
  for (let round = 0; round < rounds; round += 1) {
    for (const url of urls) await read(url, true);
    for (const url of urls) {
      const { body, hit } = await read(url.replace(encodeURIComponent(cartId), 'gid%3A%2F%2Fshopify%2FCart%2Fother'), false);
      if (body.includes(token) || body.includes(cookie)) {
        figures.leakedToOtherShopper += 1;
        if (hit) figures.leakedFromCache += 1;
      }
    }
  }
  return figures;
}
