/**
 * The shopper's cart with its checkout parts (spec §2 cart drawer, §4), shared by the drawer
 * and the /cart page: lines; checkout type, date, gift note; subtotal, disclaimer and
 * "Checkout". The settings' empty-cart message when there are no lines. `active` tells the
 * date selector when to (re)fetch: while the drawer is open, always on the page. A failed
 * change's message (./CartMessage.tsx) shows in the view in sight: the drawer's while it is
 * open, else the page's, never both.
 */
import { observer } from 'mobx-react-lite';
import type { SiteSettings } from '../../../shared/types';
import { formatMoney } from '../../lib/format';
import { useStores } from '../../stores';
import { CartLines } from './CartLines';
import { CartMessage } from './CartMessage';
import { CheckoutButton } from './CheckoutButton';
import { CheckoutTypeSelector } from './CheckoutTypeSelector';
import { DateSelector } from './DateSelector';
import { GiftNote } from './GiftNote';

export const CartView = observer(function CartView({
  settings,
  active,
  inDrawer = false,
}: {
  settings: SiteSettings;
  active: boolean;
  inDrawer?: boolean;
}) {
  const { cart, ui } = useStores();
  const { cartData } = settings;
  const current = cart.cart;
  const message = inDrawer === ui.cartOpen && <CartMessage place="cart" />;
  if (!current || current.lines.length === 0) {
    return (
      <div className="cart-view cart-view--empty">
        <p className="cart-view__empty">{!current && cart.loading ? 'Loading...' : cartData.emptyCartMessage}</p>
        {message}
      </div>
    );
  }
  return (
    <div className="cart-view">
      <div className="cart-view__body">
        <CartLines lines={current.lines} />
        <div className="cart-view__options">
          <CheckoutTypeSelector cartData={cartData} pickupAddress={settings.pickupAddress} />
          <DateSelector active={active} />
          <GiftNote cartData={cartData} />
        </div>
      </div>
      {/* Not a <footer>: in the drawer (a dialog) it would be a second contentinfo landmark. */}
      <div className="cart-view__footer">
        <p className="cart-view__subtotal">
          <span>Subtotal</span>
          <span>{formatMoney(current.cost.subtotalAmount)}</span>
        </p>
        {cartData.cartDisclaimer && <p className="cart-view__note">{cartData.cartDisclaimer}</p>}
        {message}
        <CheckoutButton label={cartData.checkoutButton || 'Checkout'} />
      </div>
    </div>
  );
});
