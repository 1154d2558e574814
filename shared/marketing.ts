/**
 * Marketing sign-ups: the shapes the browser's sign-up forms, the server's marketing JSON API,
 * its durable outbox and the email marketing provider's client share (spec §3 newsletter
 * payload and drop-the-hint data, §5 newsletter/stock/hint rules, §7 email marketing provider,
 * §8 subscription messages; docs/architecture.md §5 and §8).
 *
 * The browser's JSON API (same-origin JSON only, rate limited per client IP, every answer
 * `Cache-Control: private, no-store`):
 *
 * | method + path                | body                  | answer                                        |
 * |------------------------------|-----------------------|-----------------------------------------------|
 * | POST /api/newsletter         | NewsletterInput       | ApiResult<null> (message: the success text)   |
 * | POST /api/newsletter/popup   | NewsletterInput       | PopupResult `{ isSuccess, message }` (spec §7) |
 * | POST /api/back-in-stock      | BackInStockInput      | ApiResult<null>                               |
 * | POST /api/drop-the-hint      | DropTheHintInput      | ApiResult<null>                               |
 * | POST /api/reserve            | ReserveInput          | ApiResult<null>                               |
 *
 * Statuses: 200 accepted (durably written to the outbox, delivered later), 400 invalid input
 * (the spec §5 message), 403 foreign Origin, 415 not JSON, 429 too many sign-ups from one
 * client IP, 503 the outbox could not store the sign-up (nothing was accepted; spec §8 failure
 * text). A sign-up is never answered 200 before it is stored.
 *
 * Phone numbers: the shopper types digits, the form shows (xxx) xxx-xxxx, and the browser
 * sends what was typed; the server parses it with libphonenumber-js (default country US) and
 * passes it on as E.164 (+1xxxxxxxxxx). An empty phone is absent.
 */

/** Spec §8 and §5 texts, word for word (the success texts are the defaults; settings may override). */
export const MARKETING_MESSAGES = {
  /** A filled honeypot (spec §5). */
  invalid: 'Invalid',
  /** Newsletter email missing (spec §5; no full stop, unlike the account message). */
  missingRequiredField: 'Missing required field',
  missingListId: 'Missing klaviyo list id',
  missingVariantId: 'Missing Variant Id',
  missingProductId: 'Missing Product Id',
  /** Any failure to accept a sign-up (spec §8 "Subscriptions: Failure"). */
  failure: 'Whoops! Something went wrong on our end. Please refresh the page and try again.',
  backInStockSuccess: 'Thank you! We will notify you when this product is back in season',
  hintSuccess: 'Thank you! They have been notified.',
  /** Footer newsletter default success; the popup's default is `popupSuccess`. */
  newsletterSuccess: 'Thank You!',
  popupSuccess: 'Thank you!',
  // Not in the spec.
  badEmail: 'Enter a valid email address.',
  badPhone: 'Enter a 10-digit US phone number, e.g. (212) 555-0123.',
  unknownList: 'Unknown klaviyo list id',
  /** A hint's names: what the mail shows them as, so plain and short. */
  badName: 'Enter a name of up to 50 letters, without links.',
  /** A hint's recipient has had HINT_RECIPIENT_LIMIT hints in a day (the hintRecipient rate limit). */
  hintRecipientLimit: 'They have already had a few hints today. Please try again tomorrow.',
  reserveSuccess: 'Thank you! We will let you know when it is available.',
} as const;

/** Spec §9 default labels and §5 placeholders, for the forms. */
export const MARKETING_LABELS = {
  backInStockButton: 'Notify me when available',
  popupTitle: 'Sign Up',
  popupButton: 'Sign Up',
  newsletterButton: 'Sign up',
  emailPlaceholder: 'Email',
  /** The newsletter email field's label (spec §5). */
  emailLabel: 'Email*',
  phonePlaceholder: 'Phone number (123-456-7890)',
} as const;

