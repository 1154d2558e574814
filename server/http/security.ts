/**
 * Security headers (docs/architecture.md §4.1) via helmet. The pages carry no inline executable script (state
 * is an application/json block, JSON-LD is application/ld+json), so `script-src 'self'` holds
 * without a nonce — a nonce in CDN-cached HTML would be a reused nonce. Styles allow inline
 * `style` attributes (React). Images: ourselves, data: placeholders, the two image hosts.
 * Browser analytics (spec §7) add their hosts only when configured (`analyticsSources`).
 */
import helmet from 'helmet';
import type { RequestHandler } from 'express';
import type { Config } from '../config';

/** Google's documented CSP for GA4 through gtag.js. */
const GA4_SOURCES = {
  script: ['https://*.googletagmanager.com'],
  connect: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
  img: ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
};
/** Klaviyo's onsite script (live): loaded from static.klaviyo.com, it reports to a.klaviyo.com and static-tracking. */
const KLAVIYO_SOURCES = {
  script: ['https://static.klaviyo.com', 'https://static-tracking.klaviyo.com'],
  connect: ['https://a.klaviyo.com', 'https://static.klaviyo.com', 'https://static-tracking.klaviyo.com'],
  img: ['https://a.klaviyo.com', 'https://static.klaviyo.com', 'https://static-tracking.klaviyo.com'],
};

/**
 * The analytics hosts the pages need, per directive: GA4's when a measurement id is set,
 * Klaviyo's when a public key is set in live mode; in local mode the browser only posts to the
 * client events URL (the marketing stand-in), so its origin alone joins connect-src.
 */
export function analyticsSources(config: Pick<Config, 'analytics'>): { script: string[]; connect: string[]; img: string[] } {
  const { ga4MeasurementId, klaviyoPublicKey, klaviyoClientEventsUrl } = config.analytics;
  const out = { script: [] as string[], connect: [] as string[], img: [] as string[] };
  const add = (sources: typeof GA4_SOURCES) => {
    out.script.push(...sources.script);
    out.connect.push(...sources.connect);
    out.img.push(...sources.img);
  };
  if (ga4MeasurementId) add(GA4_SOURCES);
  if (klaviyoPublicKey && klaviyoClientEventsUrl) out.connect.push(new URL(klaviyoClientEventsUrl).origin);
  else if (klaviyoPublicKey) add(KLAVIYO_SOURCES);
  return out;
}

export function securityHeaders(config: Config): RequestHandler {
  const live = config.mode === 'live';
  const analytics = analyticsSources(config);
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...analytics.script],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', config.storefront.imageOrigin, config.content.imageOrigin, ...analytics.img],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...analytics.connect],
        mediaSrc: ["'self'", config.storefront.imageOrigin],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // Local mode serves emulator images over http://127.0.0.1; upgrading them would break them.
        ...(live ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: live ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
    // Not helmet's `no-referrer`: under it Chromium posts the no-JavaScript add-to-cart form with
    // `Origin: null`, which the same-origin check must refuse. Nothing leaves the site either way.
    referrerPolicy: { policy: 'same-origin' },
  });
}
