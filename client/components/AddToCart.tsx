/**
 * The product page's purchase button (spec §4). A real form posting to `/cart` (the server's
 * no-JavaScript add to cart, which answers 303 → /cart); with JavaScript the submit goes
 * through the cart store instead, which opens the drawer, or shows a failure here (the cart's
 * alert region, ./cart/CartMessage.tsx). A failure is about this variant: it is cleared when the
 * shopper picks another one or leaves the page.
 */
import { observer } from 'mobx-react-lite';
import { useEffect, useState, type FormEvent } from 'react';
import { useStores } from '../stores';
import { CartMessage } from './cart/CartMessage';

export const AddToCart = observer(function AddToCart({ variantId, sellingPlanId }: { variantId: string; sellingPlanId?: string }) {
  const { cart } = useStores();
  const [adding, setAdding] = useState(false);
  useEffect(
    () => () => {
      if (cart.messageAt === 'add') cart.dismissMessage();
    },
    [cart, variantId],
  );
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
      {!adding && <CartMessage place="add" />}
    </form>
  );
});
