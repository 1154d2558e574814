/**
 * `npm run hydrogen:check`: Shopify's Hydrogen skeleton run against the Storefront API emulator,
 * its pages loaded in Debian's Chromium, and everything that went wrong printed
 * (emulators/storefront-api/README.md "Hydrogen against the emulator"). Not part of `npm test`:
 * the first run downloads and builds Hydrogen from the npm registry (a few minutes).
 *
 * 1. The app (`HYDROGEN_DIR`, default `$TMPDIR/hydrogen-app`, outside the repository): when it
 *    has no `package.json`, the skeleton of `CLI_HYDROGEN` (default @shopify/cli-hydrogen@13.0.4,
 *    Hydrogen 2026.4.x) is unpacked into it from `npm pack` and `npm install`ed; the README's one
 *    change (the emulator's image origin in the CSP) is applied; `shopify hydrogen build` runs
 *    when `dist/server/index.js` is missing or `HYDROGEN_REBUILD=1`. `HYDROGEN_UNCHANGED=1` skips
 *    the change (an app built without it reports the images the CSP blocks).
 * 2. The Storefront API emulator (the shop's seed, a fresh data dir) behind a recording
 *    pass-through, which is the store domain Hydrogen is given in `.env.check` (the README's
 *    `.env` with that origin): every GraphQL request is kept with its status and `errors`. As in
 *    the README, the emulator's private token is pinned and `.env.check` has it as
 *    `PRIVATE_STOREFRONT_API_TOKEN`: `STOREFRONT_PRIVATE_TOKEN` when set (checked as
 *    emulators/env.ts checks it), else a new one. `HYDROGEN_TOKEN=public` leaves it out (Hydrogen's
 *    server then uses the public token, and its development build warns about that).
 * 3. `shopify hydrogen preview --port HYDROGEN_PORT` (default 3611) on that env file, or with
 *    `HYDROGEN_COMMAND=dev`, `shopify hydrogen dev --disable-version-check` (Vite, Hydrogen's
 *    development build, which is where its token warnings are); its log is kept.
 * 4. Chromium (`CHROMIUM_PATH`) opens the home page, the first collection on /collections, the
 *    first product in it that can be bought, adds it to the cart, opens /cart (raises the
 *    quantity, applies a seeded discount code and gift card), types in predictive search, then search,
 *    the policies, a blog and an article and /pages/about, keeping console messages, page
 *    errors and failed or >= 400 requests.
 *
 * `HYDROGEN_URL=http://localhost:3600` skips 1–3 and walks a Hydrogen app already running there
 * (as the README's recipe starts it), reporting only what the browser sees.
 *
 * Prints the pages visited, the Storefront API requests (version, operation, status, which token), then the
 * findings: 401s, GraphQL errors, token warnings ("private access token", "Using a private storefront
 * token is recommended", wherever they are in the server log), page errors, console errors and
 * warnings, failed requests, and server log lines that warn or err once the app answers. Requests to hosts other
 * than this machine (cdn.shopify.com, monorail) fail without internet and are listed apart, not
 * counted. Exit code 1 when something was found, 0 otherwise.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { EmulatorEnvError, emulatorOptionsFromEnv } from '../emulators';
import { DEFAULT_PUBLIC_TOKEN, startStorefrontEmulator } from '../emulators/storefront-api';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/support/services';

const APP_DIR = path.resolve(process.env.HYDROGEN_DIR ?? path.join(os.tmpdir(), 'hydrogen-app'));
const CLI_HYDROGEN = process.env.CLI_HYDROGEN ?? '@shopify/cli-hydrogen@13.0.4';
const PORT = Number(process.env.HYDROGEN_PORT ?? 3611);
const ENV_FILE = '.env.check';
/** Unless `public`, Hydrogen's server gets the emulator's pinned private token (PRIVATE_STOREFRONT_API_TOKEN), as in the README. */
const WITH_PRIVATE_TOKEN = process.env.HYDROGEN_TOKEN !== 'public';
/** `preview` (the production build, default) or `dev` (Vite and Hydrogen's development build). */
const COMMAND = process.env.HYDROGEN_COMMAND === 'dev' ? 'dev' : 'preview';
/** Token warnings, whichever command prints them and whenever (the first request, the readiness probe, triggers them). */
const TOKEN_WARNING = /private storefront token|private access token|private token in an environment/i;
const cliEnv = { ...process.env, SHOPIFY_CLI_NO_ANALYTICS: '1', CI: '1' };

