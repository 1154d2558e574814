/**
 * The customer seed: `{contentDir}/customers.json` (format below), loaded into a data dir that has
 * no customer state yet, so customers, passwords and addresses changed later are kept across
 * restarts. A seeded customer with a password is enabled (the plaintext is hashed on the way in);
 * one marked `"invited": true` has no password: the merchant invited them, they are disabled
 * until they activate, and the invitation (account activation mail, 30 days) is in the inbox from
 * the start. Past orders are priced from the catalog and numbered by `processedAt` from #1001
 * (after any order already in the data dir), marked `seeded` so they do not take stock again
 * (orders.ts).
 *
 * ```jsonc
 * { "customers": [ {
 *     "email": "ada@example.com", "password": "…", "firstName": "Ada", "lastName": "Lovelace",
 *     "phone": "+12125550181", "acceptsMarketing": true, "tags": ["vip"], "createdAt": "2026-01-12T15:00:00Z",
 *     "addresses": [ { "address1": "12 E 20th St", "city": "New York", "province": "NY", "country": "US", "zip": "10003" } ],
 *     "defaultAddress": 0,                                   // index into addresses, default 0
 *     // or, instead of "password": "invited": true (no password; an invitation mail is sent)
 *     "orders": [ { "processedAt": "2026-03-14T15:20:00Z", "checkoutMethod": "delivery",
 *                   "address": 0,                            // index into addresses; omit for pickup
 *                   "lines": [ { "variantId": 800102, "quantity": 1, "sellingPlanId": null } ],
 *                   "attributes": [ { "key": "Delivery-Date", "value": "2026-03-15" } ], "note": null } ] } ] }
 * ```
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { Catalog } from './catalog';
import type { CustomerStore, StoredCustomer } from './customers';
import { activationMail, type MailLinks, type Mailbox } from './mail';
import type { OrderStore, SeededOrderInput, ShippingAddress } from './orders';

const text = z.string().nullish();
const attribute = z.object({ key: z.string(), value: z.string() });
const seedSchema = z.object({
  customers: z.array(
    z
      .object({
        email: z.string(),
        password: z.string().optional(),
        invited: z.boolean().default(false),
        firstName: text,
        lastName: text,
        phone: text,
        acceptsMarketing: z.boolean().default(false),
        tags: z.array(z.string()).default([]),
        createdAt: z.iso.datetime(),
        addresses: z
          .array(
            z.object({
              firstName: text,
              lastName: text,
              company: text,
              address1: text,
              address2: text,
              city: text,
              province: text,
              country: text,
              zip: text,
              phone: text,
            }),
          )
          .default([]),
        defaultAddress: z.number().int().min(0).optional(),
        orders: z
          .array(
            z.object({
              processedAt: z.iso.datetime(),
              checkoutMethod: z.enum(['delivery', 'pickup', 'shipping']),
              address: z.number().int().min(0).optional(),
              lines: z
                .array(z.object({ variantId: z.number().int(), quantity: z.number().int().positive(), sellingPlanId: z.number().int().nullish() }))
                .min(1),
              attributes: z.array(attribute).default([]),
              note: z.string().nullish(),
            }),
          )
          .default([]),
      })
      // An invited customer has no password yet; everyone else signs in with theirs.
      .refine((c) => c.invited === (c.password === undefined), { message: 'give either "password" or "invited": true', path: ['password'] }),
  ),
});

export const SEED_FILE = 'customers.json';

/** The order's ship-to, from the customer's address at `index`. @throws when it is missing or outside the US. */
function shipTo(customer: StoredCustomer, index: number | undefined): ShippingAddress | null {
  if (index === undefined) return null;
  const a = customer.addresses[index];
  if (!a || a.countryCode !== 'US' || !a.address1 || !a.city || !a.provinceCode || !a.zip) {
    throw new Error(`seed customer ${customer.email}: order address ${index} must be a complete US address`);
  }
  const name = [a.firstName ?? customer.firstName, a.lastName ?? customer.lastName].filter(Boolean).join(' ');
  return { name, address1: a.address1, address2: a.address2, city: a.city, province: a.provinceCode, zip: a.zip, country: 'US' };
}

/**
 * Load the seed into an empty data dir. Does nothing when customer state was stored before this
 * start or the content dir has no seed. @throws on an invalid seed (unknown variant, bad email, …).
 */
export async function seedCustomers(
  contentDir: string,
  deps: { customers: CustomerStore; orders: OrderStore; catalog: Catalog; mailbox: Mailbox; links: MailLinks },
): Promise<void> {
  const file = path.join(contentDir, SEED_FILE);
  if (deps.customers.existedAtStart || !existsSync(file)) return;
  const parsed = seedSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file} is invalid: ${z.prettifyError(parsed.error)}`);
  const orders: SeededOrderInput[] = [];
  for (const seed of parsed.data.customers) {
    for (const line of seed.orders.flatMap((o) => o.lines)) {
      if (!deps.catalog.variantById.has(line.variantId)) throw new Error(`${file}: ${seed.email} ordered unknown variant ${line.variantId}`);
      if (line.sellingPlanId != null && !deps.catalog.sellingPlanById.has(line.sellingPlanId)) {
        throw new Error(`${file}: ${seed.email} ordered with unknown selling plan ${line.sellingPlanId}`);
      }
    }
    const { customer, invitation } = await deps.customers.seed(seed);
    if (invitation) deps.mailbox.send(activationMail(customer, invitation, deps.links));
    for (const order of seed.orders) {
      orders.push({
        customerId: customer.id,
        email: customer.email,
        customerName: [customer.firstName, customer.lastName].filter(Boolean).join(' '),
        processedAt: order.processedAt,
        checkoutMethod: order.checkoutMethod,
        shippingAddress: shipTo(customer, order.address),
        attributes: order.attributes,
        note: order.note ?? null,
        lines: order.lines,
      });
    }
  }
  // A start that crashed after the orders were written but before the customers must not add them twice.
  if (!deps.orders.hasSeeded()) deps.orders.addSeeded(orders);
}
