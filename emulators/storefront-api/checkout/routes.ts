/**
 * The hosted-checkout stand-in (docs/architecture.md §2 "Checkout"), mounted on the Storefront emulator:
 *
 * - `GET  /cart/c/{token}?key={key}` (a cart's checkoutUrl): the checkout page; 404 for an unknown
 *   cart, 410 for one already checked out. For a cart linked to a customer (buyerIdentity with a
 *   live customer access token) the form starts with their email, name and default address; the
 *   cart's selected delivery address, when it has one, comes first. The summary shows subtotal,
 *   discounts, the shipping lines (the cart's selected delivery options, charged only when it has
 *   a selected delivery address), taxes for the form's address, total, gift cards, amount to pay.
 * - `POST` the same URL (urlencoded email, name, address1, address2, city, province, zip):
 *   400 with the form re-rendered on invalid input, 409 when stock ran out meanwhile; otherwise
 *   the order is placed (for the linked customer, if any), charged as the page showed, and the
 *   browser is sent (303) to `/checkout/orders/{orderToken}`.
 * - `POST /cart/c/{token}/reductions?key={key}` (urlencoded `reduction_code`): Shopify checkout's
 *   "Discount code or gift card" field. A gift card with a balance is added to the cart's gift
 *   cards; a discount code that applies replaces the cart's codes (the seeded codes do not
 *   combine); then 303 back to the checkout. Otherwise 400 with the page and the message: "Enter a
 *   discount code or gift card" (blank), "Enter a valid discount code or gift card" (unknown, or a
 *   used-up card), or why the code does not apply (discounts.ts).
 * - `GET  /__emulator/orders`: every order as JSON, for tests.
 * - `GET  /__emulator/carts`: `{ count }` of stored carts, for tests (a refused add creates none).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import express, { type Request, type Response, type Router } from 'express';
import type { CartPricer } from '../cart-cost';
import { selectedDeliveryAddress, selectedDeliveryCostCents, shippingLines } from '../cart-delivery';
import { cartGid, type CartStore, type StoredCart } from '../carts';
import type { CustomerStore } from '../customers';
import type { DeliveryRate } from '../delivery-rates';
import type { GiftCardStore } from '../gift-cards';
import { REPO_ROOT } from '../../shared/server';
import type { OrderStore } from '../orders';
import { distinctCodes } from '../discounts';
import { checkoutMethodOf, prefilledForm, readForm, taxPlaceOf, validateForm, type CheckoutForm, type FieldErrors } from './form';
import { STYLESHEET_PATH } from './layout';
import { checkoutPage, confirmationPage, messagePage } from './pages';

export type CheckoutDeps = {
  carts: CartStore;
  orders: OrderStore;
  customers: CustomerStore;
  /** The shop's delivery rates: the cart's selected delivery options become the order's shipping lines. */
  deliveryRates: DeliveryRate[];
  pricing: CartPricer;
  giftCards: GiftCardStore;
  shopName: string;
  shopUrl: string;
};

// From the repo root, not __dirname, so the bundled server (dist/server) finds it too.
const stylesheet = readFileSync(path.join(REPO_ROOT, 'emulators', 'storefront-api', 'checkout', 'checkout.css'));

