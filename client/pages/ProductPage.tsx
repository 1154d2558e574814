/**
 * Product detail (/products/{handle}): gallery, title and price (spec §5), variant options as
 * radio buttons kept in `?variant=`, one-time vs subscription choice, stock note, the
 * availability states (password, drop, sold out), the sign-ups (reserve on a drop, back in stock
 * on a sold-out variant, drop the hint unless sold out), accordion, description and RELATED products.
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { amountCents } from '../../shared/money';
import type { RouteDataMap } from '../../shared/route-data';
import { RELATED_PRODUCTS, type ProductDetail, type ProductVariant, type SellingPlanAllocation, type SiteSettings } from '../../shared/types';
import { useViewedProductEvent } from '../analytics/use-viewed-product';
import { AddToCart } from '../components/AddToCart';
import { DeferHydration } from '../components/DeferHydration';
import { Gallery } from '../components/Gallery';
import { BackInStockForm, DropTheHint, ReserveForm } from '../components/marketing/ProductSignups';
import { OptionPicker } from '../components/OptionPicker';
import { Price } from '../components/Price';
import { ProductGrid } from '../components/ProductCard';
import { RichText } from '../components/RichText';
import { UnlockForm } from '../components/UnlockForm';
import { cardAvailability, SOLD_OUT_TEXT } from '../../shared/product-availability';
import { formatDate, formatMoney } from '../lib/format';
import { useRouteData } from '../lib/route-data';
import { useNow } from '../lib/use-now';
import {
  choosableOptions,
  initialVariant,
  SELLING_PLAN_PARAM,
  VARIANT_PARAM,
  sellingPlanParam,
  selectedAllocation,
  variantParam,
  variantWith,
} from '../lib/variants';

/** Spec: a quantity note when only a few are left. */
const LOW_STOCK_MAX = 3;
const ONE_TIME = '';

type PurchaseAreaProps = { product: ProductDetail; variant: ProductVariant; sellingPlanId: string; pdp: SiteSettings['pdpSettings'] };

/**
 * What the shopper can do about the product now. It reads the time itself (a drop opens on time,
 * at the server's render time until hydrated): the page around it does not re-render when the
 * time moves, which would hydrate its deferred regions at once (components/DeferHydration.tsx).
 */
function PurchaseArea({ product, variant, sellingPlanId, pdp }: PurchaseAreaProps) {
  const availability = cardAvailability(product.card, useNow());
  // Locked: the loader sent only what the card shows; an unlocked product's card has no gate.
  if (availability.kind === 'password') return <UnlockForm handle={product.handle} text={availability.text} />;
  if (availability.kind === 'drop') {
    return (
      <>
        <p className="product__state">Available {formatDate(availability.dropDate)}</p>
        <ReserveForm productHandle={product.handle} pdp={pdp} />
      </>
    );
  }
  if (availability.kind === 'soldOut' || !variant.availableForSale) {
    const text = availability.kind === 'soldOut' ? availability.text : product.card?.customSoldOutText || SOLD_OUT_TEXT;
    return (
      <>
        <button type="button" className="button button--block" disabled>
          {text}
        </button>
        <BackInStockForm key={variant.id} variantId={variant.id} pdp={pdp} />
      </>
    );
  }
  if (product.card?.disableProductInteraction) return null;
  const left = variant.quantityAvailable;
  return (
    <>
      {left != null && left >= 1 && left <= LOW_STOCK_MAX && <p className="product__stock">Only {left} left</p>}
      <AddToCart variantId={variant.id} sellingPlanId={sellingPlanId || undefined} />
    </>
  );
}

/**
 * "Drop the hint" (spec §2) tells a gifter what to buy: offered unless the product is locked
 * (password) or cannot be bought at all (sold out in the content, or no variant for sale), where
 * the page offers back-in-stock instead. Reads the time itself, as PurchaseArea.
 */
function HintOffer({ product, pdp }: { product: ProductDetail; pdp: SiteSettings['pdpSettings'] }) {
  const { kind } = cardAvailability(product.card, useNow());
  if (kind === 'password' || kind === 'soldOut' || !product.availableForSale) return null;
  return <DropTheHint product={product} pdp={pdp} />;
}

/**
 * The price line: the variant's price, or under a selling plan the plan's price as the platform
 * allocates it (what the cart will charge) set against the one-time price, per delivery.
 */
function ProductPrice({ variant, allocation }: { variant: ProductVariant; allocation: SellingPlanAllocation | undefined }) {
  if (!allocation) return <Price price={variant.price} compareAt={variant.compareAtPrice} />;
  // A prepaid plan charges several deliveries at once: then the per-delivery price is told apart.
  const prepaid = amountCents(allocation.perDeliveryPrice) !== amountCents(allocation.price);
  return (
    <>
      <Price price={allocation.price} compareAt={allocation.compareAtPrice} />
      <span className="product__price-unit">{prepaid ? ` (${formatMoney(allocation.perDeliveryPrice)} per delivery)` : ' per delivery'}</span>
    </>
  );
}

