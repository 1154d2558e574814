/**
 * "Checkout" (spec §4/§5): disabled while the cart is loading and while delivery or pickup has
 * no date; saves the cart attributes, then goes to the hosted checkout.
 */
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { trackBeginCheckout } from '../../analytics';
import { useStores } from '../../stores';

export const CheckoutButton = observer(function CheckoutButton({ label }: { label: string }) {
  const { checkout, cart } = useStores();
  const [leaving, setLeaving] = useState(false);
  // Back from the checkout (page restored from the back/forward cache): usable again.
  useEffect(() => {
    const onShow = () => setLeaving(false);
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);
  const go = async () => {
    setLeaving(true);
    const url = await checkout.checkout();
    if (url) {
      // Spec §7: the checkout start, as the shopper leaves for the hosted checkout.
      if (cart.cart) trackBeginCheckout(cart.cart);
      window.location.assign(url);
    } else setLeaving(false);
  };
  return (
    <button type="button" className="button button--block" disabled={leaving || !checkout.canCheckout} aria-busy={leaving} onClick={go}>
      {label}
    </button>
  );
});
