/**
 * Price with optional struck-through compare-at price (spec §5): the price shows only when
 * above 0; compare-at only when above 0 and above the price (see `showCompareAt`).
 */
import type { Money } from '../../shared/types';
import { formatMoney, isPositive, showCompareAt } from '../lib/format';

export function Price({ price, compareAt, prefix }: { price: Money | null; compareAt?: Money | null; prefix?: string }) {
  if (!isPositive(price)) return null;
  return (
    <span className="price">
      <span className="price__current">
        {prefix ? `${prefix} ` : ''}
        {formatMoney(price)}
      </span>
      {showCompareAt(price, compareAt) && (
        <s className="price__compare">
          <span className="visually-hidden">Regular price </span>
          {formatMoney(compareAt)}
        </s>
      )}
    </span>
  );
}
