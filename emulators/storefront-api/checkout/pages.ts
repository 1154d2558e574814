/**
 * The checkout stand-in's pages: the checkout form with the cart summary (discounts, shipping,
 * taxes, gift cards, as Shopify's order summary lists them) and a "Discount code or gift card" field, the
 * order confirmation, and plain error pages. Server-rendered HTML with one external stylesheet and no
 * scripts; labelled fields, an error summary with role="alert", and per-field messages linked by
 * aria-describedby.
 */
import { discountsByCode, type CartCost } from '../cart-cost';
import type { Attribute, StoredCart } from '../carts';
import { lastCharacters } from '../gift-cards';
import { money, toCents, type MoneyV2 } from '../money';
import type { CheckoutMethod, ShippingLine, Shortage, StoredOrder } from '../orders';
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

/**
 * The summary's totals: items before discounts, each code's discount, the shipping lines (the
 * selected delivery options), tax (null: not known yet), total, gift cards, what is left to pay.
 */
type SummaryTotals = {
  subtotal: MoneyV2;
  discounts: { code: string; amount: MoneyV2 }[];
  shipping: ShippingLine[];
  tax: MoneyV2 | null;
  total: MoneyV2;
  giftCards: { lastCharacters: string; amount: MoneyV2 }[];
  due: MoneyV2;
};

const minus = (m: MoneyV2) => `−${formatMoney(m)}`;

function summary(lines: SummaryLine[], t: SummaryTotals): SafeHtml {
  return html`<table><caption class="muted">Items in this order</caption>
<thead><tr><th scope="col">Item</th><th scope="col" class="num">Qty</th><th scope="col" class="num">Total</th></tr></thead>
<tbody>${lines.map(
    (
      l,
    ) => html`<tr><td>${l.title}${l.options ? html`<div class="muted">${l.options}</div>` : ''}${l.plan ? html`<div class="muted">Subscription: ${l.plan}</div>` : ''}</td>
<td class="num">${l.quantity}</td><td class="num">${formatMoney(l.total)}</td></tr>`,
  )}</tbody>
<tfoot class="totals"><tr><td>Subtotal</td><td></td><td class="num">${formatMoney(t.subtotal)}</td></tr>
${t.discounts.map((d) => html`<tr><td>Discount (${d.code})</td><td></td><td class="num">${minus(d.amount)}</td></tr>`)}
${t.shipping.map((s) => html`<tr><td>${s.title}</td><td></td><td class="num">${formatMoney(s.price)}</td></tr>`)}
${t.tax ? html`<tr><td>Taxes</td><td></td><td class="num">${formatMoney(t.tax)}</td></tr>` : ''}
<tr><td>Total</td><td></td><td class="num">${formatMoney(t.total)}</td></tr>
${t.giftCards.map((g) => html`<tr><td>Gift card ••••${g.lastCharacters}</td><td></td><td class="num">${minus(g.amount)}</td></tr>`)}
${t.giftCards.length ? html`<tr><td>Amount to pay</td><td></td><td class="num">${formatMoney(t.due)}</td></tr>` : ''}</tfoot></table>`;
}

function details(attributes: Attribute[], note: string | null): SafeHtml {
  const shown = SHOWN_ATTRIBUTES.flatMap((key) => attributes.filter((a) => a.key === key && a.value !== ''));
  if (!shown.length && !note) return html``;
  return html`<h2>Order details</h2><dl>${shown.map((a) => html`<dt>${a.key}</dt><dd>${a.value}</dd>`)}${note ? html`<dt>Note</dt><dd>${note}</dd>` : ''}</dl>`;
}

function cartSummary(cost: CartCost, shipping: ShippingLine[]): { lines: SummaryLine[]; totals: SummaryTotals } {
  const lines = cost.lines.map((l) => ({
    title: l.variant.product.title,
    options: l.variant.title === 'Default Title' ? null : l.variant.title,
    plan: l.plan?.name ?? null,
    quantity: l.line.quantity,
    total: money(l.subtotalCents),
  }));
  const totals = {
    subtotal: money(cost.lines.reduce((n, l) => n + l.subtotalCents, 0)),
    discounts: discountsByCode(cost).map((d) => ({ code: d.code, amount: money(d.cents) })),
    shipping,
    tax: cost.taxCents == null ? null : money(cost.taxCents),
    total: money(cost.totalCents),
    giftCards: cost.giftCards
      .filter((g) => g.amountUsedCents > 0)
      .map((g) => ({ lastCharacters: lastCharacters(g.card), amount: money(g.amountUsedCents) })),
    due: money(cost.dueCents),
  };
  return { lines, totals };
}

