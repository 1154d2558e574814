/**
 * Site header (spec §2): announcement bar, logo, primary link with a product dropdown and a
 * view-all link, header and mega-menu links (with optional product dropdowns of quick-shop
 * cards), right-hand links, the account link, the mobile menu (with its toggle) and the cart
 * button "{cartTitle} ({totalQuantity})". Dropdowns open on hover and on keyboard focus.
 * Sticky; it shrinks and its logo narrows (48px → 32px, spec §9) after scrolling past 32px,
 * hides while scrolling down and returns on scrolling up (client/lib/use-header-scroll.ts).
 * Every content link goes through LinkTo, so internal links stay in the tab.
 */
import { observer } from 'mobx-react-lite';
import { useEffect, useState, type MouseEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { HEADER_DROPDOWN_PRODUCTS, type HeaderProductCard, type NavLink, type SiteSettings } from '../../shared/types';
import { responsiveImage } from '../../shared/images';
import { SHOP_UNAVAILABLE_NOTE } from '../../shared/route-data';
import { LOGO_SIZES } from '../lib/image-sizes';
import { focusMainContent } from '../lib/main-content';
import { useHeaderScroll } from '../lib/use-header-scroll';
import { useStores } from '../stores';
import { AccountLink } from './AccountLink';
import { CART_BUTTON_ID } from './CartDrawer';
import { DeferHydration } from './DeferHydration';
import { LinkTo } from './LinkTo';
import { MobileMenu } from './MobileMenu';
import { QuickShopCard } from './QuickShopCard';

/**
 * A nav item that reveals its products on hover or keyboard focus (CSS :hover, :focus-within).
 * Its cards' pictures are rendered from the first hover or focus on (`opened`), not in the HTML:
 * they cannot be seen before, and lazy images in a hidden-but-laid-out dropdown would otherwise
 * load with the page, beside its LCP image. Without JavaScript the dropdown shows the cards'
 * titles and prices.
 *
 * A click on a link in it (a card, view all, the item's own link) closes it (`dismissed`): the
 * header stays across the client navigation, and the pointer still over it, or the focus
 * still in it, would keep the panel open over the new page. Focus goes to the main content
 * (as after the skip link), so the next Tab starts in the new page. The next hover or focus
 * opens it again.
 */
function DropdownItem({
  link,
  products,
  viewAll,
  primary = false,
}: {
  link: NavLink;
  products: HeaderProductCard[];
  viewAll?: NavLink | null;
  primary?: boolean;
}) {
  const [opened, setOpened] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const open = () => {
    setOpened(true);
    setDismissed(false);
  };
  const dismissOnNavigation = (e: MouseEvent) => {
    const anchor = (e.target as Element).closest('a[href]');
    // A modified click opens another tab or window: this page stays as it is.
    if (!anchor || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    setDismissed(true);
    if (anchor.getAttribute('target') !== '_blank') focusMainContent();
  };
  if (!products.length)
    return (
      <li className="nav-item">
        <LinkTo link={link} />
      </li>
    );
  return (
    <li
      className={`nav-item nav-item--dropdown${primary ? ' nav-item--primary' : ''}${dismissed ? ' is-dismissed' : ''}`}
      onPointerEnter={open}
      onFocus={open}
      onClick={dismissOnNavigation}
    >
      <LinkTo link={link} />
      <div className="dropdown" role="group" aria-label={`${link.title} products`}>
        <ul className="dropdown__grid">
          {products.slice(0, HEADER_DROPDOWN_PRODUCTS).map((p) => (
            <li key={p.handle}>
              <QuickShopCard card={p} showImage={opened} />
            </li>
          ))}
        </ul>
        {viewAll && <LinkTo link={viewAll} className="dropdown__all" />}
      </div>
    </li>
  );
}

/**
 * Whether the cart's count is known: once the cart store's start (spec §4 App start: the stored
 * cart fetched, else the cookie's) has settled — without a stored cart that is at once, and the
 * count is 0 — and unless a stored cart could not be read (`unread`, the Storefront API down).
 * Never on the server nor while hydrating: the CDN-cached HTML cannot know it.
 */
function useCartKnown(): boolean {
  const { cart } = useStores();
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    let live = true;
    // start() is idempotent: this is the shell's own start, not a second one.
    cart.start().then(
      () => live && setSettled(true),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [cart]);
  return settled && !cart.unread;
}

/**
 * "{cartTitle} ({totalQuantity})" (spec §2). Until the count is known, the title alone, its
 * count's room kept (shell.css), so no wrong "(0)" shows and nothing moves when the count comes.
 */
const CartButton = observer(function CartButton({ title }: { title: string }) {
  const { ui, cart } = useStores();
  const known = useCartKnown();
  return (
    <button
      type="button"
      id={CART_BUTTON_ID}
      className="cart-button"
      aria-haspopup="dialog"
      aria-expanded={ui.cartOpen}
      onClick={() => ui.openCart()}
    >
      {title} <span className="cart-button__count">{known ? `(${cart.totalQuantity})` : ''}</span>
    </button>
  );
});

/** Spec §9: the logo is 48px wide on desktop, 32px on mobile and once scrolled (shell.css). */
function Logo({ settings }: { settings: SiteSettings }) {
  const { pathname } = useLocation();
  const icon = settings.imageIcon;
  return (
    <Link
      to="/"
      className="logo"
      onClick={(e) => {
        // On the home route the logo scrolls to top instead of re-navigating (spec §2).
        if (pathname === '/') {
          e.preventDefault();
          window.scrollTo({ top: 0, behavior: 'smooth' });
        }
      }}
    >
      {/* Decorative: the site title beside it names the link. */}
      {/* Low priority: a 1 KB mark that must not compete with the page's LCP image. */}
      {icon && <img className="logo__mark" {...responsiveImage(icon.src, LOGO_SIZES)} alt="" width={48} height={48} fetchPriority="low" />}
      <span className="logo__text">{settings.siteTitle}</span>
    </Link>
  );
}

/**
 * @param shopUnavailable the commerce API is down (root route data): a short note stands where
 *   the cart button is, since the cart cannot be read or changed
 */
export function Header({ settings, shopUnavailable = false }: { settings: SiteSettings; shopUnavailable?: boolean }) {
  const { header, cartData } = settings;
  const { scrolled, hidden } = useHeaderScroll();
  const announcement = header.announcementBarSettings;
  const showAnnouncement = announcement.enabled && Boolean(announcement.text);
  const classes = ['site-header', showAnnouncement && 'has-announcement', scrolled && 'is-scrolled', hidden && 'is-hidden'];

  return (
    <header className={classes.filter(Boolean).join(' ')}>
      {showAnnouncement && <p className="announcement">{announcement.text}</p>}
      <div className="site-header__bar">
        <MobileMenu header={header} />
        <Logo settings={settings} />
        <DeferHydration>
          <nav className="primary-nav" aria-label="Primary">
            <ul>
              {header.primaryHeaderLink && (
                <DropdownItem link={header.primaryHeaderLink} products={header.primaryLinkProducts} viewAll={header.viewAllButton} primary />
              )}
              {header.headerMenu.map((link) => (
                <li key={link.key} className="nav-item">
                  <LinkTo link={link} />
                </li>
              ))}
              {header.headerMegaMenu.map((item) => (
                <DropdownItem key={item.key} link={item.link} products={item.products} viewAll={{ ...item.link, title: `All ${item.link.title}` }} />
              ))}
            </ul>
          </nav>
        </DeferHydration>
        <div className="right-nav">
          <ul>
            {header.rightHeaderMenu.map((link) => (
              <li key={link.key} className="nav-item">
                <LinkTo link={link} />
              </li>
            ))}
          </ul>
          <AccountLink className="account-link" />
          {shopUnavailable ? (
            <p className="cart-note" role="status">
              {SHOP_UNAVAILABLE_NOTE}
            </p>
          ) : (
            <CartButton title={cartData.cartTitle} />
          )}
        </div>
      </div>
    </header>
  );
}
