/**
 * One URL per route template of spec §2, for the accessibility (tests/browser/a11y.test.ts) and
 * HTML validity (tests/server/html-validity.test.ts) suites, over the seeded dataset
 * (content/dataset.ndjson, content/customers.json). `session` marks the templates that need a
 * signed-in customer (ada@example.com); `cart` the ones that need a cart with a line.
 */
export type RouteTemplate = { name: string; path: string; session?: boolean; cart?: boolean };

/** Seeded customer (README "The seeded shop") for the account screens. */
export const ADA = { email: 'ada@example.com', password: 'flowers-ada-1815' };

/** A variant that is always for sale (The Bodega Bunch), for the cart with a line. */
export const CART_VARIANT = 'gid://shopify/ProductVariant/800201';

export const ROUTE_TEMPLATES: RouteTemplate[] = [
  { name: 'home', path: '/' },
  { name: 'products', path: '/products' },
  { name: 'product', path: '/products/classic-gramercy-bouquet' },
  { name: 'product, sold out', path: '/products/peony-cloud' },
  { name: 'product, drop', path: '/products/winter-solstice-wreath' },
  { name: 'product, password', path: '/products/the-private-garden' },
  { name: 'collections', path: '/collections' },
  { name: 'collection', path: '/collections/bouquets' },
  { name: 'cart, empty', path: '/cart' },
  { name: 'cart, with a line', path: '/cart', cart: true },
  { name: 'content page', path: '/faq' },
  { name: '404', path: '/no-such-page' },
  { name: 'login', path: '/accounts/login' },
  { name: 'register', path: '/accounts/register' },
  { name: 'forgot password', path: '/accounts/forgot-password' },
  { name: 'account', path: '/accounts/account', session: true },
  { name: 'addresses', path: '/accounts/addresses', session: true },
  { name: 'orders', path: '/accounts/orders', session: true },
  // The order number is looked up from the orders page (ORDER_PLACEHOLDER).
  { name: 'order', path: '/accounts/orders/{order}', session: true },
  { name: 'journal', path: '/journal' },
  { name: 'journal entry', path: '/journal/peony-season-is-here' },
  { name: 'works', path: '/works' },
  { name: 'work', path: '/works/gramercy-park-wedding' },
  { name: 'photo stream', path: '/photo-stream' },
  { name: 'photo stream item', path: '/photo-stream/dahlia-crates' },
  { name: 'about', path: '/about' },
  { name: 'membership', path: '/membership' },
  { name: 'contact', path: '/pages/contact' },
  { name: 'retail partners', path: '/pages/retail-partners' },
];

/** Stands for Ada's first order number in ROUTE_TEMPLATES. */
export const ORDER_PLACEHOLDER = '{order}';

/** The first order page linked from an orders page's HTML, e.g. `/accounts/orders/1001`. */
export function firstOrderPath(ordersHtml: string): string | null {
  return /href="(\/accounts\/orders\/[^"?#]+)"/.exec(ordersHtml)?.[1] ?? null;
}
