/**
 * The cart drawer (spec §2/§4): header with close button and the shared cart view. While open,
 * page scroll is locked (Shell), focus stays inside, and the underlay, Escape and route changes
 * close it; focus then returns to the header's cart button. The cart view's code (lines,
 * checkout options) is its own chunk, asked for when the drawer first opens (it is closed on
 * load); until it is in, the drawer says "Loading...", as an unloaded cart does.
 */
import { observer } from 'mobx-react-lite';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import type { SiteSettings } from '../../shared/types';
import { trackViewCart } from '../analytics';
import { useDialogFocus } from '../lib/use-dialog-focus';
import { importWithReload } from '../runtime/chunk-reload';
import { useStores } from '../stores';

const CartView = lazy(() => importWithReload(() => import('./cart/CartView')).then((m) => ({ default: m.CartView })));

const cartViewLoading = (
  <div className="cart-view cart-view--empty">
    <p className="cart-view__empty">Loading...</p>
  </div>
);

/** The header's cart button, where focus returns when the drawer closes. */
export const CART_BUTTON_ID = 'cart-button';

export const CartDrawer = observer(function CartDrawer({ settings }: { settings: SiteSettings }) {
  const { ui, cart } = useStores();
  const panel = useRef<HTMLElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const open = ui.cartOpen;
  // The cart view mounts on the first opening and stays (its state, e.g. the calendar, is kept).
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  const close = useCallback(() => ui.closeCart(), [ui]);
  const returnTo = useCallback(() => document.getElementById(CART_BUTTON_ID), []);
  useDialogFocus({ open, container: panel, initial: closeButton, onClose: close, returnTo });
  // Spec §4: opening records a cart view when the cart has an id.
  useEffect(() => {
    if (open && cart.cart?.id) trackViewCart(cart.cart);
  }, [open, cart]);

  const title = settings.cartData.cartTitle;
  return (
    <div className={`cart-drawer${open ? ' is-open' : ''}`}>
      <div className="underlay" aria-hidden="true" onClick={close} />
      {/* A section: an aside may not be a dialog. Its top bar and the cart's footer are plain
          divs, since inside a dialog a <header>/<footer> would count as a second banner and
          contentinfo landmark. */}
      <section ref={panel} className="cart-drawer__panel" role="dialog" aria-modal="true" aria-label={title} aria-hidden={!open} inert={!open}>
        <div className="cart-drawer__header">
          <h2>{title}</h2>
          <button ref={closeButton} type="button" className="icon-button" aria-label="Close cart" onClick={close}>
            ×
          </button>
        </div>
        {opened && (
          <Suspense fallback={cartViewLoading}>
            <CartView settings={settings} active={open} inDrawer />
          </Suspense>
        )}
      </section>
    </div>
  );
});
