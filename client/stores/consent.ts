/**
 * Cookie consent (spec §4 "Cookie consent", §2 UI state "cookie banner visible", §3 the cookie
 * policy local-storage key, version 2, §9 banner delay 1 s).
 *
 * - `consent`: 'granted' | 'denied', or null while the shopper has not decided (analytics then
 *   keeps the spec's default, granted).
 * - The banner is revealed 1 s after the shell mounts (the banner component's timer, so never
 *   in the server's HTML and only after hydration), unless an earlier visit stored a decision.
 * - Accept → granted, Deny → denied: stored, signalled to analytics, banner hidden. Close → no
 *   decision, nothing stored: hidden for this page view only (client-side navigations keep the
 *   shell, so it stays hidden until the next full page load).
 *
 * Our reading of "Persisting stores the inverse of the shown state" and "shown unless the stored
 * preference is the string 'false'": the original stored `String(!shown)` at the moment of the
 * decision, while the banner was still shown, i.e. "false" = "decided, do not show again" — but
 * not which way, so a returning shopper's choice was lost and consent fell back to granted. We
 * store the decision itself ('granted' or 'denied'), which says "do not show again" as well and
 * restores the consent on the next visit (an update signalled when the store is created, before
 * gtag's `config`). A bare "false" (the original's format) still hides the banner and keeps the
 * default consent. Anything else (nothing, garbage) shows the banner again.
 */
import { makeAutoObservable } from 'mobx';
import type { Consent } from '../analytics/types';

/** localStorage key (spec §3 "cookie policy (version 2)"). */
export const COOKIE_POLICY_KEY = 'gramercy:cookiePolicy:v2';
/** Spec §9: the banner is revealed 1 s after mount. */
export const COOKIE_BANNER_DELAY_MS = 1000;
/** The original's stored value: decided, choice unknown. */
const LEGACY_DECIDED = 'false';

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
/** Tells analytics about a choice (`updateAnalyticsConsent` in the browser). */
export type ConsentSignal = (consent: Consent) => void;

function readStored(storage: KeyValueStorage | null): { decided: boolean; consent: Consent | null } {
  let raw: string | null = null;
  try {
    raw = storage?.getItem(COOKIE_POLICY_KEY) ?? null;
  } catch {
    // Storage unavailable (privacy modes): nothing remembered.
  }
  if (raw === 'granted' || raw === 'denied') return { decided: true, consent: raw };
  return { decided: raw === LEGACY_DECIDED, consent: null };
}

export class ConsentStore {
  /** The shopper's decision (this visit or a stored one), or null: undecided. */
  consent: Consent | null;
  bannerVisible = false;
  /** An earlier visit stored a decision: the banner is never offered on this page view. */
  readonly remembered: boolean;
  /** Closed without a decision on this page view. */
  private dismissed = false;

  constructor(
    private readonly storage: KeyValueStorage | null,
    private readonly signal: ConsentSignal | null = null,
  ) {
    const stored = readStored(storage);
    this.remembered = stored.decided;
    this.consent = stored.consent;
    makeAutoObservable<ConsentStore, 'storage' | 'signal' | 'dismissed'>(this, {
      storage: false,
      signal: false,
      dismissed: false,
      remembered: false,
    });
    // Restore: analytics gets the stored choice as a consent update at once.
    if (this.consent) this.signal?.(this.consent);
  }

  /** Spec §4 "On reveal the banner is shown unless the stored preference" says decided. */
  reveal() {
    if (!this.remembered && !this.dismissed && this.consent === null) this.bannerVisible = true;
  }

  accept() {
    this.decide('granted');
  }

  deny() {
    this.decide('denied');
  }

  /** No decision: hidden for this page view, nothing stored, consent unchanged. */
  close() {
    this.dismissed = true;
    this.bannerVisible = false;
  }

  private decide(consent: Consent) {
    this.consent = consent;
    this.bannerVisible = false;
    try {
      this.storage?.setItem(COOKIE_POLICY_KEY, consent);
    } catch {
      // Not stored (quota, privacy mode): the banner will ask again next visit.
    }
    this.signal?.(consent);
  }
}
