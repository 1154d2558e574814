/**
 * Cart state and Shopify's cart semantics (Storefront API 2026-04), independent of GraphQL.
 *
 * - Lines with the same merchandise and selling plan merge into one line.
 * - Quantities are capped at what is available: Shopify adds what it can and answers a
 *   `MERCHANDISE_NOT_ENOUGH_STOCK` warning, or `MERCHANDISE_OUT_OF_STOCK` when nothing is left.
 * - Bad input (unknown cart, merchandise, line or selling plan) gives CartUserErrors with the
 *   schema's CartErrorCode values, and the mutation changes nothing.
 * - Carts live in the `carts` table of the emulator's SQLite file (database.ts), read on every
 *   request; each mutation is one transaction (read, change, write), so parallel requests on one
 *   cart never lose a write.
 * - A cart expires `ttlMs` after its last update (default CART_TTL_MS, 10 days: Shopify's
 *   "unused and abandoned carts are auto-expired 10 days after creation by Shopify", counted from
 *   the last change here so a cart in use is kept); an expired cart is not found (`cart(id:)`
 *   answers null, mutations "The specified cart does not exist.") and is deleted when read and by
 *   `prune`, which index.ts runs periodically.
 * - A completed cart (checked out) is kept until it expires, so the checkout page can tell
 *   "already completed" from "unknown", but it is no longer found by `find`.
 */
import { randomBytes } from 'node:crypto';
import { parseJson, transaction, type Database } from '../shared/sqlite';
import type { StoredDeliveryAddress, StoredDeliverySelection } from './cart-delivery';
import type { StoredMetafield } from './cart-metafields';
import type { Catalog, SellingPlanModel, VariantModel } from './catalog';
import { gid, numericIdOf, parseGid } from './ids';
import type { Inventory } from './inventory';

export type Attribute = { key: string; value: string };

export type StoredLine = {
  id: string;
  variantId: number;
  sellingPlanId: number | null;
  quantity: number;
  attributes: Attribute[];
};

export type BuyerIdentity = {
  countryCode: string | null;
  email: string | null;
  phone: string | null;
  customerAccessToken: string | null;
};

export type StoredCart = {
  token: string;
  key: string;
  createdAt: string;
  updatedAt: string;
  note: string | null;
  attributes: Attribute[];
  buyerIdentity: BuyerIdentity;
  lines: StoredLine[];
  completedAt: string | null;
  /** Selectable delivery addresses (cart-delivery.ts); absent in carts stored before them. */
  deliveryAddresses?: StoredDeliveryAddress[];
  /** The chosen option per delivery group (cart-delivery.ts); absent until one is chosen. */
  selectedDeliveryOptions?: StoredDeliverySelection[];
  /** Cart metafields (cart-metafields.ts); absent until one is set. */
  metafields?: StoredMetafield[];
  /** Discount codes as entered (discounts.ts); absent on carts stored before codes existed. */
  discountCodes?: string[];
  /** Applied gift cards' codes (gift-cards.ts), in the order entered; absent on older carts. */
  giftCardCodes?: string[];
};

export type CartUserError = { code: string; field: string[] | null; message: string };
export type CartWarning = { code: string; message: string; target: string };
export type CartResult = { cart: StoredCart | null; userErrors: CartUserError[]; warnings: CartWarning[] };

export type LineInput = {
  merchandiseId: string;
  quantity?: number | null;
  sellingPlanId?: string | null;
  attributes?: Attribute[] | null;
};
export type LineUpdateInput = {
  id: string;
  merchandiseId?: string | null;
  quantity?: number | null;
  sellingPlanId?: string | null;
  attributes?: Attribute[] | null;
};
export type CartInput = {
  lines?: LineInput[] | null;
  attributes?: Attribute[] | null;
  note?: string | null;
  buyerIdentity?: Partial<BuyerIdentity> | null;
  discountCodes?: string[] | null;
  giftCardCodes?: string[] | null;
};

/** Shopify's limit on lines in one cart (CART_TOO_LARGE beyond it). */
export const MAX_CART_LINES = 500;

