/**
 * Security headers (docs/architecture.md §4.1) via helmet. The pages carry no inline executable script (state
 * is an application/json block, JSON-LD is application/ld+json), so `script-src 'self'` holds
 * without a nonce — a nonce in CDN-cached HTML would be a reused nonce. Styles allow inline
 * `style` attributes (React). Images: ourselves, data: placeholders, the two image hosts.
 */
import helmet from 'helmet';
import type { RequestHandler } from 'express';
import type { Config } from '../config';

export function securityHeaders(config: Config): RequestHandler {
  const live = config.mode === 'live';
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', config.storefront.imageOrigin, config.content.imageOrigin],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
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
