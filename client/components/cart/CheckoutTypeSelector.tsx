/**
 * Delivery / pickup / shipping (spec §4 checkout type): shipping is offered only when the cart
 * qualifies; below the choice, the settings' texts for it (delivery hours; pickup address and
 * hours; the shipping message).
 */
import { observer } from 'mobx-react-lite';
import type { SiteSettings } from '../../../shared/types';
import type { CheckoutType } from '../../../shared/fulfillment';
import { useStores } from '../../stores';
import { OptionPicker, type Choice } from '../OptionPicker';

const LABELS: Record<CheckoutType, string> = { delivery: 'Delivery', pickup: 'Pickup', shipping: 'Shipping' };

export const CheckoutTypeSelector = observer(function CheckoutTypeSelector({
  cartData,
  pickupAddress,
}: {
  cartData: SiteSettings['cartData'];
  pickupAddress: string | null;
}) {
  const { checkout } = useStores();
  const types: CheckoutType[] = checkout.shippingOffered ? ['delivery', 'pickup', 'shipping'] : ['delivery', 'pickup'];
  const choices: Choice[] = types.map((type) => ({ value: type, label: LABELS[type] }));
  const type = checkout.checkoutType;
  const address = cartData.pickupAddress || pickupAddress;
  return (
    <div className="checkout-type">
      <OptionPicker
        label={cartData.checkoutTypeCopy || 'Checkout type'}
        choices={choices}
        value={type}
        onChange={(value) => checkout.setCheckoutType(value as CheckoutType)}
      />
      <div className="checkout-type__info">
        {type === 'delivery' && cartData.deliveryHours && <p>{cartData.deliveryHours}</p>}
        {type === 'pickup' && address && <address>{address}</address>}
        {type === 'pickup' && cartData.pickupHours && <p>{cartData.pickupHours}</p>}
        {type === 'shipping' && cartData.shippingMessage && <p>{cartData.shippingMessage}</p>}
      </div>
    </div>
  );
});
