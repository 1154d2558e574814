/**
 * The consent store (spec §4 cookie consent, §3 cookie policy key version 2) and the analytics
 * it signals (spec §7), over an in-memory storage and a plain object as `window`: the gtag shim
 * pushes real `arguments` objects onto a real dataLayer array, read back here as arrays.
 */
import { Analytics } from '../../client/analytics';
import type { AnalyticsWindow } from '../../client/analytics';
import { gaAddToCartParams, gaCartParams, klaviyoCheckoutBegan, shortId } from '../../client/analytics/events';
import { createStores } from '../../client/stores';
import { COOKIE_POLICY_KEY, ConsentStore } from '../../client/stores/consent';
import type { Cart } from '../../shared/types';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

/** A page: its window (no document, no network), its analytics, and the store wired to it. */
function page(initial: Record<string, string> = {}) {
  const storage = memoryStorage(initial);
  const win: AnalyticsWindow = {};
  const warnings: unknown[][] = [];
  const analytics = new Analytics(win, { storage, warn: (...args) => warnings.push(args) });
  const consent = new ConsentStore(storage, (c) => analytics.updateConsent(c));
  analytics.start({ ga4MeasurementId: null, klaviyoPublicKey: null, klaviyoClientEventsUrl: null });
  const dataLayer = () => (win.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>));
  return { storage, win, analytics, consent, dataLayer, warnings };
}

const DEFAULT = ['consent', 'default', { ad_storage: 'granted', analytics_storage: 'granted' }];
const update = (c: 'granted' | 'denied') => ['consent', 'update', { ad_storage: c, analytics_storage: c }];

describe('consent store', () => {
  test('a first visit: undecided, default consent granted, banner revealed on demand', () => {
    const p = page();
    expect(p.consent.consent).toBeNull();
    expect(p.consent.remembered).toBe(false);
    expect(p.consent.bannerVisible).toBe(false);
    p.consent.reveal();
    expect(p.consent.bannerVisible).toBe(true);
    expect(p.dataLayer()).toEqual([DEFAULT]);
    // The shim pushed `arguments` objects, as gtag.js expects.
    expect(Object.prototype.toString.call(p.win.dataLayer![0])).toBe('[object Arguments]');
  });

  test('accept: granted, stored under the v2 key, one consent update, banner hidden', () => {
    const p = page();
    p.consent.reveal();
    p.consent.accept();
    expect(p.consent.consent).toBe('granted');
    expect(p.consent.bannerVisible).toBe(false);
    expect(p.storage.data.get(COOKIE_POLICY_KEY)).toBe('granted');
    expect(COOKIE_POLICY_KEY).toMatch(/v2$/);
    expect(p.dataLayer()).toEqual([DEFAULT, update('granted')]);
  });

  test('deny: denied, stored, one consent update', () => {
    const p = page();
    p.consent.reveal();
    p.consent.deny();
    expect(p.consent.consent).toBe('denied');
    expect(p.storage.data.get(COOKIE_POLICY_KEY)).toBe('denied');
    expect(p.dataLayer()).toEqual([DEFAULT, update('denied')]);
  });

  test('close: no decision, nothing stored, no update; not revealed again on this page view', () => {
    const p = page();
    p.consent.reveal();
    p.consent.close();
    expect(p.consent.consent).toBeNull();
    expect(p.consent.bannerVisible).toBe(false);
    expect(p.storage.data.has(COOKIE_POLICY_KEY)).toBe(false);
    p.consent.reveal();
    expect(p.consent.bannerVisible).toBe(false);
    expect(p.dataLayer()).toEqual([DEFAULT]);
  });

  test.each(['granted', 'denied'] as const)('a stored %s choice: restored as an update at once, the banner never shows', (choice) => {
    const p = page({ [COOKIE_POLICY_KEY]: choice });
    expect(p.consent.consent).toBe(choice);
    expect(p.consent.remembered).toBe(true);
    p.consent.reveal();
    expect(p.consent.bannerVisible).toBe(false);
    // Default first, then the restored choice, both before anything else.
    expect(p.dataLayer()).toEqual([DEFAULT, update(choice)]);
  });

  test('the original\'s stored "false" (decided, choice unknown): no banner, default consent', () => {
    const p = page({ [COOKIE_POLICY_KEY]: 'false' });
    expect(p.consent.remembered).toBe(true);
    expect(p.consent.consent).toBeNull();
    p.consent.reveal();
    expect(p.consent.bannerVisible).toBe(false);
    expect(p.dataLayer()).toEqual([DEFAULT]);
  });

  test('anything else stored (or an old key) shows the banner', () => {
    for (const stored of [{ [COOKIE_POLICY_KEY]: 'true' }, { [COOKIE_POLICY_KEY]: 'yes' }, { 'cookie-policy': 'false' }] as Record<
      string,
      string
    >[]) {
      const p = page(stored);
      p.consent.reveal();
      expect(p.consent.bannerVisible).toBe(true);
    }
  });

  test('storage that throws (privacy modes): the banner shows, a choice still applies', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => undefined,
    };
    const signals: string[] = [];
    const consent = new ConsentStore(broken, (c) => signals.push(c));
    consent.reveal();
    expect(consent.bannerVisible).toBe(true);
    consent.deny();
    expect(consent.consent).toBe('denied');
    expect(signals).toEqual(['denied']);
  });

  test('createStores: the server (no storage, no signal) starts undecided', () => {
    const { consent } = createStores();
    expect(consent.consent).toBeNull();
    expect(consent.remembered).toBe(false);
    expect(consent.bannerVisible).toBe(false);
  });
});