export function ProductPage() {
  const { product, related } = useRouteData('product');
  // A new product starts afresh (image choice, purchase option).
  return <ProductView key={product.handle} product={product} related={related} />;
}

function ProductView({ product, related }: Pick<RouteDataMap['product'], 'product' | 'related'>) {
  const [searchParams, setSearchParams] = useSearchParams();
  const variant = initialVariant(product, searchParams.get(VARIANT_PARAM));
  const [picked, setPicked] = useState<{ variantId: string; index: number } | null>(null);
  const { pdpSettings } = useRouteData('root').settings;
  useViewedProductEvent(product, variant);
  if (!variant) return null;

  const variantImage = variant.image
    ? Math.max(
        0,
        product.images.findIndex((img) => img.src === variant.image?.src),
      )
    : 0;
  const imageIndex = picked?.variantId === variant.id ? picked.index : variantImage;
  /** The choices live in the URL (shareable, and what the server renders): `value` null removes `name`. */
  const setParam = (name: string, value: string | null) =>
    setSearchParams(
      (prev) => {
        const params = new URLSearchParams(prev);
        if (value === null) params.delete(name);
        else params.set(name, value);
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  const selectVariant = (next: ProductVariant | undefined) => {
    if (next) setParam(VARIANT_PARAM, variantParam(next.id));
  };
  // The purchase options of this variant: one-time, and each plan the platform prices for it.
  const allocation = selectedAllocation(variant, searchParams.get(SELLING_PLAN_PARAM));
  const sellingPlanId = allocation?.sellingPlanId ?? ONE_TIME;
  const plans = product.sellingPlanGroups
    .flatMap((group) => group.sellingPlans)
    .flatMap((plan) => {
      const planAllocation = variant.sellingPlanAllocations.find((a) => a.sellingPlanId === plan.id);
      return planAllocation ? [{ plan, allocation: planAllocation }] : [];
    });
  const selectedPlan = plans.find(({ plan }) => plan.id === sellingPlanId)?.plan;

  return (
    <article className="product">
      <div className="product__layout">
        <Gallery
          images={product.images}
          videos={product.videos}
          selected={imageIndex}
          onSelect={(index) => setPicked({ variantId: variant.id, index })}
          title={product.title}
        />
        <div className="product__info">
          <p className="eyebrow">Flowers</p>
          <h1 className="product__title">{product.title}</h1>
          <p className="product__price">
            <ProductPrice variant={variant} allocation={allocation} />
          </p>
          {choosableOptions(product).map((option) => {
            const current = variant.selectedOptions.find((o) => o.name === option.name)?.value ?? '';
            return (
              <OptionPicker
                key={option.name}
                label={option.name}
                value={current}
                choices={option.values.map((value) => ({
                  value,
                  label: value,
                  disabled: !variantWith(product, variant.selectedOptions, option.name, value)?.availableForSale,
                }))}
                onChange={(value) => selectVariant(variantWith(product, variant.selectedOptions, option.name, value))}
              />
            );
          })}
          {plans.length > 0 && (
            <>
              <OptionPicker
                label="Purchase options"
                value={sellingPlanId}
                choices={[
                  { value: ONE_TIME, label: 'One-time purchase', note: formatMoney(variant.price) },
                  ...plans.map(({ plan, allocation: a }) => ({ value: plan.id, label: plan.name, note: formatMoney(a.price) })),
                ]}
                onChange={(id) => setParam(SELLING_PLAN_PARAM, id === ONE_TIME ? null : sellingPlanParam(id))}
              />
              {selectedPlan?.description && <p className="product__plan-description">{selectedPlan.description}</p>}
            </>
          )}
          <PurchaseArea product={product} variant={variant} sellingPlanId={sellingPlanId} pdp={pdpSettings} />
          <HintOffer product={product} pdp={pdpSettings} />
          {product.descriptionHtml && (
            <section className="product__description" aria-labelledby="product-description-title">
              {/* The shop's descriptions use h3 sub-headings ("Care"): this h2 keeps the outline in order. */}
              <h2 id="product-description-title" className="visually-hidden">
                Description
              </h2>
              <div dangerouslySetInnerHTML={{ __html: product.descriptionHtml }} />
            </section>
          )}
          {product.accordionItems.length > 0 && (
            // Native <details>: they open and close before the region hydrates.
            <DeferHydration>
              <div className="accordion">
                {product.accordionItems.map((item) => (
                  <details key={item.key}>
                    <summary>{item.title}</summary>
                    <RichText value={item.text} />
                  </details>
                ))}
              </div>
            </DeferHydration>
          )}
        </div>
      </div>
      {related.length > 0 && (
        <DeferHydration>
          <section className="section related" aria-labelledby="related-title">
            <h2 id="related-title" className="section__title">
              RELATED
            </h2>
            <ProductGrid products={related.slice(0, RELATED_PRODUCTS)} />
          </section>
        </DeferHydration>
      )}
    </article>
  );
}
