/**
 * The persistent shell (spec §2): skip link, header, main content, footer, cart drawer.
 * Starts the cart on mount (browser only) and closes the drawer and mobile menu on every
 * route change.
 */
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useRouteData } from '../lib/route-data';
import { useStores } from '../stores';
import { CartDrawer } from './CartDrawer';
import { Footer } from './Footer';
import { Header } from './Header';

/** Locks page scroll while an overlay is open (spec §4). */
const ScrollLock = observer(function ScrollLock() {
  const { ui } = useStores();
  const locked = ui.scrollLocked;
  useEffect(() => {
    document.documentElement.classList.toggle('scroll-locked', locked);
  }, [locked]);
  return null;
});

export function Shell() {
  const { settings } = useRouteData('root');
  const { ui, cart } = useStores();
  const { pathname } = useLocation();

  useEffect(() => {
    void cart.start();
  }, [cart]);
  useEffect(() => {
    ui.closeOverlays();
  }, [ui, pathname]);

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header settings={settings} />
      <main id="main" className="page" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer settings={settings} />
      <CartDrawer settings={settings} />
      <ScrollLock />
    </>
  );
}
