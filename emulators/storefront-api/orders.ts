/**
 * Orders placed by the checkout stand-in, kept in `{dataDir}/storefront/orders.json`. Placing an
 * order completes the cart (so `cart(id:)` answers null, as after a Shopify checkout), records
 * the sale in the inventory, and numbers orders from #1001 like a new Shopify shop.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { CartStore, StoredCart, Attribute } from './carts';
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
  /** The cart's buyerIdentity customer access token, linking the order to a customer account. */
  customerAccessToken: string | null;
  cartToken: string;
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
      for (const line of order.lines) this.inventory.recordSale(numericIdOf(line.variant.id, 'ProductVariant') ?? -1, line.quantity);
    }
  }

  all(): StoredOrder[] {
    return this.orders;
  }

  byToken(token: string): StoredOrder | undefined {
    return this.orders.find((o) => o.token === token);
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

  /** Turn `cart` into an order for `buyer`. Callers check `shortages` first. */
  place(cart: StoredCart, buyer: Buyer): StoredOrder {
    const lines = cart.lines.map((line): OrderLine => {
      const variant = this.carts.variantOf(line);
      const plan = this.carts.planOf(line);
      const unit = unitPriceCents(variant, plan);
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
    const subtotal = cart.lines.reduce((sum, line) => sum + unitPriceCents(this.carts.variantOf(line), this.carts.planOf(line)) * line.quantity, 0);
    const orderNumber = FIRST_ORDER_NUMBER + this.orders.length;
    const order: StoredOrder = {
      id: gid('Order', orderNumber),
      token: randomBytes(16).toString('hex'),
      orderNumber,
      name: `#${orderNumber}`,
      processedAt: new Date().toISOString(),
      email: buyer.email,
      customerName: buyer.name,
      checkoutMethod: buyer.checkoutMethod,
      shippingAddress: buyer.shippingAddress,
      lines,
      attributes: cart.attributes,
      note: cart.note,
      subtotal: money(subtotal),
      total: money(subtotal),
      currencyCode: 'USD',
      financialStatus: 'PAID',
      fulfillmentStatus: 'UNFULFILLED',
      customerAccessToken: cart.buyerIdentity.customerAccessToken,
      cartToken: cart.token,
    };
    this.orders.push(order);
    for (const line of cart.lines) this.inventory.recordSale(line.variantId, line.quantity);
    this.carts.complete(cart);
    this.file.save();
    return order;
  }

  flush(): Promise<void> {
    return this.file.flush();
  }
}
