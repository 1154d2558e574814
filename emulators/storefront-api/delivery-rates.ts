/**
 * The shop's delivery rates (`{contentDir}/delivery.json`, format in content/FORMAT.md): what a
 * Shopify admin sets up under Settings → Shipping and delivery (shipping rates, local delivery by
 * zip code, local pickup), reduced to the conditions this shop needs. Validated with zod at start.
 * A content dir without the file has no rates: delivery groups then offer no options, which is
 * what a Shopify shop with no rate for the address answers.
 *
 * A rate is offered to a delivery group when the group's address is in one of `countryCodes`
 * (ISO 3166-1 alpha-2), in one of `provinceCodes` when given, has a zip starting with one of
 * `zipPrefixes` when given, the group's subtotal (lines at their unit prices, cents) is at least
 * `minSubtotal` when given, and no line's product carries one of `excludedProductTags`.
 * Rates keep the seed's order, which is also the order of `deliveryOptions` (the first offered
 * option is the default selection).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { toCents } from './money';

const amount = z.string().regex(/^\d+(\.\d{1,2})?$/, 'a decimal amount such as "15.00"');

const rateSeed = z.object({
  /** CartDeliveryOption.handle: unique in the file, what cartSelectedDeliveryOptionsUpdate names. */
  handle: z.string().regex(/^[a-z0-9-]+$/),
  title: z.string().min(1),
  code: z.string().min(1),
  description: z.string().nullish(),
  /** DeliveryMethodType. */
  deliveryMethodType: z.enum(['SHIPPING', 'LOCAL', 'PICK_UP', 'PICKUP_POINT', 'RETAIL']),
  price: amount,
  countryCodes: z.array(z.string().regex(/^[A-Z]{2}$/)).min(1),
  provinceCodes: z.array(z.string().min(1)).optional(),
  zipPrefixes: z.array(z.string().regex(/^[0-9A-Z]+$/)).optional(),
  minSubtotal: amount.optional(),
  excludedProductTags: z.array(z.string().min(1)).optional(),
});

const deliverySeed = z
  .object({ rates: z.array(rateSeed) })
  .refine((seed) => new Set(seed.rates.map((r) => r.handle)).size === seed.rates.length, 'rate handles must be unique');

export type DeliveryRate = Omit<z.infer<typeof rateSeed>, 'price' | 'minSubtotal'> & {
  /** The rate's price in cents. */
  priceCents: number;
  /** The least group subtotal it is offered for, in cents; 0 when unconditional. */
  minSubtotalCents: number;
};

/** Where a group goes and what it holds, as the rate conditions read it. */
export type RateQuery = {
  countryCode: string | null;
  provinceCode: string | null;
  zip: string | null;
  /** The group's lines at their unit prices, in cents. */
  subtotalCents: number;
  /** Every tag of every product in the group. */
  productTags: string[];
};

/** The rates offered for `query`, in seed order. */
export function ratesFor(rates: DeliveryRate[], query: RateQuery): DeliveryRate[] {
  const zip = (query.zip ?? '').replace(/\s/g, '').toUpperCase();
  return rates.filter(
    (rate) =>
      query.countryCode != null &&
      rate.countryCodes.includes(query.countryCode) &&
      (!rate.provinceCodes || (query.provinceCode != null && rate.provinceCodes.includes(query.provinceCode))) &&
      (!rate.zipPrefixes || rate.zipPrefixes.some((prefix) => zip.startsWith(prefix))) &&
      query.subtotalCents >= rate.minSubtotalCents &&
      !(rate.excludedProductTags ?? []).some((tag) => query.productTags.includes(tag)),
  );
}

/**
 * The rates of `{contentDir}/delivery.json`; [] when the file does not exist.
 * @throws when the file is not valid JSON or not in the documented format
 */
export function loadDeliveryRates(contentDir: string): DeliveryRate[] {
  const file = path.join(contentDir, 'delivery.json');
  if (!existsSync(file)) return [];
  const parsed = deliverySeed.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file} is invalid:\n${z.prettifyError(parsed.error)}`);
  return parsed.data.rates.map(({ price, minSubtotal, ...rate }) => ({
    ...rate,
    priceCents: toCents(price),
    minSubtotalCents: minSubtotal ? toCents(minSubtotal) : 0,
  }));
}