/** The "Discount code or gift card" form: its own POST, so the checkout form's fields are not needed to apply a code. */
function reductionForm(action: string, error: string | null): SafeHtml {
  return html`<form method="post" action="${action}" class="reduction" novalidate>
<label for="reduction_code">Discount code or gift card</label>
<input id="reduction_code" name="reduction_code" type="text" autocomplete="off"${error ? html` aria-invalid="true" aria-describedby="reduction_code-error"` : ''}>
${error ? html`<p id="reduction_code-error" class="field-error">${error}</p>` : ''}
<button type="submit">Apply</button></form>`;
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
  /** The cart's cost, taxed for the form's address. */
  cost: CartCost;
  method: CheckoutMethod;
  form: CheckoutForm;
  /** The shipping lines charged with the order (the cart's selected delivery options); `cost` includes them. */
  shipping: ShippingLine[];
  errors: FieldErrors;
  shortages: Shortage[];
  action: string;
  /** Where the "Discount code or gift card" form posts, and its message when the last code was refused. */
  reductionAction: string;
  reductionError?: string | null;
  shopName: string;
  shopUrl: string;
};

/** The checkout page: summary, details, and the form (or an empty-cart notice). */
export function checkoutPage(p: CheckoutPageInput): string {
  const { lines, totals } = cartSummary(p.cost, p.shipping);
  const problems = [...Object.values(p.errors), ...p.shortages.map((s) => `Only ${s.available} left of ${s.title}; you asked for ${s.wanted}.`)];
  const body = !lines.length
    ? html`<h1>Checkout</h1><p>Your cart is empty.</p><a class="button" href="${p.shopUrl}">Continue shopping</a>`
    : html`<h1>Checkout</h1>
${problems.length ? html`<div class="alert" role="alert"><p>Please fix the following:</p><ul>${problems.map((m) => html`<li>${m}</li>`)}</ul></div>` : ''}
<h2>Order summary</h2>${summary(lines, totals)}
${reductionForm(p.reductionAction, p.reductionError ?? null)}
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
<button type="submit">Place order · ${formatMoney(totals.due)}</button></form>`;
  return layout('Checkout', p.shopName, p.shopUrl, body);
}

const dateAttribute = (order: StoredOrder) =>
  order.attributes.find((a) => a.key === (order.checkoutMethod === 'pickup' ? 'Pickup-Date' : 'Delivery-Date'))?.value;

/** An order's summary totals; orders from before discounts (or delivery options) existed have none of them, no tax and no gift cards. */
function orderTotals(order: StoredOrder): SummaryTotals {
  return {
    subtotal: money(order.lines.reduce((n, l) => n + toCents(l.total.amount), 0)),
    discounts: (order.discounts ?? []).map((d) => ({ code: d.code, amount: d.amount })),
    shipping: order.shippingLines ?? [],
    tax: order.totalTax ?? null,
    total: order.total,
    giftCards: (order.giftCards ?? []).map((g) => ({ lastCharacters: g.lastCharacters, amount: g.amountUsed })),
    due: order.paymentDue ?? order.total,
  };
}

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
<h2>What you ordered</h2>${summary(lines, orderTotals(order))}
<a class="button" href="${shopUrl}">Back to the shop</a>`;
  return layout(`Order ${order.name}`, shopName, shopUrl, body);
}

/** A plain message page (unknown or completed checkout). */
export function messagePage(title: string, message: string, shopName: string, shopUrl: string): string {
  return layout(title, shopName, shopUrl, html`<h1>${title}</h1><p>${message}</p><a class="button" href="${shopUrl}">Back to the shop</a>`);
}
