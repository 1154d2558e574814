/**
 * The hosted-checkout stand-in (docs/architecture.md §2 "Checkout"), mounted on the Storefront emulator:
 *
 * - `GET  /cart/c/{token}?key={key}` (a cart's checkoutUrl): the checkout page; 404 for an unknown
 *   cart, 410 for one already checked out. For a cart linked to a customer (buyerIdentity with a
 *   live customer access token) the form starts with their email, name and default address.
 * - `POST` the same URL (urlencoded email, name, address1, address2, city, province, zip):
 *   400 with the form re-rendered on invalid input, 409 when stock ran out meanwhile; otherwise
 *   the order is placed (for the linked customer, if any) and the browser is sent (303) to
 *   `/checkout/orders/{orderToken}`.
 * - `GET  /__emulator/orders`: every order as JSON, for tests.
 * - `GET  /__emulator/carts`: `{ count }` of stored carts, for tests (a refused add creates none).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import express, { type Request, type Response, type Router } from 'express';
import type { CartStore, StoredCart } from '../carts';
import type { CustomerStore } from '../customers';
import { REPO_ROOT } from '../../shared/server';
import type { OrderStore } from '../orders';
import { checkoutMethodOf, prefilledForm, readForm, validateForm } from './form';
import { STYLESHEET_PATH } from './layout';
import { checkoutPage, confirmationPage, messagePage } from './pages';

export type CheckoutDeps = { carts: CartStore; orders: OrderStore; customers: CustomerStore; shopName: string; shopUrl: string };

// From the repo root, not __dirname, so the bundled server (dist/server) finds it too.
const stylesheet = readFileSync(path.join(REPO_ROOT, 'emulators', 'storefront-api', 'checkout', 'checkout.css'));

export function checkoutRouter({ carts, orders, customers, shopName, shopUrl }: CheckoutDeps): Router {
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

  const action = (cart: StoredCart) => `/cart/c/${encodeURIComponent(cart.token)}?key=${encodeURIComponent(cart.key)}`;

  router.get(STYLESHEET_PATH, (_req, res) => {
    res.type('css').set('Cache-Control', 'public, max-age=3600').send(stylesheet);
  });

  router.get('/cart/c/:token', (req, res) => {
    const cart = openCart(req, res);
    if (!cart) return;
    const customer = customers.byAccessToken(cart.buyerIdentity.customerAccessToken);
    page(
      res,
      200,
      checkoutPage({
        cart,
        carts,
        method: checkoutMethodOf(cart.attributes),
        form: prefilledForm(cart.buyerIdentity.email, customer && { ...customer, defaultAddress: customers.defaultAddress(customer) }),
        errors: {},
        shortages: [],
        action: action(cart),
        shopName,
        shopUrl,
      }),
    );
  });

  router.post('/cart/c/:token', express.urlencoded({ extended: false, limit: '32kb' }), (req, res) => {
    const cart = openCart(req, res);
    if (!cart) return;
    const method = checkoutMethodOf(cart.attributes);
    const form = readForm(req.body);
    const render = (status: number, errors: object, shortages = orders.shortages(cart)) =>
      page(res, status, checkoutPage({ cart, carts, method, form, errors, shortages, action: action(cart), shopName, shopUrl }));
    if (!cart.lines.length) {
      render(400, {});
      return;
    }
    const result = validateForm(form, method);
    if ('errors' in result) {
      render(400, result.errors);
      return;
    }
    if (orders.shortages(cart).length) {
      render(409, {});
      return;
    }
    const customer = customers.byAccessToken(cart.buyerIdentity.customerAccessToken);
    const order = orders.place(cart, result.buyer, customer?.id ?? null);
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
