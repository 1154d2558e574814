/**
 * /cart (spec §2): the cart full-page. With JavaScript it is the shared cart view over the
 * browser's cart store; the server (and a browser without JavaScript) renders the loader's
 * cart — the `cart_id` cookie's, from the no-JavaScript add-to-cart form — read-only, with
 * quantities and a checkout link. `?error={code}` is that form's refusal (shared/cart-refusals.ts),
 * shown as the code's fixed text; unknown codes show nothing.
 */
import { useSearchParams } from 'react-router';
import { cartRefusalText } from '../../shared/cart-refusals';
import type { Cart, SiteSettings } from '../../shared/types';
import { CartLines } from '../components/cart/CartLines';
import { CartView } from '../components/cart/CartView';
import { formatMoney } from '../lib/format';
import { useRouteData } from '../lib/route-data';
import { useHydrated } from '../lib/use-hydrated';

/** The server-rendered cart: lines with quantities, subtotal, a plain checkout link. */
function StaticCart({ cart, settings }: { cart: Cart | null; settings: SiteSettings }) {
  const { cartData } = settings;
  if (!cart || cart.lines.length === 0) return <p className="cart-view__empty">{cartData.emptyCartMessage}</p>;
  return (
    <div className="cart-view">
      <div className="cart-view__body">
        <CartLines lines={cart.lines} readOnly />
      </div>
      <footer className="cart-view__footer">
        <p className="cart-view__subtotal">
          <span>Subtotal</span>
          <span>{formatMoney(cart.cost.subtotalAmount)}</span>
        </p>
        {cartData.cartDisclaimer && <p className="cart-view__note">{cartData.cartDisclaimer}</p>}
        <a className="button button--block" href={cart.checkoutUrl}>
          {cartData.checkoutButton || 'Checkout'}
        </a>
      </footer>
    </div>
  );
}

export function CartPage() {
  const { cart } = useRouteData('cart');
  const { settings } = useRouteData('root');
  const [searchParams] = useSearchParams();
  const hydrated = useHydrated();
  const refusal = cartRefusalText(searchParams.get('error'));
  return (
    <section className="container cart-page">
      <h1>{settings.cartData.cartTitle}</h1>
      {refusal && (
        <p className="cart-view__message" role="alert">
          {refusal}
        </p>
      )}
      {hydrated ? <CartView settings={settings} active /> : <StaticCart cart={cart} settings={settings} />}
    </section>
  );
}
