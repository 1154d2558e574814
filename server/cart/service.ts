/**
 * The cart service: the one place that reads and changes Storefront API carts. The JSON API
 * (server/routes/cart.ts), the no-JavaScript form (server/routes/cart-form.ts), the calendar
 * endpoint (server/routes/availability.ts) and the `/cart` page loader all go through it.
 *
 * Every change is checked first (./rules.ts) and written once; nothing is half-written:
 *   ShopperError 400  malformed input the route could not catch (e.g. a gift note too long)
 *   ShopperError 404  unknown or completed cart, or a line the cart does not hold (the spec §8
 *                     message of the operation, with the cart as it is in `data`)
 *   ShopperError 409  the platform changed the request while writing it (its `warnings`: a
 *                     quantity reduced, an item sold out meanwhile); `data` is the cart as it is
 *   ShopperError 422  refused by a rule (see ./rules.ts); `data` is the unchanged cart
 *   UpstreamError 502/504  an upstream failed; `shopperMessage` is the spec §8 text of the
 *                     operation ("Cart fetch or cart line item addition went wrong." …)
 * Success answers are spec §8's success messages, returned with the cart by the routes.
 */
import type { AvailabilityAnswer, DateKey } from '../../shared/availability';
import { buildCartAttributes, GiftNoteTooLongError, type CartAttributeInput } from '../../shared/cart-attributes';
import type { Cart, CartLine, ProductCard } from '../../shared/types';
import { ShopperError } from '../http/errors';
import { MESSAGES } from '../http/messages';
import { buyerIp, requestLog } from '../http/request-context';
import type { Logger } from '../logger';
import { upstreamMessage } from '../upstream/errors';
import type { StorefrontClient, StorefrontClientFactory } from '../upstream/storefront/client';
import type { CartFieldsFragment, CartUserErrorsFragment, CartWarningsFragment } from '../upstream/storefront/generated';
import {
  CART_ATTRIBUTES_UPDATE,
  CART_BUYER_IDENTITY_UPDATE,
  CART_CREATE,
  CART_LINES_ADD,
  CART_LINES_REMOVE,
  CART_LINES_UPDATE,
} from '../upstream/storefront/mutations';
import { CART_QUERY, VARIANT_AVAILABILITY_QUERY } from '../upstream/storefront/queries';
import { toCart } from '../upstream/storefront/reshape';
import type { AvailabilityService, FulfillmentDateType } from './calendar';
import { assertInStock, assertPurchasable, assertSelectableDate, assertShippable, type VariantState } from './rules';

/** A line to add: ids are Storefront GIDs, `quantity` ≥ 1, attributes already within limits. */
export type LineInput = {
  merchandiseId: string;
  quantity: number;
  sellingPlanId?: string;
  attributes?: { key: string; value: string }[];
};

/** A change to one line: quantity 0 removes it (as Shopify does). */
export type LineUpdate = { id: string; merchandiseId: string; quantity: number };

/** The checkout details the browser holds (spec §3 client-held values); the lines come from the cart. */
export type CheckoutDetails = Omit<CartAttributeInput, 'lines'>;

export type CartServiceDeps = {
  storefront: StorefrontClientFactory;
  calendar: AvailabilityService;
  /**
   * The product's content card by handle, or null when there is none. May throw when the
   * content lake is down: the add then goes ahead on the platform's word alone (logged), so a
   * content outage never stops sales.
   */
  productCard(handle: string): Promise<ProductCard | null>;
  /**
   * Whether the shopper of the current request has unlocked this password-protected product
   * (server/unlock). Default: nobody has.
   */
  unlocked?(handle: string): boolean;
  /** Products with this tag cannot ship (config SHIPPING_EXCLUDED_TAG). */
  shippingExcludedTag: string;
  /** Origin Storefront images must come from (reshape drops others). */
  imageOrigin: string;
  log: Logger;
  /** Clock for drop dates, epoch ms (tests). */
  now?: () => number;
};

export type CartService = ReturnType<typeof createCartService>;

type Payload = { cart?: CartFieldsFragment | null; userErrors: CartUserErrorsFragment[]; warnings: CartWarningsFragment[] } | null | undefined;

/** A user error about the cart id or a line id: the thing asked for does not exist. */
const namesUnknownTarget = (e: CartUserErrorsFragment) => e.field?.[0] === 'cartId' || e.field?.[0] === 'lineIds' || e.field?.at(-1) === 'id';

/**
 * The platform's refusal of a dead customer access token in a buyer identity: CartErrorCode
 * INVALID ("The input value is invalid", Storefront API 2026-04 schema; message "Customer is
 * invalid") on `buyerIdentity.customerAccessToken`.
 */
const refusesCustomerToken = (e: CartUserErrorsFragment) => e.code === 'INVALID' && e.field?.at(-1) === 'customerAccessToken';

