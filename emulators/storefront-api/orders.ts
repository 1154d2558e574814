/**
 * Orders placed by the checkout stand-in, kept in the `orders` table of the emulator's SQLite file
 * (database.ts), one JSON document per order. Placing an order completes the cart (so `cart(id:)` answers null, as after a Shopify checkout), records
 * the sale in the inventory, and numbers orders from #1001 like a new Shopify shop (each order
 * takes the number after the highest one so far).
 *
 * Seeded past orders (customer-seed.ts) are numbered the same way but marked `seeded`: the
 * catalogue's stock counts are today's, so those sales were already taken off and are not
 * replayed into the inventory.
 */
import { randomBytes } from 'node:crypto';
import { parseJson, transaction, type Database } from '../shared/sqlite';
import type { CartStore, StoredCart, StoredLine, Attribute } from './carts';
import { gid, numericIdOf } from './ids';
import type { Inventory } from './inventory';
import { money, type MoneyV2 } from './money';
import { unitPriceCents } from './pricing';

export const FIRST_ORDER_NUMBER = 1001;

export type CheckoutMethod = 'delivery' | 'pickup' | 'shipping';

export type ShippingAddress = { name: string; address1: string; address2: string | null; city: string; province: string; zip: string; country: 'US' };

export type OrderLine = {
  title: string;
  quantity: number;
  variant: { id: string; sku: string | null; title: string };
  sellingPlan: { id: string; name: string } | null;
  attributes: Attribute[];
  unitPrice: MoneyV2;
  total: MoneyV2;
};

export type StoredOrder = {
  id: string;
  /** Unguessable id for the confirmation page URL. */
  token: string;
  orderNumber: number;
  name: string;
  processedAt: string;
  email: string;
  customerName: string;
  checkoutMethod: CheckoutMethod;
  shippingAddress: ShippingAddress | null;
  lines: OrderLine[];
  attributes: Attribute[];
  note: string | null;
  subtotal: MoneyV2;
  total: MoneyV2;
  currencyCode: 'USD';
  financialStatus: 'PAID';
  fulfillmentStatus: 'UNFULFILLED';
  /**
   * The numeric id of the customer whose live access token was on the cart (buyerIdentity) when
   * the order was placed; null for guests. Absent in orders written before customer accounts
   * existed (read as null).
   */
  customerId?: number | null;
  /** The cart the order came from; null for seeded orders. */
  cartToken: string | null;
  /** A seeded past order: shown to its customer, never taken off the stock again. */
  seeded?: boolean;
};

/** A past order for the seed: its lines name catalogue variants; prices come from the catalogue. */
export type SeededOrderInput = Pick<
  StoredOrder,
  'processedAt' | 'email' | 'customerName' | 'checkoutMethod' | 'shippingAddress' | 'attributes' | 'note'
> & {
  customerId: number;
  lines: { variantId: number; sellingPlanId?: number | null; quantity: number; attributes?: Attribute[] }[];
};

export type Buyer = { email: string; name: string; checkoutMethod: CheckoutMethod; shippingAddress: ShippingAddress | null };

/** The `orders` table (database.ts): one JSON document per order, keyed by its number. */
export const ORDERS_SCHEMA = `CREATE TABLE orders (
  order_number INTEGER PRIMARY KEY, token TEXT NOT NULL UNIQUE, customer_id INTEGER, seeded INTEGER NOT NULL, data TEXT NOT NULL
) STRICT;
CREATE INDEX orders_by_customer ON orders (customer_id);`;

/** Write a new order. @throws when its number or token is taken */
export function insertOrder(db: Database, order: StoredOrder): void {
  db.prepare('INSERT INTO orders (order_number, token, customer_id, seeded, data) VALUES (?, ?, ?, ?, ?)').run(
    order.orderNumber,
    order.token,
    order.customerId ?? null,
    order.seeded ? 1 : 0,
    JSON.stringify(order),
  );
}

const rows = (db: Database, where: string, ...params: (string | number)[]) =>
  db
    .prepare(`SELECT data FROM orders ${where} ORDER BY order_number`)
    .all(...params)
    .map((row) => parseJson<StoredOrder>(row.data));

/** Every order in `db`, oldest first (database.ts's `listOrders` reads a data dir with it). */
export const ordersIn = (db: Database): StoredOrder[] => rows(db, '');

/** A line that can no longer be bought in the wanted quantity. */
export type Shortage = { title: string; wanted: number; available: number };

export class OrderStore {
  constructor(
    private readonly db: Database,
    private readonly carts: CartStore,
    private readonly inventory: Inventory,
  ) {
    for (const order of rows(db, 'WHERE seeded = 0')) {
      for (const line of order.lines) this.inventory.recordSale(numericIdOf(line.variant.id, 'ProductVariant') ?? -1, line.quantity);
    }
  }

