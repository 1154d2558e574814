/**
 * Discount codes on a cart, Shopify's way (Storefront API 2026-04 CartDiscountCode,
 * CartCodeDiscountAllocation, CartWarningCode; changelog "New Cart.discountAllocations field and
 * change in CartLine.discountAllocations", 2022-07; "Cart object now exposes warnings for
 * non-applicable discount codes", 2025-07). All amounts are integer cents.
 *
 * - Every entered code stays on the cart (as entered, duplicates folded case-insensitively);
 *   `applicable` says whether it applies to the current contents, and a code that does not gets a
 *   CartWarning saying why: DISCOUNT_NOT_FOUND (unknown), DISCOUNT_CURRENTLY_INACTIVE (before
 *   `startsAt` or after `endsAt`), DISCOUNT_NO_ENTITLED_LINE_ITEMS, DISCOUNT_PURCHASE_NOT_IN_RANGE
 *   (subtotal under the minimum) or DISCOUNT_CODE_NOT_HONOURED (another code already applies: the
 *   seeded codes do not combine, Shopify's default for a new discount; the first applicable code
 *   entered wins).
 * - "Amount off products" codes (target PRODUCTS) are line-level: each entitled line gets a
 *   CartCodeDiscountAllocation and its `cost.totalAmount` drops. A percentage is taken from each
 *   line and rounded to the cent (half up); a fixed amount is spread ACROSS the entitled lines.
 * - "Amount off order" codes (target ORDER) are cart-level: one allocation on `Cart.discountAllocations`
 *   for the whole amount; lines keep their totals. The amount is also split across the lines for
 *   the order record (an order line's discountedTotalPrice), as Shopify allocates order discounts.
 * - Splits use `allocateCents`: proportional to the lines' amounts, floored to the cent, the left
 *   cents going to the largest remainders (ties: the earlier line), so the parts sum exactly.
 */
import type { CheckoutRules, DiscountCodeModel } from './checkout-seed';
import { codeKey } from './checkout-seed';
import { money } from './money';

/** A cart line as discounts see it: its product and its amount before discounts, in cents. */
export type DiscountableLine = { productHandle: string; subtotalCents: number };

/** CartDiscountApplication: how a code's value is spread (Storefront API enum values). */
export type DiscountApplication = {
  allocationMethod: 'ACROSS';
  targetSelection: 'ALL' | 'ENTITLED';
  targetType: 'LINE_ITEM';
  value: { percentage: number } | { amountCents: number };
};

/** One code's share of one line (line-level) or of the whole cart (cart-level), in cents. */
export type DiscountAllocation = { code: string; amountCents: number; application: DiscountApplication };

export type DiscountWarning = { code: string; message: string };

/** An entered code: as typed, whether it applies now and, if not, why. */
export type DiscountCodeState = { code: string; applicable: boolean; warning: DiscountWarning | null };

export type DiscountResult = {
  codes: DiscountCodeState[];
  /** Line-level allocations, one list per line (same order as the lines given). */
  lineAllocations: DiscountAllocation[][];
  /** Cart-level allocations (amount off order), one per applied code. */
  cartAllocations: DiscountAllocation[];
  /** The cart-level amount split across the lines (cents, same order), summing to cartAllocations. */
  orderShareByLine: number[];
};

/** At most this many codes per input, as the schema documents for `discountCodes`. */
export const MAX_CODES = 250;

/**
 * Split `amountCents` over `weights` in proportion, in whole cents: each share floored, the cents
 * left given one each to the largest remainders (ties to the earlier index). The shares sum to
 * `amountCents` exactly; all zero when the weights sum to zero.
 */
export function allocateCents(amountCents: number, weights: number[]): number[] {
  const total = weights.reduce((a, b) => a + b, 0);
  if (total <= 0) return weights.map(() => 0);
  const shares = weights.map((w) => Math.floor((amountCents * w) / total));
  const remainders = weights.map((w, i) => ({ i, r: amountCents * w - shares[i] * total }));
  let left = amountCents - shares.reduce((a, b) => a + b, 0);
  for (const { i } of remainders.sort((a, b) => b.r - a.r || a.i - b.i)) {
    if (left-- <= 0) break;
    shares[i] += 1;
  }
  return shares;
}

/** `percentage` % of `cents`, rounded half up to the cent (toFixed first drops float noise like 450.0000001). */
export const percentOf = (cents: number, percentage: number) => Math.round(Number(((cents * percentage) / 100).toFixed(6)));

