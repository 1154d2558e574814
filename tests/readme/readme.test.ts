/**
 * What the README tells a newcomer works on what `npm start` runs (tests/support/shop-process.ts):
 * its commands are the ones the scripts run, every URL it gives answers, the seeded customers sign
 * in and see their orders (the invited one after activating through the local inbox), "Forgot
 * your password?" works through the local inbox, each discount
 * code and gift card does what the table says at the checkout, and each product in the
 * product-state table shows and enforces its state. The tables are read from README.md itself, so
 * a row added there without a working shop behind it fails here.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { DEFAULT_CONTENT_PORT } from '../../emulators/content-lake';
import { DEFAULT_CUSTOMER_ACCOUNT_PORT } from '../../emulators/customer-account';
import { DEFAULT_MARKETING_PORT } from '../../emulators/marketing';
import { DEFAULT_SCHEDULER_PORT } from '../../emulators/scheduler';
import { DEFAULT_STOREFRONT_PORT } from '../../emulators/storefront-api';
import { CookieJar, setCookies, signIn } from '../support/customer';
import { SHOP_ENTRY, startShopProcess, type ShopProcess } from '../support/shop-process';

jest.setTimeout(120_000);

const ROOT = path.resolve(__dirname, '../..');
const README = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
const scripts = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

/** The rows of the README table whose header row starts with `firstHeader`, as cells (backticks kept). */
function readmeTable(firstHeader: string): string[][] {
  const lines = README.split('\n');
  const start = lines.findIndex((l) => l.startsWith(`| ${firstHeader} |`));
  if (start < 0) throw new Error(`README has no table headed "${firstHeader}"`);
  const rows: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(
      line
        .slice(1, -1)
        .split('|')
        .map((c) => c.trim()),
    );
  }
  return rows;
}

/** A page's visible text: scripts, comments and tags removed, entities of the shop's HTML decoded, spaces collapsed. */
function textOf(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');
}

let shop: ShopProcess;
let base: string;

beforeAll(async () => {
  shop = await startShopProcess();
  base = shop.origin;
}, 90_000);
afterAll(() => shop?.stop());

describe('commands', () => {
  test('`npm start` builds, then runs the entry these suites run, in production, in local mode by default', () => {
    expect(README).toMatch(/npm ci && npm start/);
    expect(scripts.start).toBe('npm run build && NODE_ENV=production node --enable-source-maps dist/server/index.js --local-by-default');
    expect(path.join(ROOT, 'dist/server/index.js')).toBe(SHOP_ENTRY);
  });

  test('`npm test` builds, then runs every jest suite; `npm run check` is the five quality gates CI runs', () => {
    expect(README).toMatch(/npm ci && npm test/);
    expect(scripts.test).toBe('npm run build && jest');
    expect(scripts.check).toBe('npm run typecheck && npm run lint && npm run format:check && npm run knip && npm run citations');
    const ci = readFileSync(path.join(ROOT, '.ci/run'), 'utf8');
    for (const gate of ['npm run typecheck', 'npm run lint', 'npm run format:check', 'npm run knip', 'npm run citations', 'npm test'])
      expect(ci).toContain(gate);
  });

  // The benchmarks the README runs against `npm start` in another terminal, here against this shop, one run each.
  test.each([
    ['bench:tasks', { BENCH_TASK_RUNS: '1', BENCH_PAGES: '/' }, /^ {2}\/ +TBT at 4x median +\d+ ms, lowest +\d+ ms/m],
    ['bench:inp', { BENCH_INP_RUNS: '1' }, /^ {2}product: add to cart +median +(<16|\d+) ms/m],
    [
      'bench:lighthouse',
      { BENCH_LIGHTHOUSE_RUNS: '1', BENCH_PAGES: '/' },
      /^\/ +devtools +ours +performance \d+, FCP \d+ ms, LCP \d+ ms, TBT \d+ ms, CLS \d/m,
    ],
  ])('`npm run %s` prints its figures for the running shop (BENCH_BASE)', (script, env, line) => {
    expect(README).toContain(`npm run ${script}`);
    const run = spawnSync('npm', ['run', '--silent', script], {
      cwd: ROOT,
      env: { ...process.env, ...env, BENCH_BASE: base },
      encoding: 'utf8',
      timeout: 100_000,
    });
    expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: '' });
    expect(run.stdout).toMatch(line);
  });
});

