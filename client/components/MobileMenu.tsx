/**
 * The mobile menu (spec §2) and its toggle, the compact header's (below HEADER_DESKTOP_QUERY's
 * 1024px, where the desktop navigation no longer fits one row): every header link and the
 * account link in one column. While open it is modal: focus moves to its first link, Tab
 * cycles through the toggle and the menu, Escape closes it and focus returns to the toggle.
 * It closes on every route change (the shell) and when the window grows past the breakpoint.
 */
import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useRef } from 'react';
import type { SiteSettings } from '../../shared/types';
import { useDialogFocus } from '../lib/use-dialog-focus';
import { useStores } from '../stores';
import { AccountLink } from './AccountLink';
import { LinkTo } from './LinkTo';

/**
 * Where the desktop header (logo row and one row of navigation) takes over from the compact one:
 * 1024px, the same as shell.css. Above spec §9's 768px mobile breakpoint, which the page layouts
 * keep: the navigation needs about 900px for one row.
 */
export const HEADER_DESKTOP_QUERY = '(min-width: 1024px)';

export const MobileMenu = observer(function MobileMenu({ header }: { header: SiteSettings['header'] }) {
  const { ui } = useStores();
  const open = ui.menuOpen;
  const wrapper = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLElement>(null);
  const close = useCallback(() => ui.closeMenu(), [ui]);
  const firstLink = useCallback(() => menu.current?.querySelector<HTMLElement>('a[href]') ?? null, []);
  const returnTo = useCallback(() => toggle.current, []);
  // The trap spans the toggle too, so the menu can be closed from the keyboard without Escape.
  useDialogFocus({ open, container: wrapper, initial: firstLink, onClose: close, returnTo });

  // The desktop header shows every link itself: a menu left open would trap focus in hidden links.
  useEffect(() => {
    if (!open) return;
    const desktop = window.matchMedia(HEADER_DESKTOP_QUERY);
    const onChange = () => desktop.matches && close();
    onChange();
    desktop.addEventListener('change', onChange);
    return () => desktop.removeEventListener('change', onChange);
  }, [open, close]);

  const links = [
    ...(header.primaryHeaderLink ? [header.primaryHeaderLink] : []),
    ...header.headerMenu,
    ...header.headerMegaMenu.map((item) => item.link),
    ...header.rightHeaderMenu,
  ];
  return (
    <div ref={wrapper} className="mobile-nav">
      <button ref={toggle} type="button" className="menu-toggle" aria-expanded={open} aria-controls="mobile-menu" onClick={() => ui.toggleMenu()}>
        <span className="menu-toggle__icon" aria-hidden="true" />
        <span className="visually-hidden">Menu</span>
      </button>
      <nav ref={menu} id="mobile-menu" className={`mobile-menu${open ? ' is-open' : ''}`} aria-label="Mobile" hidden={!open}>
        <ul>
          {links.map((link) => (
            <li key={link.key}>
              <LinkTo link={link} />
            </li>
          ))}
          <li>
            <AccountLink />
          </li>
        </ul>
      </nav>
    </div>
  );
});
