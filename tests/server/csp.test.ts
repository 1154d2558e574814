/**
 * The Content-Security-Policy lists the analytics hosts (spec §7) only when they are configured:
 * GA4's when a measurement id is set; Klaviyo's hosts in live mode when a public key is set; in
 * local mode only the marketing stand-in's origin (where the browser posts Klaviyo's client
 * events), in connect-src. Everything else stays as it was: `script-src 'self'` plus hosts,
 * never an inline script allowance.
 */
import express from 'express';
import request from 'supertest';
import type { Config } from '../../server/config';
import { securityHeaders } from '../../server/http/security';
import { startTestApp, type TestApp } from '../support/app';

type Directives = Record<string, string[]>;

function parseCsp(header: string | undefined): Directives {
  if (!header) throw new Error('no Content-Security-Policy header');
  return Object.fromEntries(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name, sources]),
  );
}

const GA_HOSTS = ['https://*.googletagmanager.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com'];
const KLAVIYO_HOSTS = ['https://static.klaviyo.com', 'https://a.klaviyo.com', 'https://static-tracking.klaviyo.com'];
const all = (csp: Directives) => Object.values(csp).flat();

/** The CSP the security middleware sends for `config` (a one-route app). */
async function cspFor(config: Config): Promise<Directives> {
  const app = express();
  app.use(securityHeaders(config));
  app.get('/', (_req, res) => {
    res.send('ok');
  });
  return parseCsp((await request(app).get('/')).headers['content-security-policy']);
}

describe('local mode (the real app)', () => {
  let t: TestApp;
  let withGa: TestApp;
  beforeAll(async () => {
    [t, withGa] = await Promise.all([startTestApp(), startTestApp({ env: { GA4_MEASUREMENT_ID: 'G-TEST123' } })]);
  }, 60_000);
  afterAll(() => Promise.all([t?.stop(), withGa?.stop()]));

  test('without a GA4 id: no Google host; the stand-in origin only in connect-src; no Klaviyo host', async () => {
    const csp = parseCsp((await request(t.app).get('/')).headers['content-security-policy']);
    const standIn = new URL(t.config.analytics.klaviyoClientEventsUrl!).origin;
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['connect-src']).toEqual(["'self'", standIn]);
    expect(csp['img-src']).not.toContain(standIn);
    for (const host of [...GA_HOSTS, ...KLAVIYO_HOSTS]) expect(all(csp)).not.toContain(host);
  });

  test('with a GA4 id: Google tag hosts in script-src, connect-src and img-src', async () => {
    const csp = parseCsp((await request(withGa.app).get('/')).headers['content-security-policy']);
    expect(csp['script-src']).toEqual(["'self'", 'https://*.googletagmanager.com']);
    expect(csp['connect-src']).toEqual(expect.arrayContaining(["'self'", ...GA_HOSTS]));
    expect(csp['img-src']).toEqual(expect.arrayContaining(['https://*.google-analytics.com', 'https://*.googletagmanager.com']));
    expect(csp['connect-src']).toContain(new URL(withGa.config.analytics.klaviyoClientEventsUrl!).origin);
    for (const host of KLAVIYO_HOSTS) expect(all(csp)).not.toContain(host);
    // Unchanged by analytics.
    expect(csp['script-src-attr']).toEqual(["'none'"]);
    expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp['default-src']).toEqual(["'self'"]);
  });

  test('the page state hands the browser the same analytics settings', async () => {
    const res = await request(withGa.app).get('/');
    expect(res.text).toContain('"ga4MeasurementId":"G-TEST123"');
    expect(res.text).not.toMatch(/<script(?![^>]*\b(src|type="application\/(json|ld\+json)"))[^>]*>/);
  });

  describe('live mode (the security middleware)', () => {
    const live = (analytics: Config['analytics']): Config => ({ ...t.config, mode: 'live', analytics });

    test('nothing configured: no analytics host at all', async () => {
      const csp = await cspFor(live({ ga4MeasurementId: null, klaviyoPublicKey: null, klaviyoClientEventsUrl: null }));
      expect(csp['script-src']).toEqual(["'self'"]);
      expect(csp['connect-src']).toEqual(["'self'"]);
      for (const host of [...GA_HOSTS, ...KLAVIYO_HOSTS]) expect(all(csp)).not.toContain(host);
    });

    test('a Klaviyo public key: Klaviyo onsite hosts, no Google host', async () => {
      const csp = await cspFor(live({ ga4MeasurementId: null, klaviyoPublicKey: 'PUBKEY', klaviyoClientEventsUrl: null }));
      expect(csp['script-src']).toEqual(["'self'", 'https://static.klaviyo.com', 'https://static-tracking.klaviyo.com']);
      expect(csp['connect-src']).toEqual(expect.arrayContaining(["'self'", ...KLAVIYO_HOSTS]));
      expect(csp['img-src']).toEqual(expect.arrayContaining(KLAVIYO_HOSTS));
      for (const host of GA_HOSTS) expect(all(csp)).not.toContain(host);
    });

    test('both: both sets', async () => {
      const csp = await cspFor(live({ ga4MeasurementId: 'G-LIVE1', klaviyoPublicKey: 'PUBKEY', klaviyoClientEventsUrl: null }));
      expect(csp['script-src']).toEqual(expect.arrayContaining(['https://*.googletagmanager.com', 'https://static.klaviyo.com']));
      expect(csp['connect-src']).toEqual(expect.arrayContaining([...GA_HOSTS, ...KLAVIYO_HOSTS]));
      expect(csp['upgrade-insecure-requests']).toEqual([]);
    });
  });
});