/** Spec §9 timings (ms). */
export const MESSAGE_CLEAR_MS = 5000;
export const POPUP_CLOSE_AFTER_SUCCESS_MS = 3000;

/** The `source` the popup sends (spec §7), and the footer card's. */
export const NEWSLETTER_SOURCES = { popup: 'Newsletter Popup', footer: 'Footer' } as const;

/** Spec §3 newsletter subscribe payload. `honeypot` is a hidden field, always sent, empty from people. */
export type NewsletterInput = {
  email: string;
  phoneNumber?: string;
  honeypot: string;
  source: string;
  klaviyoListId: string;
};

/** Spec §7: the popup's answer is read as `isSuccess` and `message`. */
export type PopupResult = { isSuccess: boolean; message: string };

/** Back in stock (spec §5): email and the sold-out variant's Storefront API id (gid://shopify/ProductVariant/N). */
export type BackInStockInput = {
  email: string;
  phoneNumber?: string;
  variantId: string;
  honeypot: string;
};

/**
 * Drop the hint (spec §3 drop-the-hint data, §5): the visitor tells a gifter (someone who might
 * buy them the product) about it. `gifterEmail` and `gifterName` are the hint's recipient;
 * `name` is the visitor's own name; `phoneNumber` is optional.
 */
export type DropTheHintInput = {
  gifterEmail: string;
  gifterName: string;
  name: string;
  phoneNumber?: string;
  productHandle: string;
  productTitle: string;
  /** Absolute URL of the product image, as the page shows it; the server sends the product's own instead. */
  productImage?: string;
  honeypot: string;
};

/** Reserve a product drop before its drop date (spec §2 PDP "reserve form"). */
export type ReserveInput = {
  email: string;
  phoneNumber?: string;
  productHandle: string;
  honeypot: string;
};

/**
 * One call to the email marketing provider (Klaviyo's server-side `/api/*`, revision
 * 2024-02-15), as the outbox stores it. Every kind is idempotent upstream: a subscription
 * upserts by (list, email), a back-in-stock subscription by (profile, variant), an event is
 * deduplicated by `uniqueId`. So delivering a call twice never subscribes twice.
 */
export type MarketingCall =
  | {
      kind: 'subscribe';
      /** Klaviyo list id. */
      listId: string;
      /** `custom_source` of the subscription job, e.g. "Newsletter Popup", "Drop the hint". */
      customSource: string;
      email: string;
      /** E.164, e.g. +12125550123. */
      phoneNumber?: string;
    }
  | {
      kind: 'backInStock';
      /** Numeric Shopify variant id (from gid://shopify/ProductVariant/N); encoded by the client as `$shopify:::$default:::N`. */
      variantId: string;
      email: string;
      phoneNumber?: string;
      /** EMAIL always, SMS too when a phone number was given. */
      channels: Array<'EMAIL' | 'SMS'>;
    }
  | {
      kind: 'event';
      /** Metric name, e.g. "Hint Dropped", "Reserved Product". */
      metric: string;
      email: string;
      firstName?: string;
      phoneNumber?: string;
      properties: Record<string, string | number | boolean | null>;
      /** Klaviyo deduplicates events by unique_id: `${message id}:${call index}`. */
      uniqueId: string;
      /** ISO 8601, when the shopper signed up. */
      time: string;
    };

/**
 * One accepted sign-up in the outbox: everything it must send, in order. `id` (a UUID made
 * when the sign-up is accepted) is the idempotency key: a queue holds at most one message per
 * id, and the events it sends carry it in their `uniqueId`.
 */
export type OutboxMessage = {
  id: string;
  /** ISO 8601, when the sign-up was accepted. */
  acceptedAt: string;
  /** What the shopper signed up for: 'newsletter' | 'popup' | 'backInStock' | 'hint' | 'reserve'. */
  origin: 'newsletter' | 'popup' | 'backInStock' | 'hint' | 'reserve';
  calls: MarketingCall[];
};