export const cartGid = (cart: StoredCart) => gid('Cart', cart.token, { key: cart.key });
export const lineGid = (cart: StoredCart, line: StoredLine) => gid('CartLine', line.id, { cart: cart.token });

/** How long a cart lives after its last update: 10 days, as on Shopify. */
export const CART_TTL_MS = 10 * 24 * 60 * 60 * 1000;

/** The `carts` table (database.ts): one JSON document per cart, its update time in ms for expiry. */
export const CARTS_SCHEMA = `CREATE TABLE carts (token TEXT PRIMARY KEY, updated_at_ms INTEGER NOT NULL, data TEXT NOT NULL) STRICT;
CREATE INDEX carts_by_update ON carts (updated_at_ms);`;

/** Write `cart` (insert or replace). */
export function saveCart(db: Database, cart: StoredCart): void {
  db.prepare('INSERT OR REPLACE INTO carts (token, updated_at_ms, data) VALUES (?, ?, ?)').run(
    cart.token,
    Date.parse(cart.updatedAt),
    JSON.stringify(cart),
  );
}

const token = (bytes: number) => randomBytes(bytes).toString('base64url');
const invalidCart = (): CartResult => ({
  cart: null,
  userErrors: [{ code: 'INVALID', field: ['cartId'], message: 'The specified cart does not exist.' }],
  warnings: [],
});

export type CartStoreOptions = {
  /** The clock (tests move it to expire carts); default `() => new Date()`. */
  now?: () => Date;
  /** How long a cart lives after its last update, in ms; default CART_TTL_MS (10 days). */
  ttlMs?: number;
};

export class CartStore {
  private readonly clock: () => Date;
  private readonly ttlMs: number;

  constructor(
    private readonly db: Database,
    private readonly catalog: Catalog,
    private readonly inventory: Inventory,
    opts: CartStoreOptions = {},
  ) {
    this.clock = opts.now ?? (() => new Date());
    this.ttlMs = opts.ttlMs ?? CART_TTL_MS;
  }

  /** The open cart a `gid://shopify/Cart/{token}?key={key}` names, or null (unknown, wrong key, completed). */
  find(cartId: string): StoredCart | null {
    const parsed = parseGid(cartId);
    if (!parsed || parsed.type !== 'Cart') return null;
    return this.findByToken(parsed.id, parsed.params.get('key'));
  }

  /** Same lookup by the checkout URL's token and key. */
  findByToken(cartToken: string, key: string | null): StoredCart | null {
    const cart = this.peek(cartToken, key);
    return cart && !cart.completedAt ? cart : null;
  }

  /** How many carts are stored, open or completed, expired ones not pruned yet included (a test and operator hook). */
  get size(): number {
    return Number((this.db.prepare('SELECT count(*) AS n FROM carts').get() as { n: number }).n);
  }

  /** A cart by token even when completed (the checkout page tells "already completed" from "unknown"); null once expired. */
  peek(cartToken: string, key: string | null): StoredCart | null {
    const row = this.db.prepare('SELECT updated_at_ms, data FROM carts WHERE token = ?').get(cartToken) as
      { updated_at_ms: number; data: string } | undefined;
    if (!row) return null;
    if (row.updated_at_ms <= this.expiredBefore()) {
      this.db.prepare('DELETE FROM carts WHERE token = ? AND updated_at_ms <= ?').run(cartToken, this.expiredBefore());
      return null;
    }
    const cart = parseJson<StoredCart>(row.data);
    return cart.key === key ? cart : null;
  }

  /** Delete every cart not updated for `ttlMs`. @returns how many were deleted */
  prune(): number {
    return Number(this.db.prepare('DELETE FROM carts WHERE updated_at_ms <= ?').run(this.expiredBefore()).changes);
  }

  variantOf(line: StoredLine): VariantModel {
    const variant = this.catalog.variantById.get(line.variantId);
    if (!variant) throw new Error(`cart line ${line.id} names variant ${line.variantId}, which the catalog no longer has`);
    return variant;
  }

  planOf(line: StoredLine): SellingPlanModel | null {
    return line.sellingPlanId == null ? null : (this.catalog.sellingPlanById.get(line.sellingPlanId) ?? null);
  }

