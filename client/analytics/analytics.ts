/**
 * Browser analytics (spec §7 "Analytics: browser only, only if present; failures are caught and
 * logged"; §4 "Cookie consent"): one instance per page, over `window` (tests pass a plain object).
 *
 * gtag: our bundle always defines the standard shim (`dataLayer.push(arguments)`: gtag.js only
 * reads `arguments` objects), so every tag event reaches `window.dataLayer`, whether or not
 * gtag.js is loaded. Its first command is the spec's default consent (granted); an update
 * follows the shopper's choice and a choice restored from storage. gtag.js itself is loaded,
 * from a script element our bundle creates (CSP `script-src 'self'` + Google's hosts, no inline
 * script), only when a GA4 measurement id is configured; it then reads the queued commands in
 * order.
 *
 * Klaviyo: live (public key, no client events URL) loads Klaviyo's onsite script and sends
 * events through its `klaviyo` object, or its legacy `_learnq` queue until the script is there;
 * local mode posts Klaviyo's client events JSON:API body to the configured URL (the marketing
 * stand-in) instead of loading any third-party script.
 *
 * Consent, what we chose: GA4 gets every event and the consent signals, and Google's consent
 * mode decides what it stores and sends (denied: cookieless pings). Klaviyo has no consent
 * mode, so while consent is denied no Klaviyo event is sent, Klaviyo's script is not loaded
 * (and, when it is already loaded, gets no further events), and the anonymous id of local mode
 * is forgotten. Undecided counts as the spec's default, granted.
 *
 * Every call is wrapped: a failure is logged with `console.warn` and never thrown.
 */
import { NO_ANALYTICS, type AnalyticsConfig } from '../lib/app-config';
import type { AnalyticsWindow, Consent, KlaviyoCommand, KlaviyoProperties } from './types';

export const GTAG_SCRIPT_URL = 'https://www.googletagmanager.com/gtag/js';
export const KLAVIYO_SCRIPT_URL = 'https://static.klaviyo.com/onsite/js/klaviyo.js';
/** Klaviyo's API revision (spec §7/§9 marketing service revision). */
export const KLAVIYO_REVISION = '2024-02-15';
/** localStorage key of the anonymous Klaviyo profile id (local mode only, like klaviyo.js's __kla_id). */
export const KLAVIYO_ANONYMOUS_ID_KEY = 'gramercy:klaviyoAnonymousId';
/** Spec §4: "the default is granted". */
export const DEFAULT_CONSENT: Consent = 'granted';

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export type AnalyticsDeps = {
  /** For the anonymous Klaviyo id (local mode). */
  storage?: KeyValueStorage | null;
  now?: () => number;
  warn?: (...args: unknown[]) => void;
};

export class Analytics {
  private config: AnalyticsConfig = NO_ANALYTICS;
  private consent: Consent = DEFAULT_CONSENT;
  private installed = false;
  private started = false;
  private klaviyoLoaded = false;
  private email: string | null = null;
  private readonly storage: KeyValueStorage | null;
  private readonly now: () => number;
  private readonly warn: (...args: unknown[]) => void;

  constructor(
    private readonly win: AnalyticsWindow,
    deps: AnalyticsDeps = {},
  ) {
    this.storage = deps.storage ?? null;
    this.now = deps.now ?? Date.now;
    this.warn = deps.warn ?? ((...args) => console.warn(...args));
  }

  /**
   * App start (browser entry): load what the config names. Idempotent. The consent default is
   * already first in the dataLayer, and a restored choice's update before `config`.
   */
  start(config: AnalyticsConfig): void {
    this.safely('start', () => {
      this.install();
      if (this.started) return;
      this.started = true;
      this.config = { ...NO_ANALYTICS, ...config };
      const id = config.ga4MeasurementId;
      if (id) {
        this.loadScript(`${GTAG_SCRIPT_URL}?id=${encodeURIComponent(id)}`);
        this.gtag('js', new Date(this.now()));
        this.gtag('config', id);
      }
      this.loadKlaviyo();
    });
  }

  /** The shopper's choice (or the one restored from storage): a consent mode update. */
  updateConsent(consent: Consent): void {
    this.safely('consent', () => {
      this.consent = consent;
      this.gtag('consent', 'update', { ad_storage: consent, analytics_storage: consent });
      if (consent === 'denied') this.forgetAnonymousId();
      else this.loadKlaviyo();
    });
  }

  /** The signed-in customer's email (null when signed out): the Klaviyo profile's identity. */
  identify(email: string | null): void {
    this.safely('identify', () => {
      if (email === this.email) return;
      this.email = email;
      if (email && this.klaviyoLive && this.klaviyoAllowed) this.klaviyoPush(['identify', { $email: email }]);
    });
  }

  /** A GA4 event: always to the dataLayer (and so to gtag.js when loaded). */
  event(name: string, params: object): void {
    this.safely(name, () => this.gtag('event', name, params));
  }

