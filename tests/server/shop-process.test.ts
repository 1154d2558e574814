/**
 * The real entry (dist/server/index.js, built by `npm run build`): in local mode it forks the
 * emulators' process (dist/emulators/index.js), which binds loopback only, hands back its URLs
 * and token, and stops with the shop, or by itself when the shop dies; its first log lines name
 * the developer page, GraphiQL and the Storefront tokens (the private one pinned by the emulators'
 * STOREFRONT_PRIVATE_TOKEN when set; none of which live mode logs); in
 * production it refuses implicit local mode in one log line (ADR-0020).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_PUBLIC_TOKEN } from '../../emulators/storefront-api';
import { signSanity } from '../../server/webhooks/sanity-signature';
import { alive, runEntry as run, startShopProcess, until } from '../support/shop-process';

/** The shop in local mode on free ports, without npm start's flag, asked to publish the emulators (which the child must ignore). */
const startShop = (env: Record<string, string>) => startShopProcess({ env: { EMULATOR_HOST: '0.0.0.0', ...env }, args: [] });

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'gs-process-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

test('production without SHOP_MODE or upstream variables refuses to start, in one log line naming the variables', async () => {
  const { lines, exited } = run({ NODE_ENV: 'production', DATA_DIR: dataDir });
  expect(await exited).toBe(1);
  expect(lines).toHaveLength(1);
  const entry = JSON.parse(lines[0]) as { level: number; msg: string };
  expect(entry.level).toBe(60);
  expect(entry.msg).toMatch(/refusing to start/);
  expect(entry.msg).toMatch(/SHOP_MODE=local/);
  expect(entry.msg).toMatch(/SHOP_MODE=live with .*SHOPIFY_STORE_DOMAIN/);
}, 90_000);

test('local mode: the emulators run in a child process on loopback, reachable for the browser only through /__local, and stop with the shop', async () => {
  let pid = 0;
  const shop = await startShop({ NODE_ENV: 'production', SHOP_MODE: 'local' });
  try {
    pid = shop.emulatorsPid;
    expect(pid).not.toBe(shop.child.pid);
    expect(alive(pid)).toBe(true);
    for (const { url } of Object.values(shop.emulators)) expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const shopUrl = `http://127.0.0.1:${shop.port}`;
    expect((await fetch(`${shopUrl}/healthz`)).status).toBe(200);
    // The inbox the account pages link to works through the shop (token added server-side), for
    // this machine, under a CSP that runs nothing…
    const inbox = await fetch(`${shopUrl}/__local/storefront/__emulator/inbox`);
    expect(inbox.status).toBe(200);
    expect(inbox.headers.get('content-security-policy')).toMatch(/^default-src 'none'; style-src 'self';/);
    expect(inbox.headers.get('x-frame-options')).toBe('DENY');
    const inboxHtml = await inbox.text();
    // Its root-relative links are rewritten to stay under the proxy.
    const stylesheet = /<link rel="stylesheet" href="([^"]+)"/.exec(inboxHtml)?.[1];
    expect(stylesheet).toMatch(/^\/__local\/storefront\//);
    expect((await fetch(`${shopUrl}${stylesheet}`)).status).toBe(200);
    // The pages' images come through the shop's origin too (no emulator port in the page).
    const home = await (await fetch(`${shopUrl}/`)).text();
    expect(home).not.toMatch(/127\.0\.0\.1:\d+/);
    const images = [...home.matchAll(/src="(http[^"]+\/__local\/(?:storefront|content)\/[^"]+)"/g)].map((m) => m[1].replaceAll('&amp;', '&'));
    expect(images.length).toBeGreaterThan(0);
    for (const image of images.slice(0, 3)) {
      const res = await fetch(image.replace(/^http:\/\/[^/]+/, shopUrl));
      expect({ image, status: res.status }).toEqual({ image, status: 200 });
      expect(res.headers.get('content-type')).toMatch(/^image\//);
    }
    // …but the other debug endpoints stay closed, through the shop (off its allow-list, whatever
    // the client sends) and directly.
    const bearer = { authorization: `Bearer ${shop.emulators.storefront.debugToken}` };
    expect((await fetch(`${shopUrl}/__local/storefront/__emulator/orders`, { headers: bearer })).status).toBe(404);
    expect((await fetch(`${shop.emulators.storefront.url}/__emulator/orders`)).status).toBe(401);
    // The APIs are the shop server's to call: no GROQ over the whole dataset and no Storefront
    // GraphQL from the browser through the proxy, under any spelling or through another emulator's name.
    const groq = encodeURIComponent('*[_type == "productCardPassword"].password');
    const lake = new URL(shop.emulators.content.url).host;
    for (const path of [
      `/__local/content/v2025-02-19/data/query/production?query=${groq}`,
      `/__local/storefront//${lake}/v2025-02-19/data/query/production?query=${groq}`,
      `/__local/content/images/%2E%2E/v2025-02-19/data/query/production?query=${groq}`,
    ]) {
      expect({ path, status: (await fetch(`${shopUrl}${path}`)).status }).toEqual({ path, status: 404 });
    }
    for (const path of ['API/2026-04/graphql.json', 'api/2026-01/graphql.json']) {
      expect({ path, status: (await fetch(`${shopUrl}/__local/storefront/${path}`, { method: 'POST', body: '{}' })).status }).toEqual({
        path,
        status: 404,
      });
    }
    // GraphiQL's endpoint is this machine's, with the public token only (none sent here: 401).
    expect((await fetch(`${shopUrl}/__local/storefront/api/2026-04/graphql.json`, { method: 'POST', body: '{}' })).status).toBe(401);
    // The run's webhook secret, as the listening line prints it, signs; the one every copy of the code knew does not.
    const body = JSON.stringify({ _id: 'productCard-bodega-bunch', _type: 'productCard', slug: { current: 'bodega-bunch' } });
    const hook = (secret: string) =>
      fetch(`${shopUrl}/api/webhooks/sanity`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'sanity-webhook-signature': signSanity(body, secret) },
        body,
      });
    expect(shop.secrets.sanityWebhookSecret).toMatch(/^[\w-]{43}$/);
    expect((await hook(shop.secrets.sanityWebhookSecret)).status).toBe(200);
    expect((await hook('local-sanity-webhook-secret')).status).toBe(401);
  } finally {
    shop.child.kill('SIGTERM');
  }
  expect(await shop.exited).toBe(0);
  await until(() => (alive(pid) ? undefined : true), 'the emulators process to exit', 15_000);
}, 120_000);

