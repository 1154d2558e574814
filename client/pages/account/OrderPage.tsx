/**
 * /accounts/orders/{orderNumber} (spec §2 protected account screens; §3 Order): one order — its
 * date (New York time), statuses and email, the link to its status page on the platform
 * (customerUrl), every line with quantity and variant, the shipping and billing addresses, and
 * subtotal, shipping, tax and total. An order that is not this customer's is the server's 404.
 */
import { Link } from 'react-router';
import type { Address } from '../../../shared/customer';
import type { Money } from '../../../shared/types';
import { AccountLayout } from '../../components/account/AccountLayout';
import { AddressLines } from '../../components/account/AddressLines';
import { formatDate, formatMoney } from '../../lib/format';
import { statusInWords } from '../../lib/order-status';
import { useRouteData } from '../../lib/route-data';

function OrderAddress({ title, address }: { title: string; address: Address | null }) {
  return (
    <section className="account-panel">
      <h2 className="account-panel__title">{title}</h2>
      {address ? <AddressLines address={address} /> : <p>None on this order.</p>}
    </section>
  );
}

export function OrderPage() {
  const { order } = useRouteData('order');
  const totals: [string, Money | null][] = [
    ['Subtotal', order.subtotal],
    ['Shipping', order.shipping],
    ['Tax', order.tax],
  ];
  return (
    <AccountLayout title={`Order ${order.name}`}>
      <div className="order">
        <dl className="order__facts">
          <div>
            <dt>Placed on</dt>
            <dd>
              <time dateTime={order.processedAt}>{formatDate(order.processedAt)}</time>
            </dd>
          </div>
          <div>
            <dt>Payment</dt>
            <dd>{statusInWords(order.financialStatus)}</dd>
          </div>
          <div>
            <dt>Fulfillment</dt>
            <dd>{statusInWords(order.fulfillmentStatus)}</dd>
          </div>
          {order.email && (
            <div>
              <dt>Email</dt>
              <dd>{order.email}</dd>
            </div>
          )}
        </dl>

        {order.customerUrl && (
          <p>
            {/* The platform's page, not one of ours: a plain link. */}
            <a className="account-panel__link" href={order.customerUrl}>
              Order status page<span className="visually-hidden"> for order {order.name}</span>
            </a>
          </p>
        )}

        <table className="order__lines">
          <caption className="visually-hidden">Items in order {order.name}</caption>
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col" className="order__num">
                Quantity
              </th>
              <th scope="col" className="order__num">
                Total
              </th>
            </tr>
          </thead>
          <tbody>
            {order.lineItems.map((line, i) => (
              <tr key={i}>
                <th scope="row">
                  <span className="order__title">{line.title}</span>
                  {line.variantTitle && <span className="order__variant">{line.variantTitle}</span>}
                </th>
                <td className="order__num">{line.quantity}</td>
                <td className="order__num">{formatMoney(line.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>

        <dl className="order__totals">
          {totals.map(
            ([label, money]) =>
              money && (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd>{formatMoney(money)}</dd>
                </div>
              ),
          )}
          <div className="order__grand-total">
            <dt>Total</dt>
            <dd>{formatMoney(order.total)}</dd>
          </div>
        </dl>

        <div className="order__addresses">
          <OrderAddress title="Shipping address" address={order.shippingAddress} />
          <OrderAddress title="Billing address" address={order.billingAddress} />
        </div>

        <p>
          <Link to="/accounts/orders">
            <span aria-hidden="true">← </span>All orders
          </Link>
        </p>
      </div>
    </AccountLayout>
  );
}
