/** A compact product card for header dropdowns: image, title, minimum price in USD, "details" hint. */
import { Link } from 'react-router';
import { productPath } from '../../shared/links';
import type { HeaderProductCard } from '../../shared/types';
import { formatMoney, isPositive } from '../lib/format';
import { Picture } from './Picture';

export function QuickShopCard({ card }: { card: HeaderProductCard }) {
  return (
    <Link to={productPath(card.handle)} className="quick-card">
      {/* Decorative: the link already names the product by its title. */}
      {card.image && <Picture picture={card.image} ratio={4 / 5} sizes="200px" alt="" />}
      <span className="quick-card__title">{card.title}</span>
      {isPositive(card.minPrice) && <span className="quick-card__price">{formatMoney({ amount: card.minPrice.amount, currencyCode: 'USD' })}</span>}
      <span className="quick-card__hint">Details</span>
    </Link>
  );
}