/** Runs a command in the app folder, its output passed through (setup steps). */
function run(command: string, args: string[], cwd = APP_DIR) {
  process.stdout.write(`$ ${command} ${args.join(' ')}\n`);
  execFileSync(command, args, { cwd, stdio: 'inherit', env: cliEnv });
}

/**
 * The README's one source change, in the skeleton's Content-Security-Policy: the emulator's
 * images are not on cdn.shopify.com, so `imgSrc` allows the store domain; and the policy's
 * `shop.storeDomain` (which Hydrogen writes as `https://{storeDomain}` into connect-src) gets
 * the bare host, since `https://http://…` is an invalid source the browser reports. Idempotent.
 * @returns whether the file changed (the app then needs a build).
 * @throws when the skeleton's entry.server.tsx no longer has the line this edits.
 */
function allowEmulatorImages(): boolean {
  const file = path.join(APP_DIR, 'app', 'entry.server.tsx');
  const source = readFileSync(file, 'utf8');
  if (source.includes('imgSrc:')) return false;
  const anchor = /storeDomain: context\.env\.PUBLIC_STORE_DOMAIN,\n(\s*)\},/;
  if (!anchor.test(source)) throw new Error(`${file} changed shape: make the README's change by hand`);
  writeFileSync(
    file,
    source.replace(anchor, (_m, indent: string) => CSP_CHANGE.replaceAll('\n  ', `\n${indent}`)),
  );
  return true;
}

/** Step 1: the skeleton unpacked, installed, patched and built in APP_DIR. */
function prepareApp() {
  if (!existsSync(path.join(APP_DIR, 'package.json'))) {
    const pack = mkdtempSync(path.join(os.tmpdir(), 'cli-hydrogen-'));
    run('npm', ['pack', CLI_HYDROGEN, '--silent'], pack);
    run('tar', ['xzf', execFileSync('ls', [pack]).toString().trim(), 'package/dist/assets/hydrogen/starter'], pack);
    run('mkdir', ['-p', APP_DIR], pack);
    run('cp', ['-a', path.join(pack, 'package/dist/assets/hydrogen/starter/.'), APP_DIR], pack);
    rmSync(pack, { recursive: true, force: true });
    run('npm', ['install', '--no-audit', '--no-fund', '--progress=false']);
  }
  const changed = process.env.HYDROGEN_UNCHANGED === '1' ? false : allowEmulatorImages();
  if (changed || process.env.HYDROGEN_REBUILD === '1' || !existsSync(path.join(APP_DIR, 'dist', 'server', 'index.js'))) {
    run('npx', ['shopify', 'hydrogen', 'build', '--codegen']);
  }
}

/** What replaces the skeleton's `storeDomain: context.env.PUBLIC_STORE_DOMAIN,\n    },` (README, step 3). */
const CSP_CHANGE = `storeDomain: context.env.PUBLIC_STORE_DOMAIN.replace(/^https?:\\/\\//, ''),
  },
  imgSrc: ["'self'", 'https://cdn.shopify.com', context.env.PUBLIC_STORE_DOMAIN],`;

/** One recorded Storefront API exchange; `token` says which header carried the credential. */
type ApiCall = { version: string; operation: string; status: number; token: 'private' | 'public' | 'none'; errors: string[]; userErrors: string[] };

/** Every non-empty `userErrors` / `warnings` entry in a mutation's answer, as `code: message`. */
function userErrorsIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v) => userErrorsIn(v, found));
  else if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) {
      if ((key === 'userErrors' || key === 'warnings') && Array.isArray(child)) {
        for (const e of child as { code?: string; message?: string }[]) found.push(`${key} ${e.code ?? ''}: ${e.message ?? JSON.stringify(e)}`);
      } else userErrorsIn(child, found);
    }
  }
  return found;
}

