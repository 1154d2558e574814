/**
 * Customer helpers for server tests, through the real parts only: the app's JSON API
 * (supertest), the Storefront emulator's mail inbox and the customer-account authorization
 * stand-in over HTTP. A "session" is the Cookie header a browser would send afterwards.
 */
import request from 'supertest';
import type { App } from '../../server/app';
import type { TestApp } from './app';

/** A cookie jar as small as the tests need: name → value, from Set-Cookie headers. */
export class CookieJar {
  readonly values = new Map<string, string>();

  /** Applies the Set-Cookie headers of an answer (an expired or empty value deletes). */
  take(setCookie: string[] | string | undefined): this {
    for (const header of [setCookie ?? []].flat()) {
      const [pair, ...attrs] = header.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a) || /^\s*max-age=0\b/i.test(a));
      if (expired || value === '') this.values.delete(name);
      else this.values.set(name, value);
    }
    return this;
  }

  header(): string {
    return [...this.values].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/** The Set-Cookie header of a supertest answer as an array. */
export const setCookies = (res: { headers: Record<string, unknown> }): string[] =>
  [(res.headers['set-cookie'] as string[] | string | undefined) ?? []].flat();

type Mail = { to: string; subject: string; kind: string; link: string };

/** The newest mail of `kind` (welcome, activation, password-reset) the emulator kept for `to`, or throws. */
export async function latestMail(t: TestApp, to: string, kind: string): Promise<Mail> {
  const res = await fetch(`${t.emulators.connection.storefront.origin}/__emulator/inbox.json?to=${encodeURIComponent(to)}`, {
    headers: { 'x-emulator-token': t.emulators.debugToken },
  });
  const { messages } = (await res.json()) as { messages: Mail[] };
  const mail = messages.find((m) => m.kind === kind);
  if (!mail) throw new Error(`no ${kind} mail for ${to}: ${JSON.stringify(messages)}`);
  return mail;
}

/**
 * Follows the browser's trip through the authorization server: from the authorize URL the
 * sign-in answered to the shop's callback URL, keeping the server's own cookies on the way. In
 * local mode the trip runs through the shop's `/__local/customer-account` proxy (its URLs are on
 * SITE_URL, which is not a real host in tests): those hops go to `app` in-process (or to the
 * running shop when `app` is its origin).
 * @returns the callback URL (on the shop's SITE_URL) with code and state
 */
export async function followAuthorization(app: App | string, authorizeUrl: string, siteUrl: string): Promise<URL> {
  const jar = new CookieJar();
  const shop = new URL(siteUrl).origin;
  let url = new URL(authorizeUrl);
  for (let hop = 0; hop < 10; hop++) {
    const onShop = url.origin === shop;
    if (onShop && !url.pathname.startsWith('/__local/')) return url;
    const res = onShop
      ? await request(app)
          .get(url.pathname + url.search)
          .set('Cookie', jar.header())
          .redirects(0)
      : await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
    const answer =
      res instanceof Response
        ? { cookies: res.headers.getSetCookie(), location: res.headers.get('location') }
        : { cookies: setCookies(res), location: res.headers.location as string | undefined };
    jar.take(answer.cookies);
    if (!answer.location) throw new Error(`authorization stopped at ${url.href} with ${res.status}`);
    url = new URL(answer.location, url);
  }
  throw new Error('too many redirects on the authorization trip');
}

/**
 * Completes a sign-in answer (`SignInResult`) as a browser would: the authorize trip, then the
 * shop's callback. Returns the jar holding the session cookies and the callback's answer.
 */
export async function completeSignIn(
  app: App | string,
  siteUrl: string,
  signIn: { body: { data?: { redirectTo: string } }; headers: Record<string, unknown> },
) {
  const jar = new CookieJar().take(setCookies(signIn));
  const redirectTo = signIn.body.data?.redirectTo;
  if (!redirectTo) throw new Error(`sign-in answered no redirect: ${JSON.stringify(signIn.body)}`);
  const callback = await followAuthorization(app, redirectTo, siteUrl);
  const res = await request(app)
    .get(callback.pathname + callback.search)
    .set('Cookie', jar.header());
  jar.take(setCookies(res));
  return { jar, callback: res };
}

/** Signs `email` in through the JSON API and the authorization trip; the session's jar. */
export async function signIn(
  t: { app: App | string; config: { siteUrl: string } },
  email: string,
  password: string,
  returnTo?: string,
): Promise<CookieJar> {
  const res = await request(t.app).post('/api/customer/login').send({ email, password, returnTo });
  if (res.status !== 200) throw new Error(`login answered ${res.status}: ${res.body.message}`);
  const { jar, callback } = await completeSignIn(t.app, t.config.siteUrl, res);
  if (callback.status !== 303) throw new Error(`callback answered ${callback.status}`);
  return jar;
}

let counter = 0;

/** A new customer, registered through the shop (active at once, as on Shopify) and so signed in. */
export async function newCustomer(t: TestApp, opts: { firstName?: string; password?: string; acceptsMarketing?: boolean } = {}) {
  const email = `shopper${Date.now()}${++counter}@example.com`;
  const password = opts.password ?? 'petals-and-stems';
  const registered = await request(t.app)
    .post('/api/customer/register')
    .send({ email, password, firstName: opts.firstName ?? 'Rosa', lastName: 'Parks', acceptsMarketing: opts.acceptsMarketing });
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}: ${registered.body.message}`);
  const { jar, callback } = await completeSignIn(t.app, t.config.siteUrl, registered);
  if (callback.status !== 303) throw new Error(`callback answered ${callback.status}`);
  return { email, password, jar };
}
