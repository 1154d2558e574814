/**
 * The checkout stand-in's pages: the checkout form with the cart summary, the order
 * confirmation, and plain error pages. Server-rendered HTML with one external stylesheet and no
 * scripts; labelled fields, an error summary with role="alert", and per-field messages linked by
 * aria-describedby.
 */
import type { Attribute, StoredCart } from '../carts';
import type { CartStore } from '../carts';
import { money, type MoneyV2 } from '../money';
import type { CheckoutMethod, Shortage, StoredOrder } from '../orders';
import { unitPriceCents } from '../pricing';
import { type CheckoutForm, type FieldErrors, needsAddress } from './form';
import { html, type SafeHtml } from './html';
import { layout } from './layout';

/** The cart attributes shown to the buyer (spec §3), in this order. */
const SHOWN_ATTRIBUTES = [
  'Checkout-Method',
  'Delivery-Date',
  'Pickup-Date',
  'Order is a gift?',
  'Order Message',
  'Receiver Email',
  'Contains-Subscription',
];

const METHOD_LABEL: Record<CheckoutMethod, string> = { delivery: 'Local delivery', pickup: 'Pickup', shipping: 'Shipping' };

const formatMoney = (m: MoneyV2) =>
  `$${Number(m.amount).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${m.currencyCode}`;

type SummaryLine = { title: string; options: string | null; plan: string | null; quantity: number; total: MoneyV2 };

function summary(lines: SummaryLine[], total: MoneyV2): SafeHtml {
  return html`<table><caption class="muted">Items in this order</caption>
<thead><tr><th scope="col">Item</th><th scope="col" class="num">Qty</th><th scope="col" class="num">Total</th></tr></thead>
<tbody>${lines.map(
    (
      l,
    ) => html`<tr><td>${l.title}${l.options ? html`<div class="muted">${l.options}</div>` : ''}${l.plan ? html`<div class="muted">Subscription: ${l.plan}</div>` : ''}</td>
<td class="num">${l.quantity}</td><td class="num">${formatMoney(l.total)}</td></tr>`,
  )}</tbody>
<tfoot class="totals"><tr><td>Subtotal</td><td></td><td class="num">${formatMoney(total)}</td></tr>
<tr><td>Total</td><td></td><td class="num">${formatMoney(total)}</td></tr></tfoot></table>`;
}

function details(attributes: Attribute[], note: string | null): SafeHtml {
  const shown = SHOWN_ATTRIBUTES.flatMap((key) => attributes.filter((a) => a.key === key && a.value !== ''));
  if (!shown.length && !note) return html``;
  return html`<h2>Order details</h2><dl>${shown.map((a) => html`<dt>${a.key}</dt><dd>${a.value}</dd>`)}${note ? html`<dt>Note</dt><dd>${note}</dd>` : ''}</dl>`;
}

function cartLines(cart: StoredCart, carts: CartStore): { lines: SummaryLine[]; total: MoneyV2 } {
  let total = 0;
  const lines = cart.lines.map((line) => {
    const variant = carts.variantOf(line);
    const plan = carts.planOf(line);
    const cents = unitPriceCents(variant, plan) * line.quantity;
    total += cents;
    return {
      title: variant.product.title,
      options: variant.title === 'Default Title' ? null : variant.title,
      plan: plan?.name ?? null,
      quantity: line.quantity,
      total: money(cents),
    };
  });
  return { lines, total: money(total) };
}

function field(
  name: keyof CheckoutForm,
  label: string,
  form: CheckoutForm,
  errors: FieldErrors,
  attrs: { type?: string; autocomplete: string; required?: boolean },
): SafeHtml {
  const error = errors[name];
  return html`<label for="${name}">${label}${attrs.required === false ? html` <span class="muted">(optional)</span>` : ''}</label>
<input id="${name}" name="${name}" type="${attrs.type ?? 'text'}" autocomplete="${attrs.autocomplete}" value="${form[name]}"${attrs.required === false ? '' : html` required`}${error ? html` aria-invalid="true" aria-describedby="${name}-error"` : ''}>
${error ? html`<p id="${name}-error" class="field-error">${error}</p>` : ''}`;
}