describe('every URL the README gives', () => {
  const urls = [...new Set([...README.matchAll(/https?:\/\/(?:localhost|127\.0\.0\.1):\d+[^\s)`|,;<>]*/g)].map((m) => m[0]))];
  const defaults: Record<number, keyof ShopProcess['emulators']> = {
    [DEFAULT_STOREFRONT_PORT]: 'storefront',
    [DEFAULT_CONTENT_PORT]: 'content',
    [DEFAULT_SCHEDULER_PORT]: 'scheduler',
    [DEFAULT_MARKETING_PORT]: 'marketing',
    [DEFAULT_CUSTOMER_ACCOUNT_PORT]: 'customerAccount',
  };

  test('the README names the shop on :3000 and the emulators on their default ports', () => {
    expect(urls.length).toBeGreaterThan(5);
    for (const url of urls) {
      const { hostname, port } = new URL(url);
      if (hostname === 'localhost') expect(port).toBe('3000');
      else expect(defaults[Number(port)]).toBeDefined();
    }
  });

  test.each(urls)('%s answers on the running shop (the debug endpoints with the token the log prints)', async (url) => {
    const parsed = new URL(url);
    const emulator = parsed.hostname === 'localhost' ? null : shop.emulators[defaults[Number(parsed.port)]];
    const target = `${emulator?.url ?? base}${parsed.pathname}${parsed.search}`;
    const debug = parsed.pathname.startsWith('/__emulator/');
    const headers: Record<string, string> = debug && emulator ? { 'x-emulator-token': emulator.debugToken } : {};
    const res = await fetch(target, { headers, redirect: 'manual' });
    // An emulator's bare origin is an API base: it must be that emulator listening (any answer but a refused connection).
    if (emulator && parsed.pathname === '/') expect(res.status).toBeLessThan(500);
    else expect({ target, status: res.status }).toEqual({ target, status: 200 });
    if (debug && emulator) expect((await fetch(target)).status).toBe(401);
  });

  test('the faults switch the README gives (marketing emulator) takes `{"mode":"error"}` and `{"mode":"none"}` with the token', async () => {
    const { url, debugToken } = shop.emulators.marketing;
    for (const mode of ['error', 'none']) {
      const res = await fetch(`${url}/__emulator/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-emulator-token': debugToken },
        body: JSON.stringify({ mode }),
      });
      expect(res.status).toBeLessThan(300);
    }
  });
});