  /**
   * A Klaviyo event, when Klaviyo is configured and consent is not denied. `uniqueId`: Klaviyo's
   * deduplication key (default: a random one per call).
   */
  klaviyo(metric: string, properties: KlaviyoProperties, uniqueId?: string): void {
    this.safely(metric, () => {
      if (!this.config.klaviyoPublicKey || !this.klaviyoAllowed) return;
      if (this.klaviyoLive) this.klaviyoPush(['track', metric, properties]);
      else this.postClientEvent(metric, properties, uniqueId ?? this.randomId());
    });
  }

  get origin(): string {
    return this.win.location?.origin ?? '';
  }

  /** The shim and the default consent, once and before anything else. */
  private install() {
    if (this.installed) return;
    this.installed = true;
    const win = this.win;
    win.dataLayer = win.dataLayer || [];
    // The standard gtag snippet, defined by our bundle (no inline script). gtag.js reads
    // `arguments` objects, never arrays, so the shim must push `arguments` itself.
    win.gtag = function gtag() {
      // eslint-disable-next-line prefer-rest-params
      (win.dataLayer as unknown[]).push(arguments);
    };
    this.gtag('consent', 'default', { ad_storage: DEFAULT_CONSENT, analytics_storage: DEFAULT_CONSENT });
  }

  private gtag(...args: unknown[]) {
    this.install();
    this.win.gtag!(...args);
  }

  private get klaviyoLive(): boolean {
    return !!this.config.klaviyoPublicKey && !this.config.klaviyoClientEventsUrl;
  }

  private get klaviyoAllowed(): boolean {
    return this.consent !== 'denied';
  }

  /** Live mode, started, consent not denied: Klaviyo's onsite script, once. */
  private loadKlaviyo() {
    const key = this.config.klaviyoPublicKey;
    if (!this.started || !key || !this.klaviyoLive || !this.klaviyoAllowed || this.klaviyoLoaded) return;
    this.klaviyoLoaded = true;
    this.loadScript(`${KLAVIYO_SCRIPT_URL}?company_id=${encodeURIComponent(key)}`);
    if (this.email) this.klaviyoPush(['identify', { $email: this.email }]);
  }

  /** Through the loaded `klaviyo` object, else the `_learnq` queue klaviyo.js reads on load. */
  private klaviyoPush(command: KlaviyoCommand) {
    const win = this.win;
    if (win.klaviyo && typeof win.klaviyo.push === 'function') win.klaviyo.push(command);
    else (win._learnq = win._learnq || []).push(command);
  }

  /** Local mode: Klaviyo's client events API (`POST /client/events/?company_id=…`). */
  private postClientEvent(metric: string, properties: KlaviyoProperties, uniqueId: string) {
    const { klaviyoClientEventsUrl: url, klaviyoPublicKey: key } = this.config;
    const fetchFn = this.win.fetch;
    if (!url || !key || !fetchFn) return;
    const profile = this.email ? { email: this.email } : { anonymous_id: this.anonymousId() };
    const body = {
      data: {
        type: 'event',
        attributes: {
          properties,
          metric: { data: { type: 'metric', attributes: { name: metric } } },
          profile: { data: { type: 'profile', attributes: profile } },
          unique_id: uniqueId,
          time: new Date(this.now()).toISOString(),
        },
      },
    };
    const target = `${url}${url.includes('?') ? '&' : '?'}company_id=${encodeURIComponent(key)}`;
    // keepalive: "Checkout Began" is sent as the page leaves for the checkout.
    fetchFn
      .call(this.win, target, {
        method: 'POST',
        headers: { revision: KLAVIYO_REVISION, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        keepalive: true,
        credentials: 'omit',
      })
      .then((res) => {
        if (!res.ok) this.warn(`[analytics] Klaviyo "${metric}" answered ${res.status}`);
      })
      .catch((err: unknown) => this.warn(`[analytics] Klaviyo "${metric}" failed`, err));
  }

  private anonymousId(): string {
    try {
      const stored = this.storage?.getItem(KLAVIYO_ANONYMOUS_ID_KEY);
      if (stored) return stored;
      const id = this.randomId();
      this.storage?.setItem(KLAVIYO_ANONYMOUS_ID_KEY, id);
      return id;
    } catch {
      return this.randomId();
    }
  }

  private forgetAnonymousId() {
    try {
      this.storage?.removeItem(KLAVIYO_ANONYMOUS_ID_KEY);
    } catch {
      // Storage unavailable: nothing was stored either.
    }
  }

  private randomId(): string {
    try {
      const uuid = this.win.crypto?.randomUUID?.();
      if (uuid) return uuid;
    } catch {
      // Not a secure context: fall through.
    }
    return `${this.now().toString(36)}-${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;
  }

  private loadScript(src: string) {
    const doc = this.win.document;
    if (!doc) return;
    const script = doc.createElement('script');
    script.async = true;
    script.src = src;
    script.onerror = () => this.warn(`[analytics] could not load ${src}`);
    doc.head.appendChild(script);
  }

  private safely(what: string, run: () => void) {
    try {
      run();
    } catch (err) {
      try {
        this.warn(`[analytics] ${what} failed`, err);
      } catch {
        // Even logging failed: analytics never breaks the page.
      }
    }
  }
}