/** Fold codes that differ only in case or surrounding spaces into the first one entered. */
export function distinctCodes(codes: string[]): string[] {
  const seen = new Set<string>();
  return codes.map((c) => c.trim()).filter((c) => !seen.has(codeKey(c)) && seen.add(codeKey(c)));
}

const dollars = (cents: number) => `$${money(cents).amount}`;

/** Why `model` cannot apply to `lines` now, or null when it can. */
function refusal(model: DiscountCodeModel, entered: string, lines: DiscountableLine[], nowMs: number): DiscountWarning | null {
  if ((model.startsAtMs != null && nowMs < model.startsAtMs) || (model.endsAtMs != null && nowMs >= model.endsAtMs)) {
    return { code: 'DISCOUNT_CURRENTLY_INACTIVE', message: `The discount code ${entered} is not active.` };
  }
  if (!entitled(model, lines).some((i) => lines[i].subtotalCents > 0)) {
    return { code: 'DISCOUNT_NO_ENTITLED_LINE_ITEMS', message: `The discount code ${entered} does not apply to any item in the cart.` };
  }
  const subtotal = lines.reduce((n, l) => n + l.subtotalCents, 0);
  if (model.minimumSubtotalCents != null && subtotal < model.minimumSubtotalCents) {
    return {
      code: 'DISCOUNT_PURCHASE_NOT_IN_RANGE',
      message: `The discount code ${entered} needs a subtotal of at least ${dollars(model.minimumSubtotalCents)}.`,
    };
  }
  return null;
}

/** Indexes of the lines `model` is entitled to. */
function entitled(model: DiscountCodeModel, lines: DiscountableLine[]): number[] {
  return lines.flatMap((l, i) => (model.target === 'ORDER' || !model.productHandles || model.productHandles.has(l.productHandle) ? [i] : []));
}

function application(model: DiscountCodeModel): DiscountApplication {
  return {
    allocationMethod: 'ACROSS',
    targetSelection: model.target === 'PRODUCTS' && model.productHandles ? 'ENTITLED' : 'ALL',
    targetType: 'LINE_ITEM',
    value: model.value,
  };
}

/** What `model` takes off each of `lines` (cents, one per line). */
function amountsByLine(model: DiscountCodeModel, lines: DiscountableLine[]): number[] {
  const indexes = new Set(entitled(model, lines));
  const weights = lines.map((l, i) => (indexes.has(i) ? l.subtotalCents : 0));
  if ('percentage' in model.value) {
    const { percentage } = model.value;
    // Amount off products: each line rounded on its own; amount off order: the whole rounded once.
    return model.target === 'PRODUCTS'
      ? weights.map((w) => percentOf(w, percentage))
      : allocateCents(
          percentOf(
            weights.reduce((a, b) => a + b, 0),
            percentage,
          ),
          weights,
        );
  }
  return allocateCents(
    Math.min(
      model.value.amountCents,
      weights.reduce((a, b) => a + b, 0),
    ),
    weights,
  );
}

/**
 * The discounts `entered` codes give `lines` at `nowMs` (ms since the epoch) under `rules`.
 * Never throws: a code that cannot apply is reported in `codes` with its warning.
 */
export function applyDiscountCodes(entered: string[], lines: DiscountableLine[], rules: CheckoutRules, nowMs: number): DiscountResult {
  const result: DiscountResult = {
    codes: [],
    lineAllocations: lines.map(() => []),
    cartAllocations: [],
    orderShareByLine: lines.map(() => 0),
  };
  let applied: string | null = null;
  for (const code of entered) {
    const model = rules.discountCodes.get(codeKey(code));
    const warning: DiscountWarning | null = !model
      ? { code: 'DISCOUNT_NOT_FOUND', message: `The discount code ${code} does not exist.` }
      : (refusal(model, code, lines, nowMs) ??
        (applied ? { code: 'DISCOUNT_CODE_NOT_HONOURED', message: `The discount code ${code} cannot be combined with ${applied}.` } : null));
    result.codes.push({ code, applicable: !warning, warning });
    if (warning || !model) continue;
    applied = code;
    const amounts = amountsByLine(model, lines);
    const app = application(model);
    if (model.target === 'PRODUCTS') {
      amounts.forEach((amountCents, i) => {
        if (amountCents > 0) result.lineAllocations[i].push({ code, amountCents, application: app });
      });
    } else {
      result.cartAllocations.push({ code, amountCents: amounts.reduce((a, b) => a + b, 0), application: app });
      amounts.forEach((cents, i) => (result.orderShareByLine[i] += cents));
    }
  }
  return result;
}
