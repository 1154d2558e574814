/**
 * The page frame every HTML page of the Storefront emulator shares (checkout, confirmation, mail
 * inbox): one external stylesheet, no scripts, a header linking back to the shop, a main landmark
 * and a footer saying which stand-in this is.
 */
import { html, type SafeHtml } from './html';

export const STYLESHEET_PATH = '/checkout/assets/checkout.css';

/**
 * A whole HTML document; `title` and `footer` are escaped, `body` is already-safe HTML. An empty
 * icon, so a browser asks no `/favicon.ico` of whatever origin serves the page (the shop's, through
 * its /__local proxy).
 */
export function layout(
  title: string,
  shopName: string,
  shopUrl: string,
  body: SafeHtml,
  footer = 'Local checkout emulator: no payment is taken.',
): string {
  const page = html`<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · ${shopName}</title><link rel="icon" href="data:,"><link rel="stylesheet" href="${STYLESHEET_PATH}"></head>
<body><header><a href="${shopUrl}">${shopName}</a></header><main id="main">${body}</main>
<footer class="muted">${footer}</footer></body></html>`;
  return `<!doctype html>${page.text}`;
}