/** The operation's name (or its first field) from a GraphQL document, for the report. */
function operationName(body: string): string {
  try {
    const parsed = JSON.parse(body) as { query?: string; operationName?: string };
    const query = parsed.query ?? '';
    return parsed.operationName ?? /\b(?:query|mutation)\s+(\w+)/.exec(query)?.[1] ?? /\{\s*(\w+)/.exec(query)?.[1] ?? '?';
  } catch {
    return '?';
  }
}

/**
 * Step 2: a pass-through to `target()` on a free port of 127.0.0.1 that keeps each
 * `/api/{version}/graphql.json` exchange (status, the `errors` messages).
 */
async function startRecorder(target: () => string, calls: ApiCall[]) {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const url = new URL(req.url ?? '/', target());
      const upstream = http.request(url, { method: req.method, headers: { ...req.headers, host: url.host } }, (answer) => {
        const parts: Buffer[] = [];
        answer.on('data', (c: Buffer) => parts.push(c));
        answer.on('end', () => {
          const payload = Buffer.concat(parts);
          const api = /^\/api\/([^/]+)\/graphql\.json/.exec(url.pathname);
          if (api) {
            let errors: string[] = [];
            let userErrors: string[] = [];
            try {
              const parsed = JSON.parse(payload.toString()) as { data?: unknown; errors?: { message: string }[] | string };
              errors = Array.isArray(parsed.errors) ? parsed.errors.map((e) => e.message) : parsed.errors ? [parsed.errors] : [];
              userErrors = userErrorsIn(parsed.data);
            } catch {
              errors = answer.statusCode === 200 ? ['answer is not JSON'] : [];
            }
            const token = req.headers['shopify-storefront-private-token']
              ? 'private'
              : req.headers['x-shopify-storefront-access-token']
                ? 'public'
                : 'none';
            calls.push({ version: api[1], operation: operationName(body.toString()), status: answer.statusCode ?? 0, token, errors, userErrors });
          }
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          res.end(payload);
        });
      });
      upstream.on('error', (error) => {
        res.writeHead(502);
        res.end(String(error));
      });
      upstream.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

/**
 * The emulator's private token for this check: `STOREFRONT_PRIVATE_TOKEN` when set, else a new one,
 * as the README's recipe makes it (`openssl rand -hex 32`).
 * @throws EmulatorEnvError when the variable is malformed (the emulators' own check, emulators/env.ts)
 */
function pinnedPrivateToken(): string {
  const token = emulatorOptionsFromEnv({ STOREFRONT_PRIVATE_TOKEN: process.env.STOREFRONT_PRIVATE_TOKEN }).storefrontPrivateToken;
  return token ?? randomBytes(32).toString('hex');
}

/** Step 3: `shopify hydrogen preview` (or `dev`), its output collected in `log`; resolves once it answers. */
async function startHydrogen(log: string[]): Promise<ChildProcess> {
  const args = COMMAND === 'dev' ? ['dev', '--disable-version-check'] : ['preview'];
  const child = spawn('npx', ['shopify', 'hydrogen', ...args, '--port', String(PORT), '--env-file', ENV_FILE], {
    cwd: APP_DIR,
    env: cliEnv,
    detached: true, // its own process group, so the workerd it starts stops with it
  });
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.on('data', (chunk: Buffer) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      log.push(...lines.filter((l) => l.trim()));
    });
  }
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`hydrogen ${COMMAND} exited ${child.exitCode}:\n${log.join('\n')}`);
    try {
      const res = await fetch(`http://localhost:${PORT}/robots.txt`);
      if (res.ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`hydrogen ${COMMAND} did not answer on port ${PORT} within 120 s:\n${log.join('\n')}`);
}

type Finding = { where: string; what: string };

