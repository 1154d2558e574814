/**
 * The cookie policy banner (spec §2 "slides in or out", §4 cookie consent, §9 delay 1 s and the
 * default labels "Deny" and "Accept"): title, text and buttons from the site settings.
 *
 * Rendered only after hydration (never in the server's HTML), revealed 1 s after mount unless an
 * earlier visit stored a decision. A labelled region, not a modal: it takes no focus and traps
 * none, and the page stays usable. Escape or the close button hide it without a decision. When
 * it hides while holding focus, focus moves to the main content rather than being lost.
 * While hidden it is `inert` and `visibility: hidden` (after the slide), so it is out of the tab
 * order and the accessibility tree.
 */
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { SiteSettings } from '../../shared/types';
import { focusMainContent } from '../lib/main-content';
import { useHydrated } from '../lib/use-hydrated';
import { useStores } from '../stores';
import { COOKIE_BANNER_DELAY_MS } from '../stores/consent';

/** Spec §9 default labels; the title and text defaults are ours. */
export const COOKIE_BANNER_DEFAULTS = {
  title: 'Cookies',
  text: 'We use cookies to understand how the shop is used and to improve it.',
  accept: 'Accept',
  reject: 'Deny',
} as const;

const TITLE_ID = 'cookie-banner-title';

export const CookieBanner = observer(function CookieBanner({ policy }: { policy: SiteSettings['cookiePolicy'] }) {
  const { consent } = useStores();
  const hydrated = useHydrated();
  const region = useRef<HTMLElement>(null);

  useEffect(() => {
    if (consent.remembered) return;
    const timer = window.setTimeout(() => consent.reveal(), COOKIE_BANNER_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [consent]);

  if (!hydrated || consent.remembered) return null;

  const visible = consent.bannerVisible;
  /** Hide through `choice`; focus inside the banner goes to the main content. */
  const hideWith = (choice: () => void) => {
    const hadFocus = !!region.current?.contains(document.activeElement);
    choice();
    if (hadFocus) focusMainContent();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && visible) {
      e.stopPropagation();
      hideWith(() => consent.close());
    }
  };

  return (
    <section
      ref={region}
      className={`cookie-banner${visible ? ' is-visible' : ''}`}
      aria-labelledby={TITLE_ID}
      inert={!visible}
      onKeyDown={onKeyDown}
    >
      <div className="cookie-banner__body">
        <h2 id={TITLE_ID} className="cookie-banner__title">
          {policy.cookiePolicyTitle || COOKIE_BANNER_DEFAULTS.title}
        </h2>
        <p className="cookie-banner__text">{policy.cookiePolicyText || COOKIE_BANNER_DEFAULTS.text}</p>
      </div>
      <div className="cookie-banner__actions">
        <button type="button" className="button cookie-banner__deny" onClick={() => hideWith(() => consent.deny())}>
          {policy.cookiePolicyRejectButton || COOKIE_BANNER_DEFAULTS.reject}
        </button>
        <button type="button" className="button cookie-banner__accept" onClick={() => hideWith(() => consent.accept())}>
          {policy.cookiePolicyAcceptButton || COOKIE_BANNER_DEFAULTS.accept}
        </button>
      </div>
      <button type="button" className="cookie-banner__close" aria-label="Close cookie banner" onClick={() => hideWith(() => consent.close())}>
        <span aria-hidden="true">×</span>
      </button>
    </section>
  );
});
