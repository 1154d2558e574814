/**
 * The persistent shell (spec §2): skip link, header, main content, footer, cart drawer and the
 * floating alert button. Starts the cart on mount (browser only), closes the drawer and mobile
 * menu on every route change, and owns scroll restoration: a new navigation starts at the top,
 * Back and Forward return to where the shopper was (react-router's ScrollRestoration, which in
 * data mode writes no inline script).
 */
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { MAIN_CONTENT_ID } from '../lib/main-content';
import { useRouteData } from '../lib/route-data';
import { useStores } from '../stores';
import { CartDrawer } from './CartDrawer';
import { CookieBanner } from './CookieBanner';
import { DeferHydration } from './DeferHydration';
import { FloatingAlert } from './FloatingAlert';
import { Footer } from './Footer';
import { Header } from './Header';
import { NewsletterPopup } from './marketing/NewsletterPopup';

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
  const { settings, shopUnavailable } = useRouteData('root');
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
      <a className="skip-link" href={`#${MAIN_CONTENT_ID}`}>
        Skip to content
      </a>
      <Header settings={settings} shopUnavailable={shopUnavailable} />
      <main id={MAIN_CONTENT_ID} className="page" tabIndex={-1}>
        <Outlet />
      </main>
      <DeferHydration>
        <Footer settings={settings} />
      </DeferHydration>
      <CartDrawer settings={settings} />
      <FloatingAlert alert={settings.alerts.floatingAlertButton} />
      <NewsletterPopup newsletter={settings.newsletter} />
      <CookieBanner policy={settings.cookiePolicy} />
      <ScrollLock />
      <ScrollRestoration />
    </>
  );
}