/** Step 4: the shopper's path; returns what the browser reported, by page. */
async function browse(base: string, findings: Finding[], external: Finding[], visited: string[]) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const local = (url: string) => /^https?:\/\/(127\.0\.0\.1|localhost)(:\d+)?\//.test(url) || url.startsWith('data:');
  let step = 'home';
  try {
    const page: Page = await browser.newPage();
    page.on('console', (message) => {
      const type = message.type();
      const text = message.text();
      const url = message.location().url;
      const notable = type === 'error' || type === 'warning' || /401|private access token|graphql/i.test(text);
      if (!notable) return;
      // "Failed to load resource" for another host is the missing internet, not the emulator.
      const target = /Failed to load resource/.test(text) ? url : '';
      (target && !local(target) ? external : findings).push({ where: `${step} console.${type}`, what: target ? `${text} (${target})` : text });
    });
    page.on('pageerror', (error) => findings.push({ where: `${step} page error`, what: error.message }));
    page.on('requestfailed', (request) => {
      const error = request.failure()?.errorText ?? '';
      const entry = { where: `${step} request failed`, what: `${request.method()} ${request.url()}: ${error}` };
      // ERR_ABORTED: a prefetch the walk's next page.goto cut short.
      if (error !== 'net::ERR_ABORTED') (local(request.url()) ? findings : external).push(entry);
    });
    page.on('response', (response) => {
      if (response.status() >= 400)
        findings.push({ where: `${step} HTTP ${response.status()}`, what: `${response.request().method()} ${response.url()}` });
    });
    const open = async (name: string, url: string) => {
      step = name;
      await page.goto(url, { waitUntil: 'load' });
      await page.waitForLoadState('networkidle').catch(() => undefined);
      visited.push(`${name}: ${page.url().replace(base, '')} "${await page.title()}"`);
    };
    await open('home', `${base}/`);
    await open('collections', `${base}/collections`);
    const collection = await page.locator('a.collection-item').first().getAttribute('href');
    if (!collection) throw new Error('/collections lists no collection');
    await open('collection', base + collection);
    // The first product of the collection that can be added (the seed has sold-out ones).
    const products = [...new Set(await page.locator('main a[href^="/products/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href'))))];
    const add = page.getByRole('button', { name: 'Add to cart' });
    for (const product of products.slice(0, 10)) {
      await open('product', base + product);
      if (await add.count()) break;
    }
    if (!(await add.count())) throw new Error(`no product of ${collection} offers "Add to cart"`);
    step = 'add to cart';
    await add.click();
    // The skeleton opens its cart aside with the line once the cart action answers.
    await page.locator('aside li.cart-line').first().waitFor({ timeout: 15_000 });
    await page.waitForLoadState('networkidle').catch(() => undefined);
    visited.push(`add to cart: ${await page.locator('aside li.cart-line').count()} line(s) in the cart aside`);
    await open('cart', `${base}/cart`);
    const lines = await page.locator('div.cart li.cart-line').count();
    visited.push(`cart lines on /cart: ${lines}`);
    if (lines === 0) findings.push({ where: 'cart', what: '/cart shows no line after add to cart' });
    // The cart page's own forms: quantity, a seeded discount code, a seeded gift card (content/checkout.json).
    const settle = () => page.waitForLoadState('networkidle').catch(() => undefined);
    step = 'cart: increase quantity';
    await page.locator('div.cart').getByRole('button', { name: 'Increase quantity' }).first().click();
    await settle();
    step = 'cart: discount code';
    await page.locator('div.cart input[name="discountCode"]').fill('WELCOME10');
    await page.locator('div.cart').getByRole('button', { name: 'Apply discount code' }).click();
    await settle();
    step = 'cart: gift card';
    await page.locator('div.cart input[name="giftCardCode"]').fill('GIFT-BLOOM-5050');
    await page.locator('div.cart').getByRole('button', { name: 'Apply gift card code' }).click();
    await page.locator('div.cart').getByText('***5050').waitFor({ timeout: 15_000 });
    visited.push(`cart after quantity, discount and gift card: ${(await page.locator('div.cart').innerText()).replace(/\s+/g, ' ').slice(0, 300)}`);
    step = 'predictive search';
    await page.getByRole('button', { name: 'Search', exact: true }).first().click();
    await page.locator('.predictive-search input[name="q"]').fill('ro');
    await page.locator('.predictive-search a[href^="/products/"]').first().waitFor({ timeout: 15_000 });
    visited.push(`predictive search "ro": ${await page.locator('.predictive-search a[href^="/products/"]').count()} product link(s)`);
    // The skeleton's other Storefront API pages: search, policies, blogs and an article, a page.
    await open('search', `${base}/search?q=rose`);
    await open('policies', `${base}/policies`);
    const policy = await page.locator('main a[href^="/policies/"]').first().getAttribute('href');
    if (policy) await open('policy', base + policy);
    await open('blogs', `${base}/blogs`);
    const blog = await page.locator('main a[href^="/blogs/"]').first().getAttribute('href');
    if (blog) await open('blog', base + blog);
    const article = await page
      .locator(`main a[href^="${blog}/"]`)
      .first()
      .getAttribute('href')
      .catch(() => null);
    if (article) await open('article', base + article);
    await open('page', `${base}/pages/about`);
  } catch (error) {
    findings.push({ where: `${step} (the walk stopped)`, what: error instanceof Error ? error.message.split('\n')[0] : String(error) });
  } finally {
    await browser.close();
  }
}

/** Printed at the end: what the walk saw, and the findings; exit code 1 when there are findings. */
function report(visited: string[], external: Finding[], findings: Finding[]) {
  process.stdout.write(`pages:\n${visited.map((v) => `  ${v}`).join('\n')}\n`);
  if (external.length) {
    process.stdout.write(`outside this machine (not counted; no internet):\n${external.map((f) => `  ${f.where}: ${f.what}`).join('\n')}\n`);
  }
  process.stdout.write(`findings (${findings.length}):\n${findings.map((f) => `  ${f.where}: ${f.what}`).join('\n') || '  none'}\n`);
  process.exitCode = findings.length ? 1 : 0;
}

