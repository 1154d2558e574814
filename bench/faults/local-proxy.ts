/**
 * The `/__local` proxy of a shop in local mode (server/http/local-proxy.ts, ADR-0027), attacked
 * from outside, for the fault suite: the shop as `npm start` runs it (tests/support/shop-process.ts:
 * the production entry with `--local-by-default`), with `TRUSTED_PROXY_HOPS=1` as compose sets it
 * (nginx in front), so an `X-Forwarded-For` from elsewhere is believed. The attack list is the one
 * tests/server/local-proxy.test.ts asserts on (tests/support/local-proxy-attacks.ts), each sent
 * without credentials and with the run's debug token as `Authorization: Bearer`, at a recording
 * listener standing for a foreign host. Figures only: answers by status, what reached the
 * foreign listener, the inbox asked from a non-loopback client, and HTML answers without a CSP.
 */
import { localProxyAttacks, rawRequest, recorder, type RawAnswer } from '../../tests/support/local-proxy-attacks';
import { startShopProcess } from '../../tests/support/shop-process';

export type LocalProxyFigures = {
  /** Attack requests sent (the list, twice: without and with `Authorization`). */
  sent: number;
  s404: number;
  s403: number;
  /** Answers other than 404 / 403, as `status METHOD path [auth]`. */
  other: string[];
  /** Connections and requests that reached the foreign listener. */
  foreignConnections: number;
  foreignRequests: number;
  /** The inbox asked with `X-Forwarded-For: 203.0.113.7` (a client elsewhere, behind the trusted proxy). */
  inboxFromElsewhere: number;
  /** The inbox asked from this machine, for comparison (a developer page it should open). */
  inboxFromLoopback: number;
  /** Answers with an HTML content type, and those of them without a Content-Security-Policy. */
  htmlAnswers: number;
  htmlWithoutCsp: string[];
};

const isHtml = (a: RawAnswer) => /^text\/html/i.test(String(a.headers['content-type'] ?? ''));

/**
 * Starts a local-mode shop and a foreign listener, runs the attacks and the page probes, stops both.
 * @throws when the shop does not start (dist/ not built)
 */
export async function localProxyFigures(): Promise<LocalProxyFigures> {
  const foreign = await recorder();
  const shop = await startShopProcess({ env: { TRUSTED_PROXY_HOPS: '1' } });
  try {
    const token = shop.emulators.storefront.debugToken;
    const attacks = localProxyAttacks({ foreign: new URL(foreign.url).host, lake: new URL(shop.emulators.content.url).host });
    const figures: LocalProxyFigures = {
      sent: 0,
      s404: 0,
      s403: 0,
      other: [],
      foreignConnections: 0,
      foreignRequests: 0,
      inboxFromElsewhere: 0,
      inboxFromLoopback: 0,
      htmlAnswers: 0,
      htmlWithoutCsp: [],
    };
    const look = (label: string, answer: RawAnswer) => {
      if (!isHtml(answer)) return;
      figures.htmlAnswers += 1;
      if (!answer.headers['content-security-policy']) figures.htmlWithoutCsp.push(`${answer.status} ${label}`);
    };
    for (const auth of [false, true])
      for (const [method, path] of attacks) {
        const answer = await rawRequest(shop.port, method, path, auth ? { authorization: `Bearer ${token}` } : {});
        figures.sent += 1;
        if (answer.status === 404) figures.s404 += 1;
        else if (answer.status === 403) figures.s403 += 1;
        else figures.other.push(`${answer.status} ${method} ${path}${auth ? ' [Authorization]' : ''}`);
        look(`${method} ${path}`, answer);
      }
    const elsewhere = await rawRequest(shop.port, 'GET', '/__local/storefront/__emulator/inbox', { 'x-forwarded-for': '203.0.113.7' });
    figures.inboxFromElsewhere = elsewhere.status;
    look('inbox from 203.0.113.7', elsewhere);
    // The proxied pages a browser does open: their HTML must carry the proxy's CSP too.
    const pages = [
      '/__local/storefront/__emulator/inbox',
      '/__local/storefront/checkout/orders/unknown',
      '/__local/customer-account/interaction/abc',
      '/__local/customer-account/oauth/authorize',
      '/__local/storefront/checkout/assets/checkout.css',
    ];
    for (const path of pages) {
      const answer = await rawRequest(shop.port, 'GET', path);
      if (path.endsWith('/inbox')) figures.inboxFromLoopback = answer.status;
      look(`GET ${path}`, answer);
    }
    figures.foreignConnections = foreign.connections();
    figures.foreignRequests = foreign.seen.length;
    return figures;
  } finally {
    await shop.stop();
    await foreign.close();
  }
}
