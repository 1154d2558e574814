/** The product page's purchase button; adding opens the cart drawer (spec §4). */
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useStores } from '../stores';

export const AddToCart = observer(function AddToCart({ variantId, sellingPlanId }: { variantId: string; sellingPlanId?: string }) {
  const { cart } = useStores();
  const [adding, setAdding] = useState(false);
  const add = async () => {
    setAdding(true);
    try {
      await cart.addLine(variantId, { quantity: 1, sellingPlanId });
    } finally {
      setAdding(false);
    }
  };
  return (
    <div className="add-to-cart">
      <button type="button" className="button button--block" disabled={adding} aria-busy={adding} onClick={add}>
        {adding ? 'Adding…' : 'Add to cart'}
      </button>
      {cart.message && !adding && <p className="form-message" role="alert">{cart.message}</p>}
    </div>
  );
});