describe('analytics', () => {
  const money = (amount: string) => ({ amount, currencyCode: 'USD' });
  const cart: Cart = {
    id: 'gid://shopify/Cart/tok123?key=secret',
    checkoutUrl: 'https://shop.test/cart/c/tok123?key=secret',
    createdAt: '2026-11-21T00:00:00Z',
    note: null,
    attributes: [],
    totalQuantity: 3,
    cost: {
      subtotalAmount: money('135.0'),
      totalAmount: money('135.0'),
      totalTaxAmount: null,
      isSubtotalEstimated: false,
      isTotalEstimated: false,
      isTotalTaxEstimated: false,
    },
    lines: [
      {
        id: 'gid://shopify/CartLine/1?cart=tok123',
        quantity: 3,
        cost: { totalAmount: money('135.0') },
        sellingPlanAllocation: null,
        attributes: [],
        merchandise: {
          id: 'gid://shopify/ProductVariant/80021',
          title: 'Default Title',
          sku: 'BDG-1',
          availableForSale: true,
          quantityAvailable: 40,
          selectedOptions: [],
          price: money('45.0'),
          compareAtPrice: null,
          image: null,
          product: { id: 'gid://shopify/Product/8002', handle: 'bodega-bunch', title: 'The Bodega Bunch', vendor: 'Gramercy Stems', tags: [] },
        },
      },
    ],
  };

  test('ecommerce payloads: decimal strings become numbers, one item per line with quantity 1', () => {
    expect(gaCartParams(cart)).toEqual({
      currency: 'USD',
      value: 135,
      items: [
        {
          item_id: '8002',
          item_name: 'The Bodega Bunch',
          item_variant: undefined,
          item_brand: 'Gramercy Stems',
          item_category: 'Flowers',
          price: 45,
          quantity: 1,
        },
      ],
    });
    expect(gaAddToCartParams(cart.lines[0])).toMatchObject({ currency: 'USD', value: 45, items: [{ item_id: '8002', quantity: 1 }] });
  });

  test('"Checkout Began" event id: the cart token (never its key) and epoch seconds', () => {
    expect(shortId(cart.id)).toBe('tok123');
    expect(klaviyoCheckoutBegan(cart, 1_800_000_000_999)).toEqual({
      $event_id: 'tok123_1800000000',
      $value: 135,
      ItemNames: ['The Bodega Bunch'],
      CheckoutURL: cart.checkoutUrl,
    });
  });

  test('a gtag that throws is caught and logged, never thrown', () => {
    const p = page();
    p.win.gtag = () => {
      throw new Error('boom');
    };
    expect(() => p.analytics.event('view_cart', gaCartParams(cart))).not.toThrow();
    expect(() => p.consent.accept()).not.toThrow();
    expect(p.warnings.length).toBe(2);
  });

  test('local mode: Klaviyo client events are posted unless consent is denied', async () => {
    const storage = memoryStorage();
    const posts: Array<{ url: string; init: RequestInit }> = [];
    const win: AnalyticsWindow = {
      fetch: (async (url: string, init: RequestInit) => {
        posts.push({ url, init });
        return new Response(null, { status: 202 });
      }) as typeof fetch,
    };
    const warnings: unknown[][] = [];
    const analytics = new Analytics(win, { storage, now: () => Date.parse('2026-11-21T12:00:00Z'), warn: (...a) => warnings.push(a) });
    analytics.start({ ga4MeasurementId: null, klaviyoPublicKey: 'PUB', klaviyoClientEventsUrl: 'http://127.0.0.1:9/client/events/' });
    analytics.klaviyo('Added to Cart', { $value: 45 });
    expect(posts).toHaveLength(1);
    expect(posts[0].url).toBe('http://127.0.0.1:9/client/events/?company_id=PUB');
    expect(posts[0].init.headers).toEqual({ revision: '2024-02-15', 'content-type': 'application/json' });
    const body = JSON.parse(posts[0].init.body as string);
    expect(body).toEqual({
      data: {
        type: 'event',
        attributes: {
          properties: { $value: 45 },
          metric: { data: { type: 'metric', attributes: { name: 'Added to Cart' } } },
          profile: { data: { type: 'profile', attributes: { anonymous_id: expect.any(String) } } },
          unique_id: expect.any(String),
          time: '2026-11-21T12:00:00.000Z',
        },
      },
    });
    // The anonymous id is kept; a signed-in customer's email replaces it.
    analytics.identify('ada@example.com');
    analytics.klaviyo('Viewed Product', {});
    expect(JSON.parse(posts[1].init.body as string).data.attributes.profile.data.attributes).toEqual({ email: 'ada@example.com' });

    analytics.updateConsent('denied');
    analytics.klaviyo('Checkout Began', {});
    expect(posts).toHaveLength(2);
    expect(storage.data.size).toBe(0);
    analytics.updateConsent('granted');
    analytics.klaviyo('Checkout Began', {});
    expect(posts).toHaveLength(3);
    await Promise.resolve();
    expect(warnings).toEqual([]);
  });

  test('live mode: gtag.js and klaviyo.js from script elements, events through the _learnq queue', () => {
    const appended: string[] = [];
    const win: AnalyticsWindow = {
      document: {
        createElement: () => ({}) as HTMLScriptElement,
        head: { appendChild: (el: HTMLScriptElement) => (appended.push(el.src), el) } as unknown as HTMLHeadElement,
      },
    };
    const analytics = new Analytics(win, { now: () => 0 });
    analytics.start({ ga4MeasurementId: 'G-ABC123', klaviyoPublicKey: 'PUB', klaviyoClientEventsUrl: null });
    expect(appended).toEqual([
      'https://www.googletagmanager.com/gtag/js?id=G-ABC123',
      'https://static.klaviyo.com/onsite/js/klaviyo.js?company_id=PUB',
    ]);
    const commands = (win.dataLayer ?? []).map((e) => Array.from(e as ArrayLike<unknown>));
    expect(commands.map((c) => c[0])).toEqual(['consent', 'js', 'config']);
    expect(commands[2]).toEqual(['config', 'G-ABC123']);
    analytics.klaviyo('Viewed Product', { ProductName: 'X' });
    expect(win._learnq).toEqual([['track', 'Viewed Product', { ProductName: 'X' }]]);
    analytics.updateConsent('denied');
    analytics.klaviyo('Viewed Product', { ProductName: 'Y' });
    expect(win._learnq).toHaveLength(1);
  });
});