export type CheckoutPageInput = {
  cart: StoredCart;
  carts: CartStore;
  method: CheckoutMethod;
  form: CheckoutForm;
  errors: FieldErrors;
  shortages: Shortage[];
  action: string;
  shopName: string;
  shopUrl: string;
};

/** The checkout page: summary, details, and the form (or an empty-cart notice). */
export function checkoutPage(p: CheckoutPageInput): string {
  const { lines, total } = cartLines(p.cart, p.carts);
  const problems = [...Object.values(p.errors), ...p.shortages.map((s) => `Only ${s.available} left of ${s.title}; you asked for ${s.wanted}.`)];
  const body = !lines.length
    ? html`<h1>Checkout</h1><p>Your cart is empty.</p><a class="button" href="${p.shopUrl}">Continue shopping</a>`
    : html`<h1>Checkout</h1>
${problems.length ? html`<div class="alert" role="alert"><p>Please fix the following:</p><ul>${problems.map((m) => html`<li>${m}</li>`)}</ul></div>` : ''}
<h2>Order summary</h2>${summary(lines, total)}
<p><strong>${METHOD_LABEL[p.method]}</strong></p>${details(p.cart.attributes, p.cart.note)}
<form method="post" action="${p.action}" novalidate>
<fieldset><legend>Contact</legend>
${field('email', 'Email', p.form, p.errors, { type: 'email', autocomplete: 'email' })}
${field('name', 'Full name', p.form, p.errors, { autocomplete: 'name' })}</fieldset>
${
  needsAddress(p.method)
    ? html`<fieldset><legend>${p.method === 'shipping' ? 'Shipping address' : 'Delivery address'}</legend>
${field('address1', 'Address', p.form, p.errors, { autocomplete: 'address-line1' })}
${field('address2', 'Apartment, suite, etc.', p.form, p.errors, { autocomplete: 'address-line2', required: false })}
${field('city', 'City', p.form, p.errors, { autocomplete: 'address-level2' })}
${field('province', 'State', p.form, p.errors, { autocomplete: 'address-level1' })}
${field('zip', 'ZIP code', p.form, p.errors, { autocomplete: 'postal-code' })}</fieldset>`
    : html`<p class="muted">Pickup in store: no address needed.</p>`
}
<button type="submit">Place order · ${formatMoney(total)}</button></form>`;
  return layout('Checkout', p.shopName, p.shopUrl, body);
}

const dateAttribute = (order: StoredOrder) =>
  order.attributes.find((a) => a.key === (order.checkoutMethod === 'pickup' ? 'Pickup-Date' : 'Delivery-Date'))?.value;

/** The thank-you page after an order. */
export function confirmationPage(order: StoredOrder, shopName: string, shopUrl: string): string {
  const date = order.checkoutMethod === 'shipping' ? undefined : dateAttribute(order);
  const lines = order.lines.map((l) => ({
    title: l.title,
    options: l.variant.title === 'Default Title' ? null : l.variant.title,
    plan: l.sellingPlan?.name ?? null,
    quantity: l.quantity,
    total: l.total,
  }));
  const a = order.shippingAddress;
  const body = html`<h1>Thank you, ${order.customerName}!</h1>
<p>Your order <strong>${order.name}</strong> is confirmed. A confirmation was sent to ${order.email}.</p>
<dl><dt>Order</dt><dd>${order.name}</dd><dt>Placed</dt><dd><time datetime="${order.processedAt}">${new Date(order.processedAt).toUTCString()}</time></dd>
<dt>Method</dt><dd>${METHOD_LABEL[order.checkoutMethod]}${date ? ` on ${date}` : ''}</dd>
${a ? html`<dt>Address</dt><dd>${[a.address1, a.address2, `${a.city}, ${a.province} ${a.zip}`].filter(Boolean).join(', ')}</dd>` : ''}</dl>
<h2>What you ordered</h2>${summary(lines, order.total)}
<a class="button" href="${shopUrl}">Back to the shop</a>`;
  return layout(`Order ${order.name}`, shopName, shopUrl, body);
}

/** A plain message page (unknown or completed checkout). */
export function messagePage(title: string, message: string, shopName: string, shopUrl: string): string {
  return layout(title, shopName, shopUrl, html`<h1>${title}</h1><p>${message}</p><a class="button" href="${shopUrl}">Back to the shop</a>`);
}
