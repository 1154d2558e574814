/**
 * The rate limit tiers and their default limits, per client IP or per cart (the table in ./rate-limit.ts),
 * apart from the limiters themselves so the config (RATE_LIMIT_{TIER}) can name them.
 */
export const RATE_LIMIT_TIERS = [
  'signIn',
  'recover',
  'signUp',
  'unlock',
  'signUps',
  'hintRecipient',
  'cartCreate',
  'cartWrites',
  'pages',
  'clientErrors',
] as const;
export type RateLimitTier = (typeof RATE_LIMIT_TIERS)[number];

/** `limit` requests per `windowMs` (ms); `failuresOnly` counts only answers of 400 and above. */
export type TierOptions = { limit: number; windowMs: number; failuresOnly: boolean };

/**
 * A tier switched off (`RATE_LIMIT_{TIER}=off`): every request passes and nothing is counted, for
 * an operator limiting that traffic in front of the shop, or a load test from one address.
 */
export const TIER_OFF = 'off';

/** A tier's override: some of its options, or switched off. */
export type TierSetting = Partial<TierOptions> | typeof TIER_OFF;

export const DEFAULT_RATE_LIMITS: Record<RateLimitTier, TierOptions> = {
  signIn: { limit: 10, windowMs: 15 * 60_000, failuresOnly: true },
  recover: { limit: 5, windowMs: 15 * 60_000, failuresOnly: false },
  signUp: { limit: 10, windowMs: 60 * 60_000, failuresOnly: false },
  // Every attempt counts, right or wrong: a guesser must not be able to reset the count.
  unlock: { limit: 10, windowMs: 15 * 60_000, failuresOnly: false },
  // Marketing sign-ups: a household signing up for a few products is fine; a script filling the
  // florist's list with other people's addresses is not.
  signUps: { limit: 20, windowMs: 15 * 60_000, failuresOnly: false },
  // Per recipient, not per IP: a hint mails someone who did not ask for it, so however many
  // addresses send them, one person gets at most a few a day. Only hints accepted count.
  hintRecipient: { limit: 3, windowMs: 24 * 60 * 60_000, failuresOnly: false },
  // Per client IP. A cart is made only by a shopper's first add to cart (never by a page view),
  // and the platform stores it until it expires. One office or mobile carrier's address can carry
  // hundreds of shoppers: 1000 is twice the 500 shoppers behind one address in 15 minutes the
  // shop is built for (tests/server/cart-sessions.test.ts); a script making carts by the
  // thousand is refused.
  cartCreate: { limit: 1000, windowMs: 15 * 60_000, failuresOnly: false },
  // Per cart (the shopper's session), not per IP: two a second for a minute, far above tapping a
  // quantity stepper, far below a flood.
  cartWrites: { limit: 120, windowMs: 60_000, failuresOnly: false },
  // Generous: a shopper browsing fast, with link prefetch (a payload per hovered link), never meets it.
  pages: { limit: 600, windowMs: 60_000, failuresOnly: false },
  // Per client IP: the browser's error reports (POST /api/client-errors). A page that fails to
  // hydrate reports once or twice per view; 30 in 15 minutes still shows a shopper's broken
  // browsing in the log, while one address cannot flood it.
  clientErrors: { limit: 30, windowMs: 15 * 60_000, failuresOnly: false },
};
