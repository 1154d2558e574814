/**
 * A compact product card for header dropdowns: image, title, minimum price in USD, "details" hint.
 * `showImage` false renders an empty frame of the image's size instead: the header's dropdowns
 * are on every page but closed, so their pictures (a srcset and a placeholder each, about 10 KB of
 * HTML over a dozen cards) come only once a dropdown is first opened (Header's DropdownItem).
 */
import { Link } from 'react-router';
import { productPath } from '../../shared/links';
import type { HeaderProductCard } from '../../shared/types';
import { CARD_CURRENCY, formatMoney, isPositive } from '../lib/format';
import { Picture } from './Picture';

export function QuickShopCard({ card, showImage = true }: { card: HeaderProductCard; showImage?: boolean }) {
  return (
    <Link to={productPath(card.handle)} className="quick-card">
      {/* Decorative: the link already names the product by its title. */}
      {card.image &&
        (showImage ? <Picture picture={card.image} ratio={4 / 5} sizes="200px" alt="" /> : <span className="picture quick-card__frame" />)}
      <span className="quick-card__title">{card.title}</span>
      {isPositive(card.minPrice) && (
        <span className="quick-card__price">{formatMoney({ amount: card.minPrice.amount, currencyCode: CARD_CURRENCY })}</span>
      )}
      <span className="quick-card__hint">Details</span>
    </Link>
  );
}
