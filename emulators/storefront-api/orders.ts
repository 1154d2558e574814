/**
 * Orders placed by the checkout stand-in, kept in the `orders` table of the emulator's SQLite file
 * (database.ts), one JSON document per order. Placing an order completes the cart (so `cart(id:)` answers null, as after a Shopify checkout), records
 * the sale in the inventory, and numbers orders from #1001 like a new Shopify shop (each order
 * takes the number after the highest one so far).
 *
 * An order keeps what the cart cost at checkout (cart-cost.ts): discount codes that applied, each
 * line's discount allocations (line-level ones and its share of order-level ones), the shipping
 * lines (the cart's selected delivery options), the estimated tax for the buyer's address (the
 * shop's location for pickup), and the gift cards that paid, whose balances are debited in the
 * same transaction that places the order. total = subtotal (after discounts) + shipping + tax.
 *
 * Seeded past orders (customer-seed.ts) are numbered the same way but marked `seeded`: the
 * catalog's stock counts are today's, so those sales were already taken off and are not
 * replayed into the inventory.
 */
import { randomBytes } from 'node:crypto';
import { parseJson, transaction, type Database } from '../shared/sqlite';
import { discountsByCode, type CartCost, type CartPricer, type CheckoutCharge } from './cart-cost';
import type { CartStore, StoredCart, StoredLine, Attribute } from './carts';
import type { DiscountApplication } from './discounts';
import { lastCharacters, type GiftCardStore } from './gift-cards';
import { gid, numericIdOf } from './ids';
import type { Inventory } from './inventory';
import { money, type MoneyV2 } from './money';
import { unitPriceCents } from './pricing';

export const FIRST_ORDER_NUMBER = 1001;

export type CheckoutMethod = 'delivery' | 'pickup' | 'shipping';

export type ShippingAddress = { name: string; address1: string; address2: string | null; city: string; province: string; zip: string; country: 'US' };

/** A delivery option the order was placed with (the cart's selected option of one delivery group, cart-delivery.ts). */
export type ShippingLine = { title: string; handle: string; code: string | null; deliveryMethodType: string; price: MoneyV2 };

export type OrderLine = {
  title: string;
  quantity: number;
  variant: { id: string; sku: string | null; title: string };
  sellingPlan: { id: string; name: string } | null;
  attributes: Attribute[];
  unitPrice: MoneyV2;
  total: MoneyV2;
  /** Discounts on this line: its line-level ones and its share of order-level ones. Absent on older orders. */
  discountAllocations?: { code: string; amount: MoneyV2 }[];
  /** `total` less `discountAllocations`. Absent on older orders (= total). */
  discountedTotal?: MoneyV2;
};

/** A discount code that applied to an order, with the whole amount it took off. */
export type OrderDiscount = { code: string; amount: MoneyV2; application: DiscountApplication };

/** What the checkout charges an order besides its lines (OrderStore.place). */
export type OrderCharge = CheckoutCharge & { shippingLines: ShippingLine[] };

/** A gift card that paid part of an order. */
export type OrderGiftCard = { id: number; lastCharacters: string; amountUsed: MoneyV2 };

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
  /** The lines after all discounts, before tax (Shopify's Order.subtotalPrice). */
  subtotal: MoneyV2;
  /** The delivery options paid for, one per delivery group; absent in orders placed before delivery options existed. */
  shippingLines?: ShippingLine[];
  /** subtotal + the shipping lines' prices + tax: what the order costs, whatever paid it. */
  total: MoneyV2;
  /** The following are absent on orders placed before discounts existed (read as none / 0). */
  discounts?: OrderDiscount[];
  /** The lines after their line-level discounts, before order-level ones (Order.currentSubtotalPrice). */
  lineItemsSubtotal?: MoneyV2;
  totalDiscounts?: MoneyV2;
  totalTax?: MoneyV2;
  giftCards?: OrderGiftCard[];
  /** What was left to pay after gift cards. */
  paymentDue?: MoneyV2;
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

/** A past order for the seed: its lines name catalog variants; prices come from the catalog. */
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
    private readonly pricing: CartPricer,
    private readonly giftCards: GiftCardStore,
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
   * Turn `cart` into an order for `buyer`, linked to customer `customerId` (null for a guest),
   * debit the gift cards that pay it and complete the cart, in one transaction. `charge` is what
   * the checkout charges besides the lines: its shipping lines (their prices in `deliveryCents`)
   * and the place tax is estimated for (the buyer's address, or the shop's for pickup). Callers
   * check `shortages` first.
   * @throws when the cart is no longer open or a gift card's balance dropped meanwhile (nothing is written then)
   */
  place(cart: StoredCart, buyer: Buyer, customerId: number | null, charge: OrderCharge): StoredOrder {
    const order = transaction(this.db, () => {
      // Priced inside the transaction: the gift card balances read are the ones debited.
      const cost = this.pricing.price(cart, charge);
      for (const { card, amountUsedCents } of cost.giftCards) if (amountUsedCents > 0) this.giftCards.debit(card.id, amountUsedCents);
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
        ...costed(cost),
        shippingLines: charge.shippingLines,
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

  /** Order lines and totals for seeded cart-like lines, at today's catalog prices (no discounts or tax). */
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

/** An order's lines, discounts, tax and payments from the cart's cost at checkout. */
function costed(
  cost: CartCost,
): Pick<
  StoredOrder,
  'lines' | 'subtotal' | 'total' | 'discounts' | 'lineItemsSubtotal' | 'totalDiscounts' | 'totalTax' | 'giftCards' | 'paymentDue'
> {
  // Codes do not combine (discounts.ts), so at most one order-level code takes each line's share.
  const orderCode = cost.cartAllocations[0]?.code;
  const lines = cost.lines.map((l): OrderLine => {
    const orderShare = orderCode ? [{ code: orderCode, cents: l.orderShareCents }] : [];
    const allocations = [...l.allocations.map((a) => ({ code: a.code, cents: a.amountCents })), ...orderShare].filter((a) => a.cents > 0);
    return {
      title: l.variant.product.title,
      quantity: l.line.quantity,
      variant: { id: l.variant.id, sku: l.variant.sku, title: l.variant.title },
      sellingPlan: l.plan ? { id: l.plan.id, name: l.plan.name } : null,
      attributes: l.line.attributes,
      unitPrice: money(l.unitCents),
      total: money(l.subtotalCents),
      discountAllocations: allocations.map((a) => ({ code: a.code, amount: money(a.cents) })),
      discountedTotal: money(l.totalCents - l.orderShareCents),
    };
  });
  const discounts = discountsByCode(cost);
  return {
    lines,
    subtotal: money(cost.subtotalCents - cost.orderDiscountCents),
    total: money(cost.totalCents),
    discounts: discounts.map((d) => ({ code: d.code, amount: money(d.cents), application: d.application })),
    lineItemsSubtotal: money(cost.subtotalCents),
    totalDiscounts: money(discounts.reduce((n, d) => n + d.cents, 0)),
    totalTax: money(cost.taxCents ?? 0),
    giftCards: cost.giftCards
      .filter((g) => g.amountUsedCents > 0)
      .map((g) => ({ id: g.card.id, lastCharacters: lastCharacters(g.card), amountUsed: money(g.amountUsedCents) })),
    paymentDue: money(cost.dueCents),
  };
}