  /** Every order, oldest first. */
  all(): StoredOrder[] {
    return rows(this.db, '');
  }

  byToken(token: string): StoredOrder | undefined {
    return rows(this.db, 'WHERE token = ?', token)[0];
  }

  /** The orders of customer `customerId`, oldest first. */
  forCustomer(customerId: number): StoredOrder[] {
    return rows(this.db, 'WHERE customer_id = ?', customerId);
  }

  /** Whether any seeded order is stored (the seed is not added twice). */
  hasSeeded(): boolean {
    return this.db.prepare('SELECT 1 FROM orders WHERE seeded = 1 LIMIT 1').get() !== undefined;
  }

  /** Lines whose quantity exceeds what is left now (stock may have sold since they were added). */
  shortages(cart: StoredCart): Shortage[] {
    const wanted = new Map<number, { line: StoredCart['lines'][number]; quantity: number }>();
    for (const line of cart.lines) {
      const entry = wanted.get(line.variantId) ?? { line, quantity: 0 };
      entry.quantity += line.quantity;
      wanted.set(line.variantId, entry);
    }
    return [...wanted.values()].flatMap(({ line, quantity }) => {
      const variant = this.carts.variantOf(line);
      const available = this.inventory.available(variant);
      return quantity > available ? [{ title: `${variant.product.title} (${variant.title})`, wanted: quantity, available }] : [];
    });
  }

  /**
   * Turn `cart` into an order for `buyer`, linked to customer `customerId` (null for a guest), and
   * complete the cart, in one transaction. Callers check `shortages` first.
   * @throws when the cart is no longer open (nothing is written then)
   */
  place(cart: StoredCart, buyer: Buyer, customerId: number | null): StoredOrder {
    const order = transaction(this.db, () => {
      const placed = this.append({
        email: buyer.email,
        customerName: buyer.name,
        checkoutMethod: buyer.checkoutMethod,
        shippingAddress: buyer.shippingAddress,
        processedAt: new Date().toISOString(),
        attributes: cart.attributes,
        note: cart.note,
        customerId,
        cartToken: cart.token,
        ...this.priced(cart.lines),
      });
      this.carts.complete(cart);
      return placed;
    });
    for (const line of cart.lines) this.inventory.recordSale(line.variantId, line.quantity);
    return order;
  }

  /** Store seeded past orders, numbered in `processedAt` order after the existing ones; stock is untouched. */
  addSeeded(inputs: SeededOrderInput[]): StoredOrder[] {
    const sorted = [...inputs].sort((a, b) => Date.parse(a.processedAt) - Date.parse(b.processedAt));
    return transaction(this.db, () =>
      sorted.map(({ lines, ...input }) =>
        this.append({
          ...input,
          cartToken: null,
          seeded: true,
          ...this.priced(
            lines.map((l, i) => ({
              id: String(i),
              variantId: l.variantId,
              sellingPlanId: l.sellingPlanId ?? null,
              quantity: l.quantity,
              attributes: l.attributes ?? [],
            })),
          ),
        }),
      ),
    );
  }

  private append(
    fields: Omit<StoredOrder, 'id' | 'token' | 'orderNumber' | 'name' | 'currencyCode' | 'financialStatus' | 'fulfillmentStatus'>,
  ): StoredOrder {
    const highest = (this.db.prepare('SELECT max(order_number) AS n FROM orders').get() as { n: number | null }).n;
    const orderNumber = Math.max(FIRST_ORDER_NUMBER - 1, highest ?? 0) + 1;
    const order: StoredOrder = {
      id: gid('Order', orderNumber),
      token: randomBytes(16).toString('hex'),
      orderNumber,
      name: `#${orderNumber}`,
      ...fields,
      currencyCode: 'USD',
      financialStatus: 'PAID',
      fulfillmentStatus: 'UNFULFILLED',
    };
    insertOrder(this.db, order);
    return order;
  }

  /** Order lines and totals for cart-like lines, at today's catalogue prices. */
  private priced(cartLines: StoredLine[]): Pick<StoredOrder, 'lines' | 'subtotal' | 'total'> {
    let subtotal = 0;
    const lines = cartLines.map((line): OrderLine => {
      const variant = this.carts.variantOf(line);
      const plan = this.carts.planOf(line);
      const unit = unitPriceCents(variant, plan);
      subtotal += unit * line.quantity;
      return {
        title: variant.product.title,
        quantity: line.quantity,
        variant: { id: variant.id, sku: variant.sku, title: variant.title },
        sellingPlan: plan ? { id: plan.id, name: plan.name } : null,
        attributes: line.attributes,
        unitPrice: money(unit),
        total: money(unit * line.quantity),
      };
    });
    return { lines, subtotal: money(subtotal), total: money(subtotal) };
  }
}