/**
 * A browser's cookie jar reduced to what the sign-in needs: cookies by name with their Path
 * (RFC 6265 §5.1.4 path-match), sent only to the paths they were scoped to.
 */
function cookieJar() {
  const cookies = new Map<string, { value: string; path: string }>();
  return {
    store(res: Response) {
      for (const line of res.headers.getSetCookie()) {
        const [pair, ...attributes] = line.split(';').map((part) => part.trim());
        const [name, ...value] = pair.split('=');
        const path = attributes.find((a) => /^path=/i.test(a))?.slice(5) ?? '/';
        if (/max-age=0|expires=thu, 01 jan 1970/i.test(line)) cookies.delete(name);
        else cookies.set(name, { value: value.join('='), path });
      }
    },
    header(url: URL): string {
      const matches = (path: string) => url.pathname === path || url.pathname.startsWith(path.endsWith('/') ? path : `${path}/`);
      return [...cookies]
        .filter(([, c]) => matches(c.path))
        .map(([name, c]) => `${name}=${c.value}`)
        .join('; ');
    },
  };
}

test('local mode: the first log lines name the developer page, GraphiQL and the Storefront tokens, and both pages open', async () => {
  const shop = await startShopProcess();
  try {
    // Every JSON line from info up, in order.
    const parsed = shop.logged(30) as { msg: string; developerPage?: string; graphiql?: string; storefront?: Record<string, string> }[];
    const listening = parsed.findIndex((entry) => entry.msg.startsWith('storefront listening'));
    const tools = parsed.findIndex((entry) => entry.developerPage);
    expect(tools).toBeGreaterThanOrEqual(0);
    expect(tools).toBeLessThan(listening);
    const entry = parsed[tools];
    expect(entry.developerPage).toBe(`${shop.origin}/__local/`);
    expect(entry.graphiql).toBe(`${shop.origin}/__local/storefront/graphiql`);
    // The message alone says it all, for a developer reading the terminal.
    for (const text of [entry.developerPage!, entry.graphiql!, DEFAULT_PUBLIC_TOKEN, entry.storefront!.privateToken])
      expect(entry.msg).toContain(text);
    expect(entry.storefront).toMatchObject({ publicToken: DEFAULT_PUBLIC_TOKEN, privateToken: expect.stringMatching(/^[\w-]{43}$/) });
    // The private token it prints is the run's: the Storefront emulator takes it.
    const query = await fetch(entry.storefront!.endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'shopify-storefront-private-token': entry.storefront!.privateToken },
      body: JSON.stringify({ query: '{ shop { name } }' }),
    });
    expect(query.status).toBe(200);
    for (const url of [entry.developerPage!, entry.graphiql!]) expect({ url, status: (await fetch(url)).status }).toEqual({ url, status: 200 });
  } finally {
    await shop.stop();
  }
}, 120_000);

test("local mode: STOREFRONT_PRIVATE_TOKEN in the shop's environment pins the private token its emulators take and it logs", async () => {
  const pinned = randomBytes(32).toString('hex');
  const shop = await startShop({ NODE_ENV: 'production', SHOP_MODE: 'local', STOREFRONT_PRIVATE_TOKEN: pinned });
  try {
    const entry = (shop.logged(30) as { msg: string; storefront?: Record<string, string> }[]).find((e) => e.storefront)!;
    expect(entry.storefront).toMatchObject({ privateToken: pinned });
    expect(entry.msg).toContain(`private token ${pinned}`);
    const query = (token: string) =>
      fetch(entry.storefront!.endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'shopify-storefront-private-token': token },
        body: JSON.stringify({ query: '{ shop { name } }' }),
      });
    expect((await query(pinned)).status).toBe(200);
    expect((await query(`${pinned}0`)).status).toBe(401);
  } finally {
    await shop.stop();
  }
}, 120_000);

