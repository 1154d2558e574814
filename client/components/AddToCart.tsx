/**
 * The product page's purchase button (spec §4). A real form posting to `/cart` (the server's
 * no-JavaScript add to cart, which answers 303 → /cart); with JavaScript the submit goes
 * through the cart store instead, which opens the drawer.
 */
import { observer } from 'mobx-react-lite';
import { useState, type FormEvent } from 'react';
import { useStores } from '../stores';

export const AddToCart = observer(function AddToCart({ variantId, sellingPlanId }: { variantId: string; sellingPlanId?: string }) {
  const { cart } = useStores();
  const [adding, setAdding] = useState(false);
  const add = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setAdding(true);
    try {
      await cart.addLine(variantId, { quantity: 1, sellingPlanId });
    } finally {
      setAdding(false);
    }
  };
  return (
    <form className="add-to-cart" method="post" action="/cart" onSubmit={add}>
      <input type="hidden" name="merchandiseId" value={variantId} />
      <input type="hidden" name="quantity" value="1" />
      {sellingPlanId && <input type="hidden" name="sellingPlanId" value={sellingPlanId} />}
      <button type="submit" className="button button--block" disabled={adding} aria-busy={adding}>
        {adding ? 'Adding…' : 'Add to cart'}
      </button>
      {cart.message && !adding && (
        <p className="form-message" role="alert">
          {cart.message}
        </p>
      )}
    </form>
  );
});
