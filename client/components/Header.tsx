/**
 * Site header (spec §2): announcement bar, logo, primary link with a product dropdown,
 * header and mega-menu links (with optional product dropdowns), right-hand links, the account
 * link, the mobile menu toggle and the cart button "{cartTitle} ({totalQuantity})". Sticky; the logo narrows
 * after scrolling past 32px; the header hides while scrolling down and returns on scrolling up.
 */
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { NavLink, ProductCard, SiteSettings } from '../../shared/types';
import { useStores } from '../stores';
import { AccountLink } from './AccountLink';
import { CART_BUTTON_ID } from './CartDrawer';
import { LinkTo } from './LinkTo';
import { MobileMenu } from './MobileMenu';
import { QuickShopCard } from './QuickShopCard';

const SHRINK_AFTER_PX = 32;

/** Hidden only once the page is scrolled further than this, so the top of the page keeps it. */
const HIDE_AFTER_PX = 125;

/** Spec §2: `scrolled` past `px`, and `hidden` while the last scroll went down (past HIDE_AFTER_PX). */
function useScrollState(px: number): { scrolled: boolean; hidden: boolean } {
  const [state, setState] = useState({ scrolled: false, hidden: false });
  useEffect(() => {
    let lastY = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      // A locked page (drawer or menu open) does not scroll: keep the header as it is.
      if (document.documentElement.classList.contains('scroll-locked')) return;
      const hidden = y > HIDE_AFTER_PX && y > lastY;
      if (y !== lastY) lastY = y;
      setState((prev) => (prev.scrolled === y > px && prev.hidden === hidden ? prev : { scrolled: y > px, hidden }));
    };
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [px]);
  return state;
}

/** A nav item that reveals its products on hover or keyboard focus. */
function DropdownItem({ link, products, viewAll }: { link: NavLink; products: ProductCard[]; viewAll?: NavLink | null }) {
  if (!products.length)
    return (
      <li className="nav-item">
        <LinkTo link={link} />
      </li>
    );
  return (
    <li className="nav-item nav-item--dropdown">
      <LinkTo link={link} />
      <div className="dropdown" role="group" aria-label={`${link.title} products`}>
        <ul className="dropdown__grid">
          {products.slice(0, 4).map((p) => (
            <li key={p.handle}>
              <QuickShopCard card={p} />
            </li>
          ))}
        </ul>
        {viewAll && <LinkTo link={viewAll} className="dropdown__all" />}
      </div>
    </li>
  );
}

const CartButton = observer(function CartButton({ title }: { title: string }) {
  const { ui, cart } = useStores();
  return (
    <button
      type="button"
      id={CART_BUTTON_ID}
      className="cart-button"
      aria-haspopup="dialog"
      aria-expanded={ui.cartOpen}
      onClick={() => ui.openCart()}
    >
      {title} ({cart.totalQuantity})
    </button>
  );
});

const MenuToggle = observer(function MenuToggle() {
  const { ui } = useStores();
  return (
    <button type="button" className="menu-toggle" aria-expanded={ui.menuOpen} aria-controls="mobile-menu" onClick={() => ui.toggleMenu()}>
      <span className="menu-toggle__icon" aria-hidden="true" />
      <span className="visually-hidden">Menu</span>
    </button>
  );
});

export function Header({ settings }: { settings: SiteSettings }) {
  const { header, siteTitle, cartData } = settings;
  const { pathname } = useLocation();
  const { scrolled, hidden } = useScrollState(SHRINK_AFTER_PX);
  const announcement = header.announcementBarSettings;

  return (
    <header className={`site-header${scrolled ? ' is-scrolled' : ''}${hidden ? ' is-hidden' : ''}`}>
      {announcement.enabled && announcement.text && <p className="announcement">{announcement.text}</p>}
      <div className="site-header__bar">
        <MenuToggle />
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
          {siteTitle}
        </Link>
        <nav className="primary-nav" aria-label="Primary">
          <ul>
            {header.primaryHeaderLink && (
              <DropdownItem link={header.primaryHeaderLink} products={header.primaryLinkProducts} viewAll={header.viewAllButton} />
            )}
            {header.headerMenu.map((link) => (
              <li key={link.key} className="nav-item">
                <LinkTo link={link} />
              </li>
            ))}
            {header.headerMegaMenu.map((item) => (
              <DropdownItem key={item.key} link={item.link} products={item.products} />
            ))}
          </ul>
        </nav>
        <div className="right-nav">
          <ul>
            {header.rightHeaderMenu.map((link) => (
              <li key={link.key} className="nav-item">
                <LinkTo link={link} />
              </li>
            ))}
          </ul>
          <AccountLink className="account-link" />
          <CartButton title={cartData.cartTitle} />
        </div>
      </div>
      <MobileMenu header={header} />
    </header>
  );
}
