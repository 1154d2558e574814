/**
 * Orders placed by the checkout stand-in, kept in `{dataDir}/storefront/orders.json`. Placing an
 * order completes the cart (so `cart(id:)` answers null, as after a Shopify checkout), records
 * the sale in the inventory, and numbers orders from #1001 like a new Shopify shop (each order
 * takes the number after the highest one so far).
 *
 * Seeded past orders (customer-seed.ts) are numbered the same way but marked `seeded`: the
 * catalogue's stock counts are today's, so those sales were already taken off and are not
 * replayed into the inventory.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { CartStore, StoredCart, StoredLine, Attribute } from './carts';
import { gid, numericIdOf } from './ids';
import type { Inventory } from './inventory';
import { money, type MoneyV2 } from './money';
import { JsonFile } from './persistence';
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
   * the order was placed; null for guests. Absent in orders.json files written before customer
   * accounts existed (read as null).
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

const ordersFile = (dataDir: string) => path.join(dataDir, 'storefront', 'orders.json');

/** The orders persisted under `dataDir`, oldest first (for tests and tools; reads the file). */
export function listOrders(dataDir: string): StoredOrder[] {
  return JsonFile.load<StoredOrder[]>(ordersFile(dataDir), []);
}

/** A line that can no longer be bought in the wanted quantity. */
export type Shortage = { title: string; wanted: number; available: number };

export class OrderStore {
  private readonly orders: StoredOrder[];
  private readonly file: JsonFile<StoredOrder[]>;

  constructor(
    dataDir: string,
    private readonly carts: CartStore,
    private readonly inventory: Inventory,
  ) {
    this.orders = listOrders(dataDir);
    this.file = new JsonFile(ordersFile(dataDir), () => this.orders);
    for (const order of this.orders) {
      if (order.seeded) continue;
      for (const line of order.lines) this.inventory.recordSale(numericIdOf(line.variant.id, 'ProductVariant') ?? -1, line.quantity);
    }
  }

  all(): StoredOrder[] {
    return this.orders;
  }

  byToken(token: string): StoredOrder | undefined {
    return this.orders.find((o) => o.token === token);
  }

  /** The orders of customer `customerId`, oldest first. */
  forCustomer(customerId: number): StoredOrder[] {
    return this.orders.filter((o) => o.customerId === customerId);
  }

  /** Whether any seeded order is stored (the seed is not added twice). */
  hasSeeded(): boolean {
    return this.orders.some((o) => o.seeded);
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
   * Turn `cart` into an order for `buyer`, linked to customer `customerId` (null for a guest).
   * Callers check `shortages` first.
   */
  place(cart: StoredCart, buyer: Buyer, customerId: number | null): StoredOrder {
    const order = this.append({
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
    for (const line of cart.lines) this.inventory.recordSale(line.variantId, line.quantity);
    this.carts.complete(cart);
    this.file.save();
    return order;
  }

  /** Store seeded past orders, numbered in `processedAt` order after the existing ones; stock is untouched. */
  addSeeded(inputs: SeededOrderInput[]): StoredOrder[] {
    const sorted = [...inputs].sort((a, b) => Date.parse(a.processedAt) - Date.parse(b.processedAt));
    const added = sorted.map(({ lines, ...input }) =>
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
    );
    this.file.save();
    return added;
  }

  private append(
    fields: Omit<StoredOrder, 'id' | 'token' | 'orderNumber' | 'name' | 'currencyCode' | 'financialStatus' | 'fulfillmentStatus'>,
  ): StoredOrder {
    const orderNumber = Math.max(FIRST_ORDER_NUMBER - 1, ...this.orders.map((o) => o.orderNumber)) + 1;
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
    this.orders.push(order);
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

  flush(): Promise<void> {
    return this.file.flush();
  }
}
