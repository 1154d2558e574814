/**
 * /accounts/orders (spec §2 protected account screens; §3 Order): the customer's orders, newest
 * first as the server sends them — number (linking to the order's page), date in New York time,
 * payment and fulfillment status in words, total. On narrow screens each row stacks into a card.
 * With no orders, "You haven't placed any orders yet." and a way to the products.
 */
import { Link } from 'react-router';
import { AccountLayout } from '../../components/account/AccountLayout';
import { formatDate, formatMoney } from '../../lib/format';
import { statusInWords } from '../../lib/order-status';
import { useRouteData } from '../../lib/route-data';

export function OrdersPage() {
  const { orders } = useRouteData('orders');
  return (
    <AccountLayout title="Orders">
      {orders.length === 0 ? (
        <div className="account-empty">
          <p>You haven&apos;t placed any orders yet.</p>
          <Link to="/products" className="button">
            Shop our flowers
          </Link>
        </div>
      ) : (
        // Explicit roles: the stacked layout changes the table's display, which some screen
        // readers take as "no longer a table".
        <table className="orders-table" role="table">
          <caption className="visually-hidden">Your orders</caption>
          <thead role="rowgroup">
            <tr role="row">
              <th role="columnheader" scope="col">
                Order
              </th>
              <th role="columnheader" scope="col">
                Date
              </th>
              <th role="columnheader" scope="col">
                Payment
              </th>
              <th role="columnheader" scope="col">
                Fulfillment
              </th>
              <th role="columnheader" scope="col" className="orders-table__total">
                Total
              </th>
            </tr>
          </thead>
          <tbody role="rowgroup">
            {orders.map((order) => (
              <tr key={order.id} role="row">
                <th role="rowheader" scope="row" data-label="Order">
                  <Link to={`/accounts/orders/${order.orderNumber}`}>
                    <span className="visually-hidden">Order </span>
                    {order.name}
                  </Link>
                </th>
                <td role="cell" data-label="Date">
                  <time dateTime={order.processedAt}>{formatDate(order.processedAt)}</time>
                </td>
                <td role="cell" data-label="Payment">
                  {statusInWords(order.financialStatus)}
                </td>
                <td role="cell" data-label="Fulfillment">
                  {statusInWords(order.fulfillmentStatus)}
                </td>
                <td role="cell" data-label="Total" className="orders-table__total">
                  {formatMoney(order.total)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </AccountLayout>
  );
}
