/**
 * A product tile: image (second image on hover, for hovering pointers once hydrated), title,
 * "From" minimum price, and the card's state (sold out, drop date, password text) or banner.
 */
import { Link } from 'react-router';
import { productPath } from '../../shared/links';
import type { ProductCard as ProductCardData } from '../../shared/types';
import { cardAvailability } from '../../shared/product-availability';
import { formatDate } from '../lib/format';
import { useNow } from '../lib/use-now';
import { CARD_SIZES } from '../lib/image-sizes';
import { useCanHover } from '../lib/use-can-hover';
import { Picture } from './Picture';
import { Price } from './Price';

export function ProductCard({
  card,
  eager = false,
  priority = false,
  lowPriority = false,
}: {
  card: ProductCardData;
  eager?: boolean;
  priority?: boolean;
  lowPriority?: boolean;
}) {
  // A drop shows as available once its time has passed, at the server's render time until hydrated.
  const availability = cardAvailability(card, useNow());
  // The second image shows on hover only: rendered once hydrated, for pointers that hover.
  const canHover = useCanHover();
  const note =
    availability.kind === 'soldOut'
      ? availability.text
      : availability.kind === 'drop'
        ? `Available ${formatDate(availability.dropDate)}`
        : availability.kind === 'password'
          ? availability.text
          : null;
  return (
    <Link to={productPath(card.handle)} className="product-card">
      <span className="product-card__media">
        {card.image && <Picture picture={card.image} ratio={4 / 5} sizes={CARD_SIZES} eager={eager} priority={priority} lowPriority={lowPriority} />}
        {card.hoverImage && canHover && <Picture picture={card.hoverImage} ratio={4 / 5} sizes={CARD_SIZES} className="product-card__hover" alt="" />}
        {card.cardBanner?.text && (
          <span
            className="product-card__banner"
            style={{ color: card.cardBanner.textColor ?? undefined, background: card.cardBanner.backgroundColor ?? undefined }}
          >
            {card.cardBanner.text}
          </span>
        )}
      </span>
      <span className="product-card__title">{card.title}</span>
      {note ? (
        <span className="product-card__note">{note}</span>
      ) : (
        <span className="product-card__price">
          <Price price={card.minPrice} prefix="From" />
        </span>
      )}
    </Link>
  );
}

/**
 * Responsive grid of product cards (2 columns on phones, up to 4 on wide screens); the first
 * `eagerCount` images load eagerly, the first with high priority when `priorityFirst` (the LCP).
 * `secondary`: the page's LCP image is above the grid (a hero), so every card's picture is
 * `fetchpriority="low"` and none competes with it.
 */
export function ProductGrid({
  products,
  eagerCount = 0,
  priorityFirst = false,
  secondary = false,
}: {
  products: ProductCardData[];
  eagerCount?: number;
  priorityFirst?: boolean;
  secondary?: boolean;
}) {
  return (
    <ul className="product-grid">
      {products.map((card, i) => (
        <li key={card.handle}>
          <ProductCard card={card} eager={i < eagerCount} priority={priorityFirst && i === 0} lowPriority={secondary} />
        </li>
      ))}
    </ul>
  );
}