test('live mode logs no developer page and no per-run secret: there are none', async () => {
  const https = 'https://upstream.invalid';
  const { child, lines, exited } = run({
    NODE_ENV: 'production',
    SHOP_MODE: 'live',
    PORT: '0',
    OUTBOX_DIR: path.join(dataDir, 'outbox'),
    SITE_URL: 'https://shop.example',
    SHOPIFY_STORE_DOMAIN: 'shop.example',
    PRIVATE_STOREFRONT_API_TOKEN: 'a-live-private-token',
    SANITY_PROJECT_ID: 'project',
    SANITY_DATASET: 'production',
    SCHEDULER_URL: https,
    SCHEDULER_PICKUP_LOCATION_ID: '1',
    SCHEDULER_DELIVERY_LOCATION_ID: '2',
    SCHEDULER_SHOP: 'shop.myshopify.com',
    CUSTOMER_ACCOUNT_ISSUER: https,
    CUSTOMER_ACCOUNT_CLIENT_ID: 'client',
    UNLOCK_SECRET: 'an-unlock-secret-of-at-least-32-characters',
    KLAVIYO_PRIVATE_API_KEY: 'pk_live',
    KLAVIYO_HINT_LIST_ID: 'HINT',
    KLAVIYO_RESERVE_LIST_ID: 'RESERVE',
  });
  try {
    await until(
      () => lines.find((l) => l.includes('storefront listening')) ?? (child.exitCode !== null ? lines.join('\n') : undefined),
      'the live shop to listen',
    );
    expect(lines.find((l) => l.includes('storefront listening'))).toContain('"emulators":null');
    expect(lines.filter((l) => /__local|developerPage|privateToken|debugToken|a-live-private-token/.test(l))).toEqual([]);
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}, 60_000);

test("local mode: signing in goes through the shop's origin, the customer-account emulator's pages and redirects included", async () => {
  const shop = await startShop({ NODE_ENV: 'production', SHOP_MODE: 'local' });
  try {
    const shopUrl = `http://localhost:${shop.port}`;
    const emulatorOrigin = shop.emulators.customerAccount.url;
    const jar = cookieJar();
    const login = await fetch(`${shopUrl}/api/customer/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: shopUrl },
      body: JSON.stringify({ email: 'ada@example.com', password: 'flowers-ada-1815' }),
    });
    expect(login.status).toBe(200);
    jar.store(login);
    let next = new URL(((await login.json()) as { data: { redirectTo: string } }).data.redirectTo, shopUrl);
    expect(next.href.startsWith(`${shopUrl}/__local/customer-account/`)).toBe(true);

    // Follow the redirects as a browser would, on the shop's origin only, with the cookies of each path.
    const visited: string[] = [];
    for (let hop = 0; hop < 10 && next.pathname !== '/accounts/account'; hop++) {
      expect(next.origin).toBe(shopUrl);
      visited.push(next.pathname);
      const res = await fetch(next, { redirect: 'manual', headers: { cookie: jar.header(next) } });
      jar.store(res);
      const location = res.headers.get('location');
      if (!location) throw new Error(`${next.pathname} answered ${res.status} without a redirect: ${(await res.text()).slice(0, 300)}`);
      expect(location).not.toContain(emulatorOrigin);
      next = new URL(location, next);
    }
    // The authorize request, the sign-in step (its cookie scoped to /interaction/{uid}) and the
    // provider's resume (its cookie scoped to /oauth/authorize/{uid}), all under the proxy.
    expect(visited.map((p) => p.replace(/\/[\w-]{20,}$/, '/{uid}'))).toEqual([
      '/__local/customer-account/oauth/authorize',
      '/__local/customer-account/interaction/{uid}',
      '/__local/customer-account/oauth/authorize/{uid}',
    ]);
    // The callback completes the sign-in: the session cookie is set and the customer is known.
    const callback = await fetch(next, { redirect: 'manual', headers: { cookie: jar.header(next) } });
    jar.store(callback);
    const me = await fetch(`${shopUrl}/api/customer`, { headers: { cookie: jar.header(new URL(`${shopUrl}/api/customer`)) } });
    expect(me.status).toBe(200);
    expect(JSON.stringify(await me.json())).toContain('ada@example.com');
  } finally {
    shop.child.kill('SIGTERM');
  }
  expect(await shop.exited).toBe(0);
}, 120_000);

test('the emulators process exits by itself when the shop is killed', async () => {
  const shop = await startShop({ NODE_ENV: 'development' });
  const pid = shop.emulatorsPid;
  expect(alive(pid)).toBe(true);
  shop.child.kill('SIGKILL');
  await shop.exited;
  await until(() => (alive(pid) ? undefined : true), 'the orphaned emulators process to exit', 15_000);
}, 120_000);