  /**
   * cartCreate: a new cart with `input`'s lines, then `extend` (delivery addresses, metafields)
   * applied to it; any user error stores nothing and answers no cart.
   */
  create(input: CartInput, country: string | null, extend?: (cart: StoredCart) => CartResult): CartResult {
    const time = this.now();
    const cart: StoredCart = {
      token: token(18),
      key: randomBytes(16).toString('hex'),
      createdAt: time,
      updatedAt: time,
      note: input.note ?? null,
      attributes: input.attributes ?? [],
      buyerIdentity: {
        countryCode: input.buyerIdentity?.countryCode ?? country,
        email: input.buyerIdentity?.email ?? null,
        phone: input.buyerIdentity?.phone ?? null,
        customerAccessToken: input.buyerIdentity?.customerAccessToken ?? null,
      },
      lines: [],
      completedAt: null,
      discountCodes: input.discountCodes ?? [],
      giftCardCodes: input.giftCardCodes ?? [],
    };
    const added = this.applyAdd(cart, input.lines ?? [], ['input', 'lines']);
    const extended = !added.userErrors.length && extend ? extend(added.cart!) : null;
    const result = extended ? { ...extended, warnings: [...added.warnings, ...extended.warnings] } : added;
    if (result.userErrors.length) return { ...result, cart: null };
    saveCart(this.db, result.cart!);
    return result;
  }

  addLines(cartId: string, lines: LineInput[]): CartResult {
    return this.mutate(cartId, (cart) => this.applyAdd(cart, lines, ['lines']));
  }

  updateLines(cartId: string, updates: LineUpdateInput[]): CartResult {
    return this.mutate(cartId, (cart) => this.applyUpdates(cart, updates));
  }

  private applyUpdates(cart: StoredCart, updates: LineUpdateInput[]): CartResult {
    const draft = structuredClone(cart);
    const userErrors: CartUserError[] = [];
    const warnings: CartWarning[] = [];
    updates.forEach((update, i) => {
      const line = draft.lines.find((l) => lineGid(draft, l) === update.id || l.id === parseGid(update.id)?.id);
      if (!line) {
        userErrors.push({ code: 'INVALID', field: ['lines', String(i), 'id'], message: `The merchandise line with id ${update.id} does not exist.` });
        return;
      }
      const field = ['lines', String(i)];
      const variant =
        update.merchandiseId != null ? this.resolveVariant(update.merchandiseId, [...field, 'merchandiseId'], userErrors) : this.variantOf(line);
      if (!variant) return;
      const plan =
        update.sellingPlanId !== undefined
          ? this.resolvePlan(update.sellingPlanId, variant, [...field, 'sellingPlanId'], userErrors)
          : this.keptPlan(line, variant);
      if (plan === undefined) return;
      if (update.quantity != null && update.quantity < 0) {
        userErrors.push({ code: 'INVALID', field: [...field, 'quantity'], message: 'The quantity must be greater than or equal to 0.' });
        return;
      }
      line.variantId = variant.numericId;
      line.sellingPlanId = plan?.numericId ?? null;
      if (update.attributes) line.attributes = update.attributes;
      const quantity = update.quantity ?? line.quantity;
      if (quantity === 0) {
        draft.lines = draft.lines.filter((l) => l !== line);
        return;
      }
      line.quantity = this.capped(draft, line, variant, quantity, warnings);
      if (line.quantity === 0) draft.lines = draft.lines.filter((l) => l !== line);
    });
    return { cart: this.mergeDuplicates(draft), userErrors, warnings };
  }

  removeLines(cartId: string, lineIds: string[]): CartResult {
    return this.mutate(cartId, (cart) => this.applyRemove(cart, lineIds));
  }

  private applyRemove(cart: StoredCart, lineIds: string[]): CartResult {
    const userErrors = lineIds.flatMap((id, i) =>
      cart.lines.some((l) => lineGid(cart, l) === id || l.id === parseGid(id)?.id)
        ? []
        : [{ code: 'INVALID', field: ['lineIds', String(i)], message: `The merchandise line with id ${id} does not exist.` }],
    );
    const draft = structuredClone(cart);
    draft.lines = draft.lines.filter((l) => !lineIds.some((id) => lineGid(draft, l) === id || l.id === parseGid(id)?.id));
    return { cart: draft, userErrors, warnings: [] };
  }

