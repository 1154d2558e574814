/**
 * Local mode only: the developer page, `GET /__local/` (`/__local` redirects there), for this
 * machine's clients (`developerGate`, ADR-0027; 403 otherwise); live mode does not mount it, so
 * there it is the shop's 404. It links what the emulators offer a developer through the shop's
 * `/__local` proxy (the mail inbox, GraphiQL, each order's status page) and shows, read server
 * side from their debug endpoints with the run's debug token (which never reaches the browser):
 * the orders placed (`/__emulator/orders` on the Storefront emulator), the mail count
 * (`/__emulator/inbox.json`) and the marketing records (`/__emulator/records`: list sign-ups,
 * back-in-stock requests, events). Also the Storefront API's loopback endpoint and public token,
 * for pointing another client at it.
 *
 * Plain HTML, no script (the shop's CSP stands), the Storefront emulator's stylesheet (as the
 * inbox), headings, lists and tables with header cells; `Cache-Control: no-store` (names and
 * addresses). An emulator that does not answer within 5 s leaves its sections saying so.
 */
import type { Request, RequestHandler, Response } from 'express';
import { z } from 'zod';
import { formatMoney } from '../../client/lib/format';
import type { Config } from '../config';
import { developerGate, LOCAL_PROXY_PREFIX, localGraphiqlUrl, localInboxUrl } from '../http/local-proxy';
import { escapeHtml } from '../render/serialize';
import { CACHE } from '../http/request-policy';

/** The shop-origin URL of the developer page. */
export function localDeveloperUrl(siteUrl: string): string {
  return `${siteUrl}${LOCAL_PROXY_PREFIX}/`;
}

const READ_TIMEOUT_MS = 5_000;
/** Events shown, newest first (the marketing emulator keeps them all). */
const SHOWN_EVENTS = 50;

const money = z.object({ amount: z.string(), currencyCode: z.string() });
const Orders = z.object({
  orders: z.array(
    z.object({
      name: z.string(),
      token: z.string(),
      processedAt: z.string(),
      email: z.string(),
      customerName: z.string(),
      checkoutMethod: z.string(),
      total: money,
      seeded: z.boolean().optional(),
    }),
  ),
});
const Inbox = z.object({ messages: z.array(z.unknown()) });
const nullableText = z.string().nullable();
const Records = z.object({
  subscriptions: z.array(
    z.object({ listId: z.string(), email: nullableText, phoneNumber: nullableText, customSource: nullableText, subscribedAt: z.string() }),
  ),
  backInStock: z.array(z.object({ variantId: z.string(), email: nullableText, phoneNumber: nullableText, subscribedAt: z.string() })),
  events: z.array(
    z.object({
      metric: z.string(),
      profile: z.object({ email: nullableText, phoneNumber: nullableText, externalId: nullableText, anonymousId: nullableText }),
      time: z.string(),
      source: z.string(),
    }),
  ),
});

/** A read: its value, or why there is none (shown in place of the section). */
type Read<T> = { ok: true; value: T } | { ok: false; problem: string };

/** `GET {base}{path}` with the debug token, parsed by `schema`. Never throws. */
async function readDebug<T>(base: string, path: string, debugToken: string, schema: z.ZodType<T>): Promise<Read<T>> {
  try {
    const res = await fetch(`${base}${path}`, { headers: { 'x-emulator-token': debugToken }, signal: AbortSignal.timeout(READ_TIMEOUT_MS) });
    if (!res.ok) return { ok: false, problem: `${path} answered ${res.status}` };
    const parsed = schema.safeParse(await res.json());
    return parsed.success ? { ok: true, value: parsed.data } : { ok: false, problem: `${path} answered an unexpected shape` };
  } catch (err) {
    return { ok: false, problem: `${path} did not answer (${err instanceof Error ? err.message : String(err)})` };
  }
}

