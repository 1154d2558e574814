/**
 * The cart's one alert region (spec §4, §8 cart messages): the last failed change's message,
 * shown only at the place it belongs (`CartStore.messageAt`: under the add-to-cart button, or
 * in the cart view in sight), never in two places at once. It stays until the next successful
 * change or until the shopper dismisses it: an error that vanished on a timer could go unread.
 */
import { observer } from 'mobx-react-lite';
import { useStores } from '../../stores';
import type { CartMessagePlace } from '../../stores/cart';

export const CartMessage = observer(function CartMessage({ place }: { place: CartMessagePlace }) {
  const { cart } = useStores();
  if (!cart.message || cart.messageAt !== place) return null;
  return (
    <div className="cart-message" role="alert">
      <p className="cart-message__text">{cart.message}</p>
      <button type="button" className="icon-button cart-message__dismiss" aria-label="Dismiss message" onClick={() => cart.dismissMessage()}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
});
