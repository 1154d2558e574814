/**
 * UI state held on the client (spec §2): cart drawer, mobile menu, floating menu (visible by
 * default), page-scroll lock. Both overlays close on every route change (the shell calls
 * `closeOverlays`).
 */
import { makeAutoObservable } from 'mobx';

export type UiSnapshot = { cartOpen: boolean; menuOpen: boolean; floatingMenuVisible: boolean };

export class UiStore {
  cartOpen = false;
  menuOpen = false;
  /** Spec §2: the floating alert button shows until the shopper dismisses it. */
  floatingMenuVisible = true;
  /**
   * Spec §2: the newsletter popup is showing (default false). Browser-only: the popup opens after
   * hydration (client/components/marketing/NewsletterPopup.tsx), so it is not in the snapshot.
   */
  newsletterPopupEnabled = false;

  constructor(snapshot?: Partial<UiSnapshot>) {
    Object.assign(this, snapshot);
    makeAutoObservable(this);
  }

  /** Page scroll is locked while the drawer or the mobile menu is open (spec §4). */
  get scrollLocked(): boolean {
    return this.cartOpen || this.menuOpen;
  }

  openCart() {
    this.menuOpen = false;
    this.cartOpen = true;
  }

  closeCart() {
    this.cartOpen = false;
  }

  toggleMenu() {
    this.menuOpen = !this.menuOpen;
  }

  closeMenu() {
    this.menuOpen = false;
  }

  closeOverlays() {
    this.cartOpen = false;
    this.menuOpen = false;
  }

  /** The shopper closed the floating alert button: it stays hidden for this visit. */
  hideFloatingMenu() {
    this.floatingMenuVisible = false;
  }

  openNewsletterPopup() {
    this.newsletterPopupEnabled = true;
  }

  closeNewsletterPopup() {
    this.newsletterPopupEnabled = false;
  }

  snapshot(): UiSnapshot {
    return { cartOpen: this.cartOpen, menuOpen: this.menuOpen, floatingMenuVisible: this.floatingMenuVisible };
  }
}
