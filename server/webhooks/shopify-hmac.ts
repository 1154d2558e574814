/**
 * Shopify's webhook signature: `X-Shopify-Hmac-Sha256` is the base64 HMAC-SHA256 of the raw
 * body with the app's client secret. Compared in constant time on the raw bytes.
 */
import { createHmac } from 'node:crypto';
import { safeEqual } from '../crypto/safe-equal';

export const SHOPIFY_HMAC_HEADER = 'x-shopify-hmac-sha256';
export const SHOPIFY_TOPIC_HEADER = 'x-shopify-topic';

/** The header value for `body` (tests, and the local shop). */
export function signShopify(body: string | Buffer, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('base64');
}

/** Whether `header` is the HMAC of `body` with `secret`. */
export function verifyShopify(body: Buffer, header: string | undefined, secret: string): boolean {
  if (!header) return false;
  return safeEqual(header.trim(), signShopify(body, secret));
}