describe('the seeded customers', () => {
  const customers = readmeTable('customer').map(([who, password, , orders]) => ({
    email: /^\S+@\S+/.exec(who)![0],
    // A password in backticks; an invited customer has none until they activate.
    password: /^`[^`]+`$/.test(password) ? password.replace(/`/g, '') : null,
    orders: [...orders.matchAll(/#(\d+)/g)].map((m) => m[1]),
  }));
  const withPassword = customers.filter((c): c is typeof c & { password: string } => c.password !== null);
  const invited = customers.filter((c) => c.password === null);

  /** The link of the newest mail to `email` on the inbox page the README links, whose link matches `shape`. */
  async function inboxLink(email: string, shape: RegExp): Promise<URL> {
    const inbox = await request(base).get('/__local/storefront/__emulator/inbox');
    expect(inbox.status).toBe(200);
    const mail = inbox.text.split('<article').find((article) => article.includes(email) && shape.test(article));
    const href = mail && /href="([^"]+)"/.exec(mail)?.[1].replace(/&amp;/g, '&');
    expect(href).toBeDefined();
    // The link as the customer follows it: on the shop's origin.
    const link = new URL(href!, base);
    expect(link.origin).toBe(base);
    return link;
  }

  test('the table has customers who sign in and one invited, as it says', () => {
    expect(withPassword.length).toBeGreaterThan(0);
    expect(invited.length).toBeGreaterThan(0);
  });

  test.each(withPassword)('$email signs in with the README password and sees orders $orders', async ({ email, password, orders }) => {
    const jar = await signIn({ app: base, config: { siteUrl: base } }, email, password);
    const page = await request(base).get('/accounts/orders').set('Cookie', jar.header());
    expect(page.status).toBe(200);
    for (const order of orders) expect(textOf(page.text)).toContain(order);
  });

  test.each(invited)('$email, invited: the invitation in the inbox activates the account, which then signs in', async ({ email }) => {
    const link = await inboxLink(email, /\/account\/activate\//);
    // Shopify's activation URL on the shop's domain → the shop's activation page.
    const opened = await request(base).get(link.pathname).redirects(1);
    expect(opened.status).toBe(200);
    expect(textOf(opened.text)).toContain('Activate your account');
    const password = 'an-activated-readme-password-1';
    const activated = await request(base).post('/api/customer/activate').set('Origin', base).send({ activationUrl: link.href, password });
    expect({ status: activated.status, message: activated.body.message }).toMatchObject({ status: 200 });
    const jar = await signIn({ app: base, config: { siteUrl: base } }, email, password);
    expect((await request(base).get('/accounts/account').set('Cookie', jar.header())).status).toBe(200);
  });

  test('"Forgot your password?": the mail in the inbox the README links resets it, and the new password signs in', async () => {
    const { email } = withPassword[withPassword.length - 1];
    const recover = await request(base).post('/api/customer/recover').set('Origin', base).send({ email });
    expect(recover.status).toBe(200);
    const link = await inboxLink(email, /reset/);
    // Shopify's reset URL on the shop's domain → the shop's page that sets the new password.
    const opened = await request(base)
      .get(link.pathname + link.search)
      .redirects(1);
    expect(opened.status).toBe(200);
    const resetUrl = link.searchParams.get('resetUrl') ?? link.href;
    const password = 'a-new-readme-password-1';
    const reset = await request(base).post('/api/customer/reset').set('Origin', base).send({ resetUrl, password });
    expect({ status: reset.status, message: reset.body.message }).toMatchObject({ status: 200 });
    const jar = await signIn({ app: base, config: { siteUrl: base } }, email, password);
    expect((await request(base).get('/accounts/account').set('Cookie', jar.header())).status).toBe(200);
  });
});

/** Adds a line through the no-JavaScript form (as a shopper without JavaScript would); the jar keeps `cart_id`. */
async function formAdd(jar: CookieJar, fields: { merchandiseId: string; quantity?: number; sellingPlanId?: string }) {
  const res = await request(base)
    .post('/cart')
    .set('Origin', base)
    .set('Cookie', jar.header())
    .type('form')
    .send({ ...fields, quantity: String(fields.quantity ?? 1) })
    .redirects(0);
  jar.take(setCookies(res));
  return { status: res.status, location: String(res.headers.location ?? '') };
}

/** The product page's HTML and its first no-JS form's variant id. */
async function productPage(handle: string, query = '') {
  const res = await request(base).get(`/products/${handle}${query}`);
  expect(res.status).toBe(200);
  return { html: res.text, text: textOf(res.text), variantId: /name="merchandiseId" value="([^"]+)"/.exec(res.text)?.[1] ?? null };
}

/** The cart the jar's `cart_id` names, through the shop's JSON API. */
async function cartOf(jar: CookieJar) {
  const id = jar.values.get('cart_id');
  const res = await request(base)
    .get('/api/cart')
    .query({ id: decodeURIComponent(id ?? '') });
  expect(res.status).toBe(200);
  return res.body.data as { id: string; checkoutUrl: string; lines: { quantity: number; sellingPlanAllocation?: unknown }[] };
}