export function createCartService(deps: CartServiceDeps) {
  const now = deps.now ?? Date.now;
  const client = (): StorefrontClient => deps.storefront(buyerIp());
  const log = () => requestLog(deps.log);
  const reshape = (cart: CartFieldsFragment): Cart => toCart(cart, { imageOrigin: deps.imageOrigin, log: log() });

  async function find(cartId: string): Promise<Cart | null> {
    const data = await client().query(CART_QUERY, { id: cartId });
    return data.cart ? reshape(data.cart) : null;
  }

  /** The open cart, or a 404 saying `failure` (the spec §8 text of the operation that needed it). */
  async function open(cartId: string, failure: string): Promise<Cart> {
    const cart = await find(cartId);
    if (!cart) throw new ShopperError(404, failure);
    return cart;
  }

  /**
   * The cart's line with this id, or a 404 saying `failure` (the operation's spec §8 text) with
   * the cart as it is: the line went meanwhile (removed in another tab, checked out), and the
   * shopper's view should catch up. Update and remove answer an unknown line alike.
   */
  function lineOf(cart: Cart, lineId: string, failure: string): CartLine {
    const line = cart.lines.find((l) => l.id === lineId);
    if (!line) throw new ShopperError(404, failure, { cart });
    return line;
  }

  async function variantState(merchandiseId: string): Promise<VariantState | null> {
    const { node } = await client().query(VARIANT_AVAILABILITY_QUERY, { id: merchandiseId });
    return node?.__typename === 'ProductVariant' ? node : null;
  }

  async function cardOf(variant: VariantState | null): Promise<ProductCard | null> {
    if (!variant) return null;
    try {
      return await deps.productCard(variant.product.handle);
    } catch (err) {
      log().warn({ err, handle: variant.product.handle }, 'product card unavailable: cart rules checked on the platform data only');
      return null;
    }
  }

  /** Every purchase rule for `quantity` of a variant on one line, `others` being on the cart's other lines. */
  async function purchasable(merchandiseId: string, others: number, quantity: number, cart: Cart | null): Promise<void> {
    const variant = await variantState(merchandiseId);
    const unlocked = variant ? (deps.unlocked?.(variant.product.handle) ?? false) : false;
    assertPurchasable(variant, await cardOf(variant), now(), cart, unlocked);
    assertInStock(variant, others, quantity, cart);
  }

  /** The written cart, or the typed error its payload calls for. */
  function written(payload: Payload, failure: string): Cart {
    const userErrors = payload?.userErrors ?? [];
    if (userErrors.length || !payload?.cart) {
      log().warn({ userErrors }, failure);
      throw new ShopperError(userErrors.some(namesUnknownTarget) ? 404 : 422, failure);
    }
    const cart = reshape(payload.cart);
    if (payload.warnings.length) {
      log().info({ warnings: payload.warnings }, 'cart changed by the platform');
      throw new ShopperError(409, payload.warnings.map((w) => w.message).join(' '), { cart });
    }
    return cart;
  }

  const held = (cart: Cart | null, merchandiseId: string) =>
    cart?.lines.filter((l) => l.merchandise.id === merchandiseId).reduce((sum, l) => sum + l.quantity, 0) ?? 0;

  return {
    /** A new empty cart (spec §7 cartCreate: buyer country, no lines). */
    create(): Promise<Cart> {
      return upstreamMessage(MESSAGES.cartCreateFailed, async () =>
        written((await client().mutate(CART_CREATE, {})).cartCreate, MESSAGES.cartCreateFailed),
      );
    },

    /** The open cart with this id, or null (unknown, or completed at checkout). */
    find(cartId: string): Promise<Cart | null> {
      return upstreamMessage(MESSAGES.somethingWentWrong, () => find(cartId));
    },

    /**
     * Adds a line after every purchase rule passed (spec §5). `cartId` null, or naming no open
     * cart with `orCreate`, creates the cart with the line in one call: a refused add creates
     * nothing.
     * @throws ShopperError 404 unknown cart (without orCreate), 422 refused, 409 changed by the platform
     */
    addLine(cartId: string | null, line: LineInput, { orCreate = false } = {}): Promise<Cart> {
      return upstreamMessage(MESSAGES.cartAddFailed, async () => {
        const cart = cartId === null ? null : orCreate ? await find(cartId) : await open(cartId, MESSAGES.cartAddFailed);
        await purchasable(line.merchandiseId, held(cart, line.merchandiseId), line.quantity, cart);
        if (!cart) return written((await client().mutate(CART_CREATE, { lines: [line] })).cartCreate, MESSAGES.cartAddFailed);
        return written((await client().mutate(CART_LINES_ADD, { cartId: cart.id, lines: [line] })).cartLinesAdd, MESSAGES.cartAddFailed);
      });
    },

    /**
     * Changes a line's quantity or variant. Raising the quantity or switching the variant is
     * checked like an add; lowering it (or 0, which removes the line) always may happen.
     * @throws ShopperError 404 unknown cart or line, 422 refused, 409 changed by the platform
     */
    updateLine(cartId: string, update: LineUpdate): Promise<Cart> {
      return upstreamMessage(MESSAGES.cartUpdateFailed, async () => {
        const cart = await open(cartId, MESSAGES.cartUpdateFailed);
        const line = lineOf(cart, update.id, MESSAGES.cartUpdateFailed);
        const switching = update.merchandiseId !== line.merchandise.id;
        if (update.quantity > 0 && (switching || update.quantity > line.quantity)) {
          const others = held(cart, update.merchandiseId) - (switching ? 0 : line.quantity);
          await purchasable(update.merchandiseId, others, update.quantity, cart);
        }
        return written((await client().mutate(CART_LINES_UPDATE, { cartId, lines: [update] })).cartLinesUpdate, MESSAGES.cartUpdateFailed);
      });
    },

    /** @throws ShopperError 404 unknown cart or line (a line: with the cart as it is) */
    removeLine(cartId: string, lineId: string): Promise<Cart> {
      return upstreamMessage(MESSAGES.cartRemoveFailed, async () => {
        lineOf(await open(cartId, MESSAGES.cartRemoveFailed), lineId, MESSAGES.cartRemoveFailed);
        return written((await client().mutate(CART_LINES_REMOVE, { cartId, lineIds: [lineId] })).cartLinesRemove, MESSAGES.cartRemoveFailed);
      });
    },

    /**
     * Saves the checkout details as cart attributes (spec §3/§4/§5) after checking shipping
     * eligibility and the date against this cart's calendar.
     * @throws ShopperError 400 missing date or gift note over the limit, 404 unknown cart, 422 refused;
     *   UpstreamError('scheduler') when the calendar cannot be had (a date cannot be checked)
     */
    saveAttributes(cartId: string, details: CheckoutDetails): Promise<Cart> {
      return upstreamMessage(MESSAGES.somethingWentWrong, async () => {
        const cart = await open(cartId, MESSAGES.somethingWentWrong);
        let attributes;
        try {
          attributes = buildCartAttributes({ ...details, lines: cart.lines });
        } catch (err) {
          if (err instanceof GiftNoteTooLongError) throw new ShopperError(400, MESSAGES.giftNoteTooLong, { cart });
          throw err;
        }
        const { checkoutType } = details;
        if (!attributes) throw new ShopperError(400, checkoutType === 'pickup' ? MESSAGES.selectPickupDate : MESSAGES.selectDeliveryDate, { cart });
        if (checkoutType === 'shipping') assertShippable(cart, deps.shippingExcludedTag);
        else await assertDateFor(cart, checkoutType, (checkoutType === 'pickup' ? details.pickupDate : details.deliveryDate) as DateKey);
        return written((await client().mutate(CART_ATTRIBUTES_UPDATE, { cartId, attributes })).cartAttributesUpdate, MESSAGES.somethingWentWrong);
      });
    },

    /**
     * Spec §4/§7 cartBuyerIdentityUpdate: links the cart to the signed-in customer (their token,
     * email and phone), so the checkout knows them and the order lands in their account.
     * @throws ShopperError 404 unknown cart; 401 "No customer-no buyer identity update" when the
     *   platform refuses the token (it died after the caller checked it: signed out elsewhere,
     *   expired), the caller's answer for a token already dead; 422 any other refusal
     */
    attachBuyer(cartId: string, buyer: { customerAccessToken: string; email: string | null; phone: string | null }): Promise<Cart> {
      return upstreamMessage(MESSAGES.buyerIdentityFailed, async () => {
        await open(cartId, MESSAGES.buyerIdentityFailed);
        const buyerIdentity = { customerAccessToken: buyer.customerAccessToken, email: buyer.email, phone: buyer.phone };
        const payload = (await client().mutate(CART_BUYER_IDENTITY_UPDATE, { cartId, buyerIdentity })).cartBuyerIdentityUpdate;
        if (payload?.userErrors.some(refusesCustomerToken)) {
          log().info({ userErrors: payload.userErrors }, 'buyer identity: the customer access token died after the customer check');
          throw new ShopperError(401, MESSAGES.noCustomerNoBuyerIdentity);
        }
        return written(payload, MESSAGES.buyerIdentityFailed);
      });
    },

    /**
     * The delivery or pickup calendar for the cart's lines (spec §4 date selector), or null for
     * an empty cart (nothing to schedule).
     * @throws ShopperError 404 unknown cart; UpstreamError 502/504 (scheduler or Storefront down)
     */
    calendar(cartId: string, type: FulfillmentDateType): Promise<AvailabilityAnswer | null> {
      return upstreamMessage(MESSAGES.datesUnavailable, async () => {
        const cart = await open(cartId, MESSAGES.cartNotFound);
        return cart.lines.length ? deps.calendar.calendar(type, cart.lines) : null;
      });
    },
  };

  async function assertDateFor(cart: Cart, type: FulfillmentDateType, date: DateKey): Promise<void> {
    if (!cart.lines.length) throw new ShopperError(422, MESSAGES.nothingToSchedule, { cart });
    const calendar = await upstreamMessage(MESSAGES.datesUnavailable, () => deps.calendar.calendar(type, cart.lines));
    assertSelectableDate(calendar, date, type, cart);
  }
}