  /** Replaces the cart's attributes with `attributes` (later duplicates of a key win). */
  updateAttributes(cartId: string, attributes: Attribute[]): CartResult {
    return this.change(cartId, (draft) => {
      draft.attributes = [...new Map(attributes.map((a) => [a.key, a])).values()];
    });
  }

  updateNote(cartId: string, note: string): CartResult {
    return this.change(cartId, (draft) => {
      draft.note = note;
    });
  }

  /** Replaces the cart's discount codes (resolvers/cart-pricing.ts folds duplicates first). */
  updateDiscountCodes(cartId: string, codes: string[]): CartResult {
    return this.change(cartId, (draft) => {
      draft.discountCodes = codes;
    });
  }

  /** Replaces the cart's applied gift card codes (known cards only; resolvers/cart-pricing.ts checks). */
  updateGiftCardCodes(cartId: string, codes: string[]): CartResult {
    return this.change(cartId, (draft) => {
      draft.giftCardCodes = codes;
    });
  }

  updateBuyerIdentity(cartId: string, identity: Partial<BuyerIdentity>): CartResult {
    return this.change(cartId, (draft) => {
      for (const key of ['countryCode', 'email', 'phone', 'customerAccessToken'] as const) {
        if (identity[key] !== undefined) draft.buyerIdentity[key] = identity[key] ?? null;
      }
    });
  }

  /**
   * Mark an open cart completed (checkout placed an order); it no longer answers `find`.
   * @throws when the cart is no longer open (completed by a parallel checkout, or expired): the
   *   caller's transaction is rolled back, so no second order is placed for it
   */
  complete(cart: StoredCart): void {
    transaction(this.db, () => {
      if (!this.findByToken(cart.token, cart.key)) throw new Error(`cart ${cart.token} is no longer open`);
      const time = this.now();
      saveCart(this.db, { ...cart, completedAt: time, updatedAt: time });
    });
  }

  /** Run `fn` in one transaction of the carts' database (a change to several carts keeps all or none). */
  atomically<T>(fn: () => T): T {
    return transaction(this.db, fn);
  }

  /** The store's clock as an ISO time (what carts are stamped with). */
  now(): string {
    return this.clock().toISOString();
  }

  /** Carts whose last update is at or before this instant (ms) have expired. */
  private expiredBefore(): number {
    return this.clock().getTime() - this.ttlMs;
  }

  private change(cartId: string, edit: (draft: StoredCart) => void): CartResult {
    return this.mutate(cartId, (cart) => {
      const draft = structuredClone(cart);
      edit(draft);
      return { cart: draft, userErrors: [], warnings: [] };
    });
  }

  /**
   * One cart mutation as one transaction: read the open cart, `apply` the change to it and keep
   * the result only when there were no user errors (all-or-nothing, like Shopify). Unknown,
   * expired or completed carts answer INVALID "The specified cart does not exist." without
   * calling `apply`.
   */
  mutate(cartId: string, apply: (cart: StoredCart) => CartResult): CartResult {
    return transaction(this.db, () => {
      const cart = this.find(cartId);
      if (!cart) return invalidCart();
      const result = apply(cart);
      if (result.userErrors.length || !result.cart) return { cart, userErrors: result.userErrors, warnings: [] };
      result.cart.updatedAt = this.now();
      saveCart(this.db, result.cart);
      return result;
    });
  }

