/**
 * The cart drawer (spec §2/§4): header with close button, lines (image, product title,
 * options except "Default Title", selling plan, −/+ adjuster, line total), subtotal and the
 * checkout link; the settings' empty-cart message otherwise. The underlay and Escape close it.
 */
import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { CartLine, SiteSettings } from '../../shared/types';
import { formatMoney } from '../lib/format';
import { useStores } from '../stores';
import { Picture } from './Picture';

const LineItem = observer(function LineItem({ line }: { line: CartLine }) {
  const { cart } = useStores();
  const { merchandise } = line;
  const options = merchandise.selectedOptions.filter((o) => o.value !== 'Default Title');
  const title = merchandise.product.title;
  return (
    <li className="cart-line">
      <Link to={`/products/${merchandise.product.handle}`} className="cart-line__image">
        {merchandise.image && <Picture picture={merchandise.image} ratio={4 / 5} sizes="96px" alt={merchandise.image.alt || title} />}
      </Link>
      <div className="cart-line__body">
        <p className="cart-line__title">{title}</p>
        {options.map((o) => <p key={o.name} className="cart-line__meta">{o.name}: {o.value}</p>)}
        {line.sellingPlanAllocation && <p className="cart-line__meta">{line.sellingPlanAllocation.sellingPlan.name}</p>}
        <div className="quantity" role="group" aria-label={`Quantity of ${title}`}>
          <button type="button" aria-label={`Decrease quantity of ${title}`} disabled={cart.loading} onClick={() => void cart.decrement(line)}>−</button>
          <output aria-live="polite">{line.quantity}</output>
          <button type="button" aria-label={`Increase quantity of ${title}`} disabled={!cart.canIncrement(line)} onClick={() => void cart.increment(line)}>+</button>
        </div>
      </div>
      <p className="cart-line__total">{formatMoney(line.cost.totalAmount)}</p>
    </li>
  );
});

export const CartDrawer = observer(function CartDrawer({ cartData }: { cartData: SiteSettings['cartData'] }) {
  const { ui, cart } = useStores();
  const closeButton = useRef<HTMLButtonElement>(null);
  const open = ui.cartOpen;

  useEffect(() => {
    if (!open) return;
    closeButton.current?.focus();
    const onKey = (e: KeyboardEvent) => { if (e.key === 'Escape') ui.closeCart(); };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, ui]);

  const lines = cart.lines;
  const checkoutLabel = cartData.checkoutButton || 'Checkout';
  return (
    <div className={`cart-drawer${open ? ' is-open' : ''}`}>
      <div className="underlay" aria-hidden="true" onClick={() => ui.closeCart()} />
      <aside className="cart-drawer__panel" role="dialog" aria-modal="true" aria-label={cartData.cartTitle} aria-hidden={!open} inert={!open}>
        <header className="cart-drawer__header">
          <h2>{cartData.cartTitle}</h2>
          <button ref={closeButton} type="button" className="icon-button" aria-label="Close cart" onClick={() => ui.closeCart()}>×</button>
        </header>
        {lines.length > 0 && cart.cart ? (
          <>
            <ul className="cart-drawer__lines">{lines.map((line) => <LineItem key={line.id} line={line} />)}</ul>
            <footer className="cart-drawer__footer">
              <p className="cart-drawer__subtotal"><span>Subtotal</span><span>{formatMoney(cart.cart.cost.subtotalAmount)}</span></p>
              {cartData.cartDisclaimer && <p className="cart-drawer__note">{cartData.cartDisclaimer}</p>}
              <a
                href={cart.cart.checkoutUrl}
                className={`button button--block${cart.loading ? ' is-disabled' : ''}`}
                aria-disabled={cart.loading || undefined}
                onClick={(e) => { if (cart.loading) e.preventDefault(); }}
              >
                {checkoutLabel}
              </a>
            </footer>
          </>
        ) : (
          <p className="cart-drawer__empty">{cartData.emptyCartMessage}</p>
        )}
        {cart.message && <p className="cart-drawer__message" role="alert">{cart.message}</p>}
      </aside>
    </div>
  );
});
