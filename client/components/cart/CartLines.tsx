/**
 * Cart lines (spec §2): image, product title, options except "Default Title", selling plan,
 * the −/+ quantity adjuster (spec §4: disabled while loading, + stops at the available
 * quantity) and the line total. `readOnly` shows the quantity as text (the no-JavaScript page).
 */
import { observer } from 'mobx-react-lite';
import { Link } from 'react-router';
import type { CartLine } from '../../../shared/types';
import { formatMoney } from '../../lib/format';
import { useStores } from '../../stores';
import { Picture } from '../Picture';

const Quantity = observer(function Quantity({ line, title }: { line: CartLine; title: string }) {
  const { cart } = useStores();
  return (
    <div className="quantity" role="group" aria-label={`Quantity of ${title}`}>
      <button type="button" aria-label={`Decrease quantity of ${title}`} disabled={cart.loading} onClick={() => void cart.decrement(line)}>
        −
      </button>
      <output aria-live="polite">{line.quantity}</output>
      <button
        type="button"
        aria-label={`Increase quantity of ${title}`}
        disabled={!cart.canIncrement(line)}
        onClick={() => void cart.increment(line)}
      >
        +
      </button>
    </div>
  );
});

function LineItem({ line, readOnly }: { line: CartLine; readOnly: boolean }) {
  const { merchandise } = line;
  const options = merchandise.selectedOptions.filter((o) => o.value !== 'Default Title');
  const title = merchandise.product.title;
  return (
    <li className="cart-line">
      <Link to={`/products/${merchandise.product.handle}`} className="cart-line__image" tabIndex={-1} aria-hidden="true">
        {merchandise.image && <Picture picture={merchandise.image} ratio={4 / 5} sizes="96px" alt={merchandise.image.alt || title} />}
      </Link>
      <div className="cart-line__body">
        <p className="cart-line__title">{title}</p>
        {options.map((o) => (
          <p key={o.name} className="cart-line__meta">
            {o.name}: {o.value}
          </p>
        ))}
        {line.sellingPlanAllocation && <p className="cart-line__meta">{line.sellingPlanAllocation.sellingPlan.name}</p>}
        {readOnly ? <p className="cart-line__meta">Quantity: {line.quantity}</p> : <Quantity line={line} title={title} />}
      </div>
      <p className="cart-line__total">{formatMoney(line.cost.totalAmount)}</p>
    </li>
  );
}

export function CartLines({ lines, readOnly = false }: { lines: CartLine[]; readOnly?: boolean }) {
  return (
    <ul className="cart-lines">
      {lines.map((line) => (
        <LineItem key={line.id} line={line} readOnly={readOnly} />
      ))}
    </ul>
  );
}