/** `HYDROGEN_URL`: only the browser walk, against a Hydrogen app already running there (the README's recipe). */
async function browseOnly(base: string) {
  const findings: Finding[] = [];
  const external: Finding[] = [];
  const visited: string[] = [];
  await browse(base.replace(/\/+$/, ''), findings, external, visited);
  process.stdout.write(`\nHydrogen at ${base} (browser only: no Storefront API or server log recording)\n`);
  report(visited, external, findings);
}

async function main() {
  if (process.env.HYDROGEN_URL) return browseOnly(process.env.HYDROGEN_URL);
  const privateToken = pinnedPrivateToken();
  prepareApp();
  const calls: ApiCall[] = [];
  let emulatorUrl = '';
  const recorder = await startRecorder(() => emulatorUrl, calls);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hydrogen-check-data-'));
  // The emulator hands out image and checkout URLs on the recorder's origin, the store domain Hydrogen knows.
  const emulator = await startStorefrontEmulator({ port: 0, dataDir, publicUrl: recorder.origin, privateToken });
  emulatorUrl = emulator.url;
  writeFileSync(
    path.join(APP_DIR, ENV_FILE),
    [
      `SESSION_SECRET="hydrogen-check-session-secret"`,
      `PUBLIC_STORE_DOMAIN="${recorder.origin}"`,
      `PUBLIC_STOREFRONT_API_TOKEN="${DEFAULT_PUBLIC_TOKEN}"`,
      ...(WITH_PRIVATE_TOKEN ? [`PRIVATE_STOREFRONT_API_TOKEN="${privateToken}"`] : []),
      `PUBLIC_STOREFRONT_ID="1"`,
      `PUBLIC_CHECKOUT_DOMAIN="${new URL(recorder.origin).host}"`,
      '',
    ].join('\n'),
  );
  const log: string[] = [];
  let hydrogenProcess: ChildProcess | undefined;
  const findings: Finding[] = [];
  const external: Finding[] = [];
  const visited: string[] = [];
  try {
    hydrogenProcess = await startHydrogen(log);
    const ready = log.length;
    await browse(`http://localhost:${PORT}`, findings, external, visited);
    log.forEach((line, i) => {
      // The CLI's request lines ("POST  200  render  /api/unstable/graphql.json  8ms") count from 400 up.
      const request = /^\s*[A-Z]+\s+(\d{3})\s/.exec(line);
      const afterStart = i >= ready && (request ? Number(request[1]) >= 400 : /error|warn|401|graphql/i.test(line));
      if (afterStart || TOKEN_WARNING.test(line)) findings.push({ where: 'server log', what: line.trim() });
    });
  } finally {
    if (hydrogenProcess?.pid) process.kill(-hydrogenProcess.pid, 'SIGTERM');
    await emulator.stop();
    recorder.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  for (const call of calls) {
    if (call.status === 401) findings.push({ where: 'Storefront API 401', what: `${call.version} ${call.operation}` });
    for (const e of call.errors) findings.push({ where: `Storefront API GraphQL error (${call.version} ${call.operation})`, what: e });
    for (const e of call.userErrors) findings.push({ where: `Storefront API ${call.operation}`, what: e });
  }
  const hydrogen = JSON.parse(readFileSync(path.join(APP_DIR, 'node_modules', '@shopify', 'hydrogen', 'package.json'), 'utf8')) as {
    version: string;
  };
  process.stdout.write(
    `\nHydrogen ${hydrogen.version} (skeleton of ${CLI_HYDROGEN}) in ${APP_DIR}, \`shopify hydrogen ${COMMAND}\`, store domain ${recorder.origin}, ` +
      `${WITH_PRIVATE_TOKEN ? 'public and pinned private' : 'public'} token\n`,
  );
  const byKind = new Map<string, number>();
  for (const c of calls) {
    const kind = `${c.version} ${c.operation} ${c.status} (${c.token} token)`;
    byKind.set(kind, (byKind.get(kind) ?? 0) + 1);
  }
  process.stdout.write(`Storefront API requests (${calls.length}):\n${[...byKind].map(([k, n]) => `  ${n} × ${k}`).join('\n')}\n`);
  report(visited, external, findings);
}

main().catch((error) => {
  // A malformed STOREFRONT_PRIVATE_TOKEN is said plainly, as `npm run emulators` says it.
  process.stderr.write(`${error instanceof EmulatorEnvError ? error.message : error instanceof Error ? error.stack : error}\n`);
  process.exitCode = 2;
});