  private applyAdd(cart: StoredCart, inputs: LineInput[], base: string[]): CartResult {
    const draft = structuredClone(cart);
    const userErrors: CartUserError[] = [];
    const warnings: CartWarning[] = [];
    inputs.forEach((input, i) => {
      const field = [...base, String(i)];
      const variant = this.resolveVariant(input.merchandiseId, [...field, 'merchandiseId'], userErrors);
      if (!variant) return;
      const plan = this.resolvePlan(input.sellingPlanId ?? null, variant, [...field, 'sellingPlanId'], userErrors);
      if (plan === undefined) return;
      const quantity = input.quantity ?? 1;
      if (quantity < 1) {
        userErrors.push({ code: 'INVALID', field: [...field, 'quantity'], message: 'The quantity must be greater than 0.' });
        return;
      }
      if (this.inventory.available(variant) === 0) {
        warnings.push({
          code: 'MERCHANDISE_OUT_OF_STOCK',
          target: variant.id,
          message: `The product '${variant.product.title}' is already sold out.`,
        });
        return;
      }
      let line = draft.lines.find((l) => l.variantId === variant.numericId && l.sellingPlanId === (plan?.numericId ?? null));
      if (!line) {
        line = { id: token(12), variantId: variant.numericId, sellingPlanId: plan?.numericId ?? null, quantity: 0, attributes: [] };
        draft.lines.push(line);
      }
      if (input.attributes) line.attributes = input.attributes;
      line.quantity = this.capped(draft, line, variant, line.quantity + quantity, warnings);
    });
    if (draft.lines.length > MAX_CART_LINES) {
      userErrors.push({ code: 'CART_TOO_LARGE', field: base, message: `A cart cannot have more than ${MAX_CART_LINES} lines.` });
    }
    return { cart: draft, userErrors, warnings };
  }

  /** `wanted` capped at what is left for `line` after the cart's other lines of the same variant. */
  private capped(cart: StoredCart, line: StoredLine, variant: VariantModel, wanted: number, warnings: CartWarning[]): number {
    const elsewhere = cart.lines.filter((l) => l !== line && l.variantId === variant.numericId).reduce((n, l) => n + l.quantity, 0);
    const left = Math.max(0, this.inventory.available(variant) - elsewhere);
    if (wanted <= left) return wanted;
    warnings.push(
      left === 0
        ? { code: 'MERCHANDISE_OUT_OF_STOCK', target: variant.id, message: `The product '${variant.product.title}' is already sold out.` }
        : {
            code: 'MERCHANDISE_NOT_ENOUGH_STOCK',
            target: lineGid(cart, line),
            message: `Only ${left} items were added to your cart due to availability.`,
          },
    );
    return left;
  }

  /** An update can make two lines identical (same variant and plan): fold them into the first. */
  private mergeDuplicates(cart: StoredCart): StoredCart {
    const merged: StoredLine[] = [];
    for (const line of cart.lines) {
      const same = merged.find((l) => l.variantId === line.variantId && l.sellingPlanId === line.sellingPlanId);
      if (same) same.quantity += line.quantity;
      else merged.push(line);
    }
    cart.lines = merged;
    return cart;
  }

  private resolveVariant(merchandiseId: string, field: string[], errors: CartUserError[]): VariantModel | null {
    const id = numericIdOf(merchandiseId, 'ProductVariant');
    const variant = id == null ? undefined : this.catalog.variantById.get(id);
    if (!variant) errors.push({ code: 'INVALID', field, message: `The merchandise with id ${merchandiseId} does not exist.` });
    return variant ?? null;
  }

  /** A line keeps its plan across a merchandise change only when the plan belongs to the new product. */
  private keptPlan(line: StoredLine, variant: VariantModel): SellingPlanModel | null {
    const plan = this.planOf(line);
    return plan && plan.group.product === variant.product ? plan : null;
  }

  /** The plan (null for none), or undefined after recording why it cannot be used. */
  private resolvePlan(
    sellingPlanId: string | null,
    variant: VariantModel,
    field: string[],
    errors: CartUserError[],
  ): SellingPlanModel | null | undefined {
    if (sellingPlanId == null) return null;
    const id = numericIdOf(sellingPlanId, 'SellingPlan');
    const plan = id == null ? undefined : this.catalog.sellingPlanById.get(id);
    if (!plan) {
      errors.push({ code: 'INVALID', field, message: `The selling plan with id ${sellingPlanId} does not exist.` });
      return undefined;
    }
    if (plan.group.product !== variant.product) {
      errors.push({
        code: 'SELLING_PLAN_NOT_APPLICABLE',
        field,
        message: `The selling plan with id ${sellingPlanId} is not applicable to the merchandise ${variant.id}.`,
      });
      return undefined;
    }
    return plan;
  }
}