export function checkoutRouter({ carts, orders, customers, deliveryRates, pricing, giftCards, shopName, shopUrl }: CheckoutDeps): Router {
  const deps = { carts, customers, deliveryRates };
  const router = express.Router();
  const page = (res: Response, status: number, body: string) => res.status(status).type('html').set('Cache-Control', 'no-store').send(body);

  /** The open cart of the URL, or null after answering 404/410. */
  function openCart(req: Request, res: Response): StoredCart | null {
    const token = String(req.params.token);
    const key = typeof req.query.key === 'string' ? req.query.key : null;
    const cart = carts.findByToken(token, key);
    if (cart) return cart;
    if (carts.peek(token, key)?.completedAt) {
      page(res, 410, messagePage('This checkout is complete', 'An order was already placed with this cart.', shopName, shopUrl));
    } else {
      page(res, 404, messagePage('Checkout not found', 'This checkout link is not valid. Your cart may have expired.', shopName, shopUrl));
    }
    return null;
  }

  const action = (cart: StoredCart, suffix = '') => `/cart/c/${encodeURIComponent(cart.token)}${suffix}?key=${encodeURIComponent(cart.key)}`;

  /** The form a GET starts with: the cart's email, else the linked customer's details; the cart's selected delivery address first. */
  function startingForm(cart: StoredCart): CheckoutForm {
    const customer = customers.byAccessToken(cart.buyerIdentity.customerAccessToken);
    return prefilledForm(
      cart.buyerIdentity.email,
      customer && { ...customer, defaultAddress: customers.defaultAddress(customer) },
      selectedDeliveryAddress(cart),
    );
  }

  /** What the checkout charges for `cart` with `form`: its shipping lines, and tax for the form's address. */
  function chargeOf(cart: StoredCart, form: CheckoutForm) {
    const method = checkoutMethodOf(cart.attributes);
    return {
      destination: taxPlaceOf(method, form, pricing.rules.taxOrigin),
      deliveryCents: selectedDeliveryCostCents(cart, deps),
      shippingLines: shippingLines(cart, deps),
    };
  }

  /** The checkout page for `cart` with `form`, priced as it would be charged (chargeOf). */
  function render(res: Response, status: number, cart: StoredCart, form: CheckoutForm, extra: { errors?: FieldErrors; reductionError?: string }) {
    const method = checkoutMethodOf(cart.attributes);
    const charge = chargeOf(cart, form);
    const cost = pricing.price(cart, charge);
    const shortages = status === 409 || extra.errors ? orders.shortages(cart) : [];
    page(
      res,
      status,
      checkoutPage({
        cart,
        cost,
        method,
        form,
        shipping: charge.shippingLines,
        errors: extra.errors ?? {},
        shortages,
        action: action(cart),
        reductionAction: action(cart, '/reductions'),
        reductionError: extra.reductionError,
        shopName,
        shopUrl,
      }),
    );
  }

  /** Why `code` cannot be applied to `cart` (null: it was applied). */
  function applyReduction(cart: StoredCart, code: string): string | null {
    if (!code) return 'Enter a discount code or gift card';
    const card = giftCards.byCode(code);
    if (card) {
      if (card.balanceCents === 0) return 'Enter a valid discount code or gift card';
      carts.updateGiftCardCodes(cartGid(cart), distinctCodes([...(cart.giftCardCodes ?? []), card.code]));
      return null;
    }
    const state = pricing.price({ ...cart, discountCodes: [code] }).discountCodes[0];
    if (state.warning?.code === 'DISCOUNT_NOT_FOUND') return 'Enter a valid discount code or gift card';
    if (state.warning) return state.warning.message;
    carts.updateDiscountCodes(cartGid(cart), [code]);
    return null;
  }

  router.get(STYLESHEET_PATH, (_req, res) => {
    res.type('css').set('Cache-Control', 'public, max-age=3600').send(stylesheet);
  });

  router.get('/cart/c/:token', (req, res) => {
    const cart = openCart(req, res);
    if (cart) render(res, 200, cart, startingForm(cart), {});
  });

  router.post('/cart/c/:token/reductions', express.urlencoded({ extended: false, limit: '8kb' }), (req, res) => {
    const cart = openCart(req, res);
    if (!cart) return;
    const body = (req.body ?? {}) as Record<string, unknown>;
    const code = typeof body.reduction_code === 'string' ? body.reduction_code.trim().slice(0, 255) : '';
    const problem = applyReduction(cart, code);
    if (problem) render(res, 400, cart, startingForm(cart), { reductionError: problem });
    else res.redirect(303, action(cart));
  });

  router.post('/cart/c/:token', express.urlencoded({ extended: false, limit: '32kb' }), (req, res) => {
    const cart = openCart(req, res);
    if (!cart) return;
    const method = checkoutMethodOf(cart.attributes);
    const form = readForm(req.body);
    if (!cart.lines.length) {
      render(res, 400, cart, form, { errors: {} });
      return;
    }
    const result = validateForm(form, method);
    if ('errors' in result) {
      render(res, 400, cart, form, { errors: result.errors });
      return;
    }
    if (orders.shortages(cart).length) {
      render(res, 409, cart, form, {});
      return;
    }
    const customer = customers.byAccessToken(cart.buyerIdentity.customerAccessToken);
    const order = orders.place(cart, result.buyer, customer?.id ?? null, chargeOf(cart, form));
    res.redirect(303, `/checkout/orders/${order.token}`);
  });

  router.get('/checkout/orders/:token', (req, res) => {
    const order = orders.byToken(String(req.params.token));
    if (!order) page(res, 404, messagePage('Order not found', 'There is no order at this address.', shopName, shopUrl));
    else page(res, 200, confirmationPage(order, shopName, shopUrl));
  });

  router.get('/__emulator/orders', (_req, res) => {
    res.json({ orders: orders.all() });
  });

  router.get('/__emulator/carts', (_req, res) => {
    res.json({ count: carts.size });
  });

  return router;
}