/** An HTML table: a caption, column headers (`scope="col"`), escaped cells; a row saying so when empty. */
function table(caption: string, headers: string[], rows: string[][], firstIsHtml = false): string {
  const head = headers.map((h) => `<th scope="col">${escapeHtml(h)}</th>`).join('');
  const body = rows.length
    ? rows
        .map(
          (row) =>
            `<tr>${row.map((cell, i) => (i === 0 ? `<th scope="row">${firstIsHtml ? cell : escapeHtml(cell)}</th>` : `<td>${escapeHtml(cell)}</td>`)).join('')}</tr>`,
        )
        .join('\n')
    : `<tr><td colspan="${headers.length}">None yet.</td></tr>`;
  return `<table><caption>${escapeHtml(caption)}</caption><thead><tr>${head}</tr></thead><tbody>\n${body}\n</tbody></table>`;
}

/** A section: its heading (`id` for the page's links), then `content`, or the read's problem. */
function section<T>(id: string, heading: string, read: Read<T>, content: (value: T) => string): string {
  const inner = read.ok ? content(read.value) : `<p role="status">Not available: ${escapeHtml(read.problem)}.</p>`;
  return `<section aria-labelledby="${id}"><h2 id="${id}">${escapeHtml(heading)}</h2>\n${inner}</section>`;
}

const count = <T>(read: Read<T[]>) => (read.ok ? ` (${read.value.length})` : '');
const newestFirst = <T extends { time?: string; processedAt?: string; subscribedAt?: string }>(items: T[]) =>
  [...items].sort((a, b) => (b.time ?? b.processedAt ?? b.subscribedAt ?? '').localeCompare(a.time ?? a.processedAt ?? a.subscribedAt ?? ''));

export type LocalDeveloperOptions = {
  local: NonNullable<Config['local']>;
  siteUrl: string;
  trustedIpHeader: string | null;
  /** The Storefront API the shop uses (its loopback endpoint, its version) and its public token. */
  storefront: Pick<Config['storefront'], 'endpoint' | 'publicToken'>;
};

