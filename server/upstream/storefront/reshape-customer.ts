/**
 * Storefront API customer, address and order objects → the browser's shapes (shared/customer.ts).
 *
 * Address ids: Shopify's MailingAddress gid carries the customer access token in its query
 * string (`…/MailingAddress/1?model_name=CustomerAddress&customer_access_token=…`). The browser
 * must never see the token, so it gets only the numeric id (`addressKey`); the server finds the
 * full gid again among the customer's own addresses (`findAddressGid`), which also proves the
 * address is theirs.
 */
import type { Address, Customer, OrderDetail, OrderSummary } from '../../../shared/customer';
import type { AddressFieldsFragment, CustomerFieldsFragment, OrderFieldsFragment } from './generated';
import { money } from './reshape';

/** The numeric id of a MailingAddress gid ("gid://shopify/MailingAddress/12?…" → "12"). */
export function addressKey(gid: string): string {
  return /\/MailingAddress\/([^/?]+)/.exec(gid)?.[1] ?? gid;
}

/** The full gid of the customer's address with this key, or null when they have none such. */
export function findAddressGid(customer: CustomerFieldsFragment, key: string): string | null {
  return customer.addresses.nodes.find((a) => addressKey(a.id) === key)?.id ?? null;
}

export function toAddress(a: AddressFieldsFragment): Address {
  return {
    id: addressKey(a.id),
    firstName: a.firstName,
    lastName: a.lastName,
    company: a.company,
    address1: a.address1,
    address2: a.address2,
    city: a.city,
    province: a.province,
    zip: a.zip,
    country: a.country,
    phone: a.phone,
    formatted: a.formatted,
  };
}

export function toCustomer(c: CustomerFieldsFragment): Customer {
  return {
    id: c.id,
    displayName: c.displayName,
    firstName: c.firstName,
    lastName: c.lastName,
    email: c.email,
    phone: c.phone,
    acceptsMarketing: c.acceptsMarketing,
    // UnsignedInt64 travels as a string.
    numberOfOrders: Number(c.numberOfOrders) || 0,
    defaultAddress: c.defaultAddress ? toAddress(c.defaultAddress) : null,
    addresses: c.addresses.nodes.map(toAddress),
  };
}

export function toOrderSummary(o: OrderFieldsFragment): OrderSummary {
  return {
    id: o.id,
    orderNumber: o.orderNumber,
    name: o.name,
    processedAt: o.processedAt,
    financialStatus: o.financialStatus,
    fulfillmentStatus: o.fulfillmentStatus,
    total: money(o.currentTotalPrice),
  };
}

export function toOrderDetail(o: OrderFieldsFragment): OrderDetail {
  return {
    ...toOrderSummary(o),
    email: o.email,
    customerUrl: o.customerUrl,
    lineItems: o.lineItems.nodes.map((line) => ({
      title: line.title,
      quantity: line.quantity,
      variantTitle: line.variant && line.variant.title !== 'Default Title' ? line.variant.title : null,
      total: money(line.originalTotalPrice),
    })),
    shippingAddress: o.shippingAddress ? toAddress(o.shippingAddress) : null,
    billingAddress: o.billingAddress ? toAddress(o.billingAddress) : null,
    subtotal: o.subtotalPrice ? money(o.subtotalPrice) : null,
    shipping: money(o.totalShippingPrice),
    tax: o.totalTax ? money(o.totalTax) : null,
  };
}