describe('discount codes and gift cards at the checkout', () => {
  const rows = readmeTable('code').map(([code, effect]) => ({
    code: /`([^`]+)`/.exec(code)![1],
    effect: `${/^gift card/.test(code) ? 'gift card: ' : ''}${effect}`,
  }));

  test.each(rows)('$code: $effect', async ({ code, effect }) => {
    // The Classic Gramercy Bouquet twice ($170): over $100, and named by BOUQUET14.
    const jar = new CookieJar();
    const { variantId } = await productPage('classic-gramercy-bouquet');
    expect((await formAdd(jar, { merchandiseId: variantId!, quantity: 2 })).location).toBe('/cart');
    const checkout = new URL((await cartOf(jar)).checkoutUrl);
    // The checkout page is reached through the shop's origin in local mode.
    expect(checkout.origin).toBe(base);
    const form = await request(base).get(checkout.pathname + checkout.search);
    const action = /<form[^>]*action="([^"]*reductions[^"]*)"/.exec(form.text)?.[1].replace(/&amp;/g, '&');
    expect(action).toMatch(/^\/__local\/storefront\//);
    const res = await request(base).post(action!).type('form').send({ reduction_code: code.toLowerCase() }).redirects(0);
    if (/expired|refused/.test(effect)) {
      expect(res.status).toBe(400);
      expect(textOf(res.text)).toMatch(/not active/i);
      return;
    }
    expect(res.status).toBe(303);
    // Back to the checkout, still through the shop's origin.
    const back = new URL(String(res.headers.location), base);
    expect(back.origin + back.pathname).toBe(base + checkout.pathname);
    const page = textOf((await request(base).get(back.pathname + back.search)).text);
    // A gift card shows as its last four characters with the amount it pays; a code by name with what it takes off.
    if (/^gift card/.test(effect)) expect(page).toContain(`Gift card ••••${code.slice(-4)} −$`);
    else expect(page).toMatch(new RegExp(`${code}.*−\\$\\d`, 'i'));
  });
});

describe('each product in the product-state table', () => {
  const rows = readmeTable('product').map(([product, state]) => ({ product: product.replace(/\s*\(.*$/, ''), state }));

  const checks: Record<string, () => Promise<void>> = {
    'The Classic Gramercy Bouquet': async () => {
      const first = await productPage('classic-gramercy-bouquet');
      const variants = [...new Set([...first.html.matchAll(/variant=(\d+)/g)].map((m) => m[1]))];
      expect(variants).toHaveLength(3);
      const prices: string[] = [];
      const jar = new CookieJar();
      for (const variant of variants) {
        const page = await productPage('classic-gramercy-bouquet', `?variant=${variant}`);
        prices.push(/<p class="product__price">.*?(\$\d+\.\d\d)/.exec(page.html)![1]);
        expect((await formAdd(jar, { merchandiseId: page.variantId! })).location).toBe('/cart');
      }
      expect(prices.sort()).toEqual(['$125.00', '$175.00', '$85.00']);
      expect((await cartOf(jar)).lines).toHaveLength(3);
    },
    'The Bodega Bunch': async () => {
      const page = await productPage('bodega-bunch');
      expect(page.text).toContain('$45.00');
      const jar = new CookieJar();
      await formAdd(jar, { merchandiseId: page.variantId! });
      const cart = await cartOf(jar);
      const shipping = await request(base).put('/api/cart/attributes').set('Origin', base).send({ cartId: cart.id, checkoutType: 'shipping' });
      expect(shipping.status).toBe(422);
    },
    'Weekly Flower Subscription': async () => {
      const page = await productPage('weekly-flower-subscription');
      const plan = /gid:\/\/shopify\/SellingPlan\/\d+/.exec(page.html)![0];
      const jar = new CookieJar();
      expect((await formAdd(jar, { merchandiseId: page.variantId!, sellingPlanId: plan })).location).toBe('/cart');
      expect((await cartOf(jar)).lines[0].sellingPlanAllocation).toBeTruthy();
    },
    'Peony Cloud': async () => {
      const page = await productPage('peony-cloud');
      expect(page.text).toContain('Back in May');
      const variant = /gid:\/\/shopify\/ProductVariant\/\d+/.exec(page.html)![0];
      expect((await formAdd(new CookieJar(), { merchandiseId: variant })).location).toMatch(/^\/cart\?error=/);
    },
    'Winter Solstice Wreath': async () => {
      const page = await productPage('winter-solstice-wreath');
      const variant = /gid:\/\/shopify\/ProductVariant\/\d+/.exec(page.html)![0];
      const added = await formAdd(new CookieJar(), { merchandiseId: variant });
      // The drop is 12 December 2026 (New York); after it the wreath is simply for sale.
      if (Date.now() < Date.parse('2026-12-12T05:00:00Z')) {
        expect(page.text).toContain('Available December 12');
        expect(added.location).toMatch(/^\/cart\?error=/);
      } else expect(added.location).toBe('/cart');
    },
    'The Private Garden': async () => {
      const locked = await productPage('the-private-garden');
      expect(locked.html).toMatch(/action="\/products\/the-private-garden\/unlock"/);
      expect(locked.variantId).toBeNull();
      const password = /password `([^`]+)`/.exec(rows.find((r) => r.product === 'The Private Garden')!.state)![1];
      const unlock = await request(base).post('/products/the-private-garden/unlock').set('Origin', base).type('form').send({ password }).redirects(0);
      expect(unlock.status).toBe(303);
      const jar = new CookieJar().take(setCookies(unlock));
      const unlocked = await request(base).get('/products/the-private-garden').set('Cookie', jar.header());
      const variant = /name="merchandiseId" value="([^"]+)"/.exec(unlocked.text)?.[1];
      expect(variant).toBeDefined();
      expect((await formAdd(jar, { merchandiseId: variant! })).location).toBe('/cart');
    },
    'Hudson Valley Hydrangeas': async () => {
      const page = await productPage('hudson-valley-hydrangeas');
      expect(page.text).toContain('$135.00');
      expect((await formAdd(new CookieJar(), { merchandiseId: page.variantId!, quantity: 9 })).location).toMatch(/^\/cart\?error=/);
      const jar = new CookieJar();
      expect((await formAdd(jar, { merchandiseId: page.variantId!, quantity: 1 })).location).toBe('/cart');
      const cart = await cartOf(jar);
      expect((await request(base).put('/api/cart/attributes').set('Origin', base).send({ cartId: cart.id, checkoutType: 'shipping' })).status).toBe(
        422,
      );
    },
    'Olive Tree in Terracotta': async () => {
      const minDate = async (handle: string) => {
        const jar = new CookieJar();
        await formAdd(jar, { merchandiseId: (await productPage(handle)).variantId! });
        const res = await request(base)
          .post('/api/availability')
          .set('Origin', base)
          .send({ cartId: (await cartOf(jar)).id, type: 'delivery' });
        expect(res.status).toBe(200);
        return Date.parse((res.body.data as { minDate: string }).minDate);
      };
      const days = (await minDate('olive-tree-in-terracotta')) - (await minDate('hudson-valley-hydrangeas'));
      expect(days / 86_400_000).toBeGreaterThanOrEqual(3);
    },
    'Coral Charm Tulips': async () => {
      const page = await productPage('coral-charm-tulips');
      expect(page.text).toContain('$65.00');
      expect(page.text).toContain('Only 2 left');
      expect((await formAdd(new CookieJar(), { merchandiseId: page.variantId!, quantity: 3 })).location).toMatch(/^\/cart\?error=/);
    },
    'Ranunculus Ribbon': async () => {
      const page = await productPage('ranunculus-ribbon');
      expect(page.html).toMatch(/<p class="product__price">.*?<s class="price__compare">/);
      // The banner is on its card (collections, RELATED).
      const list = textOf((await request(base).get('/products')).text);
      expect(list).toMatch(/Sale Ranunculus Ribbon/);
    },
    'Garden Rose Dozen': async () => {
      const page = await productPage('garden-rose-dozen');
      const video = /"videos":\[\{[^\]]*?"sources":\[\{"url":"([^"]+)","mimeType":"(video\/[a-z0-9]+)"/.exec(page.html);
      expect(video).not.toBeNull();
      // Served through the shop's origin, as the shopper's browser plays it.
      const source = new URL(video![1].replace(/\\u0026/g, '&'));
      expect(source.origin).toBe(base);
      const res = await request(base)
        .get(source.pathname + source.search)
        .buffer(true);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe(video![2]);
    },
  };

  test('every row has a check here', () => {
    expect(rows.map((r) => r.product).sort()).toEqual(Object.keys(checks).sort());
  });

  test.each(rows)('$product: $state', async ({ product }) => {
    await checks[product]();
  });
});
