/**
 * The analytics events' payloads (spec §7 "Analytics"), as pure functions of the shop's data so
 * they can be tested without a browser. Tag events go to gtag (GA4 and `window.dataLayer`),
 * marketing events to Klaviyo.
 *
 * Choices where the spec leaves room:
 * - money is the Storefront API's decimal string; GA and Klaviyo get numbers;
 * - `item_id` / `id` is the product's numeric Shopify id, the variant goes in `item_variant`;
 *   "Default Title" (Shopify's name for a product without options) is no variant;
 * - spec: "Item lists use a fixed brand category label and quantity 1 per line": every cart line
 *   is one item with quantity 1, `item_brand` the shop's name, `item_category` "Flowers";
 *   `value` is the cart's total (view_cart, begin_checkout) or the added units' price (add_to_cart);
 * - Klaviyo properties follow Klaviyo's own names for these metrics (ProductName, AddedItemSKU,
 *   ItemNames, CheckoutURL, `$value`, `$event_id`).
 */
import type { DropTheHintInput } from '../../shared/marketing';
import type { Cart, CartLine, Money, ProductDetail, ProductVariant } from '../../shared/types';
import type { GaEcommerceParams, GaItem, KlaviyoProperties } from './types';

/** Spec §7: "The brand label is fixed." */
export const BRAND = 'Gramercy Stems';
/** Spec §1: the category label "Flowers". */
export const ITEM_CATEGORY = 'Flowers';

/** Spec §7 event names, word for word. */
export const GA_EVENTS = {
  viewCart: 'view_cart',
  addToCart: 'add_to_cart',
  beginCheckout: 'begin_checkout',
  viewedProduct: 'Viewed Product',
  dropTheHint: 'drop_the_hint',
} as const;

export const KLAVIYO_METRICS = {
  viewedProduct: 'Viewed Product',
  addedToCart: 'Added to Cart',
  checkoutBegan: 'Checkout Began',
  hintDropped: 'Hint Dropped',
} as const;

const DEFAULT_VARIANT_TITLE = 'Default Title';

/** "85.0" → 85 (a malformed amount counts as 0 rather than NaN). */
export function amount(money: Money | null | undefined): number {
  const n = Number(money?.amount);
  return Number.isFinite(n) ? n : 0;
}

/** `gid://shopify/Product/123` → "123"; `gid://shopify/Cart/tok?key=k` → "tok" (never the key). */
export function shortId(gid: string): string {
  const path = gid.split('?')[0];
  return path.slice(path.lastIndexOf('/') + 1);
}

const variantTitle = (title: string): string | undefined => (title && title !== DEFAULT_VARIANT_TITLE ? title : undefined);

function gaLineItem(line: CartLine): GaItem {
  const { merchandise } = line;
  return {
    item_id: shortId(merchandise.product.id),
    item_name: merchandise.product.title,
    item_variant: variantTitle(merchandise.title),
    item_brand: BRAND,
    item_category: ITEM_CATEGORY,
    price: amount(merchandise.price),
    quantity: 1,
  };
}

/** view_cart and begin_checkout: the whole cart. */
export function gaCartParams(cart: Cart): GaEcommerceParams {
  return { currency: cart.cost.totalAmount.currencyCode, value: amount(cart.cost.totalAmount), items: cart.lines.map(gaLineItem) };
}

/** add_to_cart: the added line's variant, `quantity` units of it (1 from the product page). */
export function gaAddToCartParams(line: CartLine, quantity = 1): GaEcommerceParams {
  const item = { ...gaLineItem(line), quantity };
  return { currency: line.merchandise.price.currencyCode, value: item.price * quantity, items: [item] };
}

/** The variant's size: its "Size" option, else its title. */
function sizeOf(variant: ProductVariant): string | undefined {
  return variant.selectedOptions.find((o) => o.name.toLowerCase() === 'size')?.value ?? variantTitle(variant.title);
}

/** GA "Viewed Product" (spec §7: items with id, name, variant, size, price, currency, quantity, brand). */
export function gaViewedProductParams(product: ProductDetail, variant: ProductVariant) {
  return {
    items: [
      {
        id: shortId(product.id),
        name: product.title,
        variant: variantTitle(variant.title),
        size: sizeOf(variant),
        price: amount(variant.price),
        currency: variant.price.currencyCode,
        quantity: 1,
        brand: BRAND,
      },
    ],
  };
}

/**
 * GA drop_the_hint (spec §7: gifter's email, gifter's name, name, phone, product handle, title and
 * image), word for word. NB: this hands a third person's email and phone to the tag (see the
 * note in index.ts).
 */
export function gaDropTheHintParams(hint: DropTheHintInput) {
  return {
    gifter_email: hint.gifterEmail,
    gifter_name: hint.gifterName,
    name: hint.name,
    phone: hint.phoneNumber ?? '',
    product_handle: hint.productHandle,
    product_title: hint.productTitle,
    product_image: hint.productImage ?? '',
  };
}

/** Klaviyo "Viewed Product" (Klaviyo's standard properties). `origin`: the shop's, for URLs. */
export function klaviyoViewedProduct(product: ProductDetail, variant: ProductVariant, origin: string): KlaviyoProperties {
  return {
    ProductName: product.title,
    ProductID: shortId(product.id),
    SKU: variant.sku ?? '',
    Variant: variantTitle(variant.title) ?? '',
    Categories: [ITEM_CATEGORY],
    ImageURL: variant.image?.src ?? product.images[0]?.src ?? '',
    URL: `${origin}/products/${product.handle}`,
    Brand: BRAND,
    Price: amount(variant.price),
    CompareAtPrice: variant.compareAtPrice ? amount(variant.compareAtPrice) : null,
    $value: amount(variant.price),
  };
}

/** Klaviyo "Added to Cart" (spec §7: value, item name/id/sku/price/quantity, checkout url). `$value`: the cart's total. */
export function klaviyoAddedToCart(cart: Cart, line: CartLine, quantity = 1): KlaviyoProperties {
  const { merchandise } = line;
  return {
    $value: amount(cart.cost.totalAmount),
    AddedItemProductName: merchandise.product.title,
    AddedItemProductID: shortId(merchandise.product.id),
    AddedItemSKU: merchandise.sku ?? '',
    AddedItemPrice: amount(merchandise.price),
    AddedItemQuantity: quantity,
    CheckoutURL: cart.checkoutUrl,
    ItemNames: cart.lines.map((l) => l.merchandise.product.title),
  };
}

/**
 * Klaviyo "Checkout Began" (spec §7: event id of cart id and epoch seconds, value, item names,
 * checkout url). The cart id part is the cart's token, never its `?key=` secret.
 */
export function klaviyoCheckoutBegan(cart: Cart, nowMs: number): KlaviyoProperties {
  return {
    $event_id: `${shortId(cart.id)}_${Math.floor(nowMs / 1000)}`,
    $value: amount(cart.cost.totalAmount),
    ItemNames: cart.lines.map((l) => l.merchandise.product.title),
    CheckoutURL: cart.checkoutUrl,
  };
}

/** Klaviyo "Hint Dropped" (spec §7: title, gifter's name, product handle). */
export function klaviyoHintDropped(hint: DropTheHintInput): KlaviyoProperties {
  return { Title: hint.productTitle, GifterName: hint.gifterName, ProductHandle: hint.productHandle };
}