/** The page's HTML from the three reads. */
function developerPage(
  opts: LocalDeveloperOptions,
  reads: {
    orders: Read<z.infer<typeof Orders>['orders']>;
    mail: Read<unknown[]>;
    records: Read<z.infer<typeof Records>>;
  },
): string {
  const { orders, mail, records } = reads;
  const inbox = localInboxUrl('');
  const graphiql = localGraphiqlUrl('');
  const part = <K extends keyof z.infer<typeof Records>>(key: K): Read<z.infer<typeof Records>[K]> =>
    records.ok ? { ok: true, value: records.value[key] } : records;
  const [subscriptions, backInStock, events] = [part('subscriptions'), part('backInStock'), part('events')];
  const orderStatus = (token: string) => `${LOCAL_PROXY_PREFIX}/storefront/checkout/orders/${encodeURIComponent(token)}`;
  const body = [
    '<h1>Local developer tools</h1>',
    '<p class="muted">What the local emulators offer a developer. This page answers this machine only and does not exist in live mode.</p>',
    '<nav aria-label="Developer tools"><ul>',
    `<li><a href="${escapeHtml(inbox)}">Mail inbox</a>${mail.ok ? ` (${mail.value.length} ${mail.value.length === 1 ? 'message' : 'messages'})` : ''}: the mail Shopify would have sent (welcome, activation, password reset).</li>`,
    `<li><a href="${escapeHtml(graphiql)}">GraphiQL</a>: the Storefront API emulator, with the public token prefilled and the schema's documentation.</li>`,
    `<li><a href="#orders">Orders</a>${count(orders)}</li>`,
    `<li><a href="#sign-ups">Sign-ups</a>${count(subscriptions)}</li>`,
    `<li><a href="#back-in-stock">Back-in-stock requests</a>${count(backInStock)}</li>`,
    `<li><a href="#events">Marketing events</a>${count(events)}</li>`,
    '</ul></nav>',
    '<section aria-labelledby="storefront-api"><h2 id="storefront-api">Storefront API</h2><dl>',
    `<dt>Endpoint (on the shop's host)</dt><dd><code>${escapeHtml(opts.storefront.endpoint)}</code></dd>`,
    `<dt>Public token</dt><dd><code>${escapeHtml(opts.storefront.publicToken ?? '')}</code> (header <code>X-Shopify-Storefront-Access-Token</code>)</dd>`,
    "<dt>Private and debug tokens</dt><dd>New on every run: in the shop's first log lines.</dd>",
    '</dl></section>',
    section('orders', 'Orders', orders, (list) =>
      table(
        'Orders placed on the checkout emulator, newest first (the seeded past orders included)',
        ['Order', 'Placed', 'Customer', 'Email', 'Method', 'Total'],
        newestFirst(list).map((o) => [
          `<a href="${escapeHtml(orderStatus(o.token))}">${escapeHtml(o.name)}</a>${o.seeded ? ' <span class="muted">(seeded)</span>' : ''}`,
          new Date(o.processedAt).toUTCString(),
          o.customerName,
          o.email,
          o.checkoutMethod,
          formatMoney(o.total),
        ]),
        true,
      ),
    ),
    section('sign-ups', 'Sign-ups', subscriptions, (list) =>
      table(
        'List subscriptions the marketing emulator received, newest first',
        ['List', 'Email', 'Phone', 'Source', 'Subscribed'],
        newestFirst(list).map((s) => [s.listId, s.email ?? '', s.phoneNumber ?? '', s.customSource ?? '', s.subscribedAt]),
      ),
    ),
    section('back-in-stock', 'Back-in-stock requests', backInStock, (list) =>
      table(
        'Back-in-stock subscriptions, newest first',
        ['Variant', 'Email', 'Phone', 'Subscribed'],
        newestFirst(list).map((s) => [s.variantId, s.email ?? '', s.phoneNumber ?? '', s.subscribedAt]),
      ),
    ),
    section('events', 'Marketing events', events, (list) =>
      table(
        `Events (server and browser), newest first, at most ${SHOWN_EVENTS}`,
        ['Metric', 'Profile', 'Time', 'Source'],
        newestFirst(list)
          .slice(0, SHOWN_EVENTS)
          .map((e) => [e.metric, e.profile.email ?? e.profile.phoneNumber ?? e.profile.externalId ?? e.profile.anonymousId ?? '', e.time, e.source]),
      ),
    ),
  ].join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Local developer tools</title><link rel="icon" href="data:,"><link rel="stylesheet" href="${LOCAL_PROXY_PREFIX}/storefront/checkout/assets/checkout.css"></head>
<body><header><a href="${escapeHtml(opts.siteUrl)}/">Back to the shop</a></header><main id="main">
${body}
</main><footer class="muted">Local mode: the emulators stand in for Shopify, Sanity, the scheduler, Klaviyo and the customer-account sign-in.</footer></body></html>`;
}

/**
 * The handler, mounted at LOCAL_PROXY_PREFIX before the proxy: answers `GET|HEAD /__local/` (and
 * redirects `/__local`), passes anything else on.
 */
export function localDeveloperPage(opts: LocalDeveloperOptions): RequestHandler {
  const allowed = developerGate(opts.local.developerClients, opts.trustedIpHeader);
  const { storefront, marketing } = opts.local.proxyTargets;
  const { debugToken } = opts.local;
  return async (req: Request, res: Response, next) => {
    const path = req.originalUrl.split('?')[0];
    if ((req.method !== 'GET' && req.method !== 'HEAD') || (path !== LOCAL_PROXY_PREFIX && path !== `${LOCAL_PROXY_PREFIX}/`)) return next();
    if (!allowed(req, res)) return;
    if (path === LOCAL_PROXY_PREFIX) return void res.redirect(301, `${LOCAL_PROXY_PREFIX}/`);
    const [orders, mail, records] = await Promise.all([
      readDebug(storefront, '/__emulator/orders', debugToken, Orders),
      readDebug(storefront, '/__emulator/inbox.json', debugToken, Inbox),
      readDebug(marketing, '/__emulator/records', debugToken, Records),
    ]);
    const page = developerPage(opts, {
      orders: orders.ok ? { ok: true, value: orders.value.orders } : orders,
      mail: mail.ok ? { ok: true, value: mail.value.messages } : mail,
      records,
    });
    res.status(200).set('Cache-Control', CACHE.noStore).type('html').send(page);
  };
}
