/**
 * The checkout seed (`{contentDir}/checkout.json`, format in content/FORMAT.md): discount codes,
 * gift cards and the sales-tax table a merchant sets up in Shopify's admin. Validated with zod at
 * start. A content dir without the file has no discount codes, no gift cards and no tax rates
 * (every destination taxed at 0 %), like a new shop.
 */
import { z } from 'zod';
import { toCents } from './money';
import { readSeedFile } from './seed-file';

const moneyString = z.string().regex(/^\d+(\.\d{1,2})?$/, 'a decimal amount like "15.00"');
const instant = z.iso.datetime({ offset: true });

const discountCodeSeed = z.object({
  code: z.string().trim().min(1).max(255),
  title: z.string().min(1),
  value: z.union([z.object({ percentage: z.number().gt(0).max(100) }), z.object({ amount: moneyString })]),
  /** ORDER: "amount off order" (a cart-level allocation); PRODUCTS: "amount off products" (line-level). */
  target: z.enum(['ORDER', 'PRODUCTS']),
  /** PRODUCTS only: the entitled products' handles; absent = every product. */
  productHandles: z.array(z.string()).optional(),
  minimumSubtotal: moneyString.optional(),
  startsAt: instant.optional(),
  endsAt: instant.optional(),
});
const giftCardSeed = z.object({
  id: z.number().int().positive(),
  code: z.string().regex(/^[A-Za-z0-9-]{8,40}$/, '8 to 40 letters, digits or hyphens'),
  initialValue: moneyString,
});
const place = z.object({ countryCode: z.string().length(2), provinceCode: z.string().min(1).optional() });
const taxRateSeed = place.extend({ rate: z.number().min(0).max(100), title: z.string().min(1), taxesShipping: z.boolean().default(false) });
const checkoutSeed = z.object({
  discountCodes: z.array(discountCodeSeed).default([]),
  giftCards: z.array(giftCardSeed).default([]),
  tax: z.object({ rates: z.array(taxRateSeed).default([]), origin: place.optional() }).default({ rates: [] }),
});

/** A discount code: amounts in cents, instants in ms since the epoch (null = unbounded). */
export type DiscountCodeModel = {
  code: string;
  title: string;
  value: { percentage: number } | { amountCents: number };
  target: 'ORDER' | 'PRODUCTS';
  /** PRODUCTS: the entitled product handles; null = every product. */
  productHandles: ReadonlySet<string> | null;
  minimumSubtotalCents: number | null;
  startsAtMs: number | null;
  endsAtMs: number | null;
};

export type GiftCardSeed = { id: number; code: string; initialValueCents: number };

/** A destination for tax: ISO country code and, in the US, the state's postal code. */
export type TaxPlace = { countryCode: string; provinceCode: string | null };
/** A sales-tax rate (percent); `taxesShipping`: delivery charges are taxed there too. */
export type TaxRate = TaxPlace & { rate: number; title: string; taxesShipping: boolean };

export type CheckoutRules = {
  /** By code in upper case: codes are case-insensitive (Storefront API CartDiscountCode). */
  discountCodes: ReadonlyMap<string, DiscountCodeModel>;
  giftCards: readonly GiftCardSeed[];
  taxRates: readonly TaxRate[];
  /** Where pickup orders are taxed (the shop's location); null when not seeded. */
  taxOrigin: TaxPlace | null;
};

/** The key a code is looked up by: trimmed, upper case. */
export const codeKey = (code: string) => code.trim().toUpperCase();

function build(seed: z.infer<typeof checkoutSeed>): CheckoutRules {
  const discountCodes = new Map<string, DiscountCodeModel>();
  for (const d of seed.discountCodes) {
    if (discountCodes.has(codeKey(d.code))) throw new Error(`discount code ${d.code} is seeded twice`);
    discountCodes.set(codeKey(d.code), {
      code: d.code,
      title: d.title,
      value: 'percentage' in d.value ? { percentage: d.value.percentage } : { amountCents: toCents(d.value.amount) },
      target: d.target,
      productHandles: d.productHandles ? new Set(d.productHandles) : null,
      minimumSubtotalCents: d.minimumSubtotal ? toCents(d.minimumSubtotal) : null,
      startsAtMs: d.startsAt ? Date.parse(d.startsAt) : null,
      endsAtMs: d.endsAt ? Date.parse(d.endsAt) : null,
    });
  }
  const giftCodes = new Set(seed.giftCards.map((g) => codeKey(g.code)));
  if (giftCodes.size !== seed.giftCards.length) throw new Error('a gift card code is seeded twice');
  return {
    discountCodes,
    giftCards: seed.giftCards.map((g) => ({ id: g.id, code: g.code, initialValueCents: toCents(g.initialValue) })),
    taxRates: seed.tax.rates.map((r) => ({ ...r, provinceCode: r.provinceCode ?? null })),
    taxOrigin: seed.tax.origin ? { countryCode: seed.tax.origin.countryCode, provinceCode: seed.tax.origin.provinceCode ?? null } : null,
  };
}

/**
 * Reads and validates `{contentDir}/checkout.json`.
 * @throws when the file is not valid JSON, does not match the format, or seeds a code twice
 */
export function loadCheckoutRules(contentDir: string): CheckoutRules {
  return build(readSeedFile(contentDir, 'checkout.json', checkoutSeed));
}
