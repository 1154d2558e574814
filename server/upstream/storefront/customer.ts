/**
 * Storefront API customer operations (spec §7 "customer …" rows; schema 2026-04). Every
 * mutation asks for `customerUserErrors` (code, field, message): the first message is what the
 * shopper reads (spec §8). Connection sizes are the spec §9 limits: 250 addresses, orders and
 * order line items.
 */
import { gql, type TypedDocumentNode } from '@apollo/client';
import { MONEY } from './fragments';
import type {
  CustomerAccessTokenCreateMutation,
  CustomerAccessTokenCreateMutationVariables,
  CustomerAccessTokenDeleteMutation,
  CustomerAccessTokenDeleteMutationVariables,
  CustomerAccessTokenRenewMutation,
  CustomerAccessTokenRenewMutationVariables,
  CustomerActivateByUrlMutation,
  CustomerActivateByUrlMutationVariables,
  CustomerAddressCreateMutation,
  CustomerAddressCreateMutationVariables,
  CustomerAddressDeleteMutation,
  CustomerAddressDeleteMutationVariables,
  CustomerAddressUpdateMutation,
  CustomerAddressUpdateMutationVariables,
  CustomerCreateMutation,
  CustomerCreateMutationVariables,
  CustomerDefaultAddressUpdateMutation,
  CustomerDefaultAddressUpdateMutationVariables,
  CustomerOrdersQuery,
  CustomerOrdersQueryVariables,
  CustomerQuery,
  CustomerQueryVariables,
  CustomerRecoverMutation,
  CustomerRecoverMutationVariables,
  CustomerResetByUrlMutation,
  CustomerResetByUrlMutationVariables,
  CustomerUpdateMutation,
  CustomerUpdateMutationVariables,
} from './generated';

export const CUSTOMER_USER_ERRORS = gql`
  fragment CustomerUserErrors on CustomerUserError {
    code
    field
    message
  }
`;

export const ACCESS_TOKEN = gql`
  fragment AccessToken on CustomerAccessToken {
    accessToken
    expiresAt
  }
`;

export const ADDRESS = gql`
  fragment AddressFields on MailingAddress {
    id
    firstName
    lastName
    company
    address1
    address2
    city
    province
    zip
    country
    phone
    formatted(withName: true, withCompany: true)
  }
`;

export const CUSTOMER = gql`
  fragment CustomerFields on Customer {
    id
    displayName
    firstName
    lastName
    email
    phone
    acceptsMarketing
    numberOfOrders
    defaultAddress {
      ...AddressFields
    }
    addresses(first: 250) {
      nodes {
        ...AddressFields
      }
    }
  }
  ${ADDRESS}
`;

export const ORDER = gql`
  fragment OrderFields on Order {
    id
    orderNumber
    name
    processedAt
    email
    customerUrl
    financialStatus
    fulfillmentStatus
    currencyCode
    currentTotalPrice {
      ...Money
    }
    subtotalPrice {
      ...Money
    }
    totalShippingPrice {
      ...Money
    }
    totalTax {
      ...Money
    }
    shippingAddress {
      ...AddressFields
    }
    billingAddress {
      ...AddressFields
    }
    lineItems(first: 250) {
      nodes {
        title
        quantity
        variant {
          title
        }
        originalTotalPrice {
          ...Money
        }
      }
    }
  }
  ${MONEY}
  ${ADDRESS}
`;

/** Spec §7 customer query: the customer of a token, null when the token is invalid or expired. */
export const CUSTOMER_QUERY: TypedDocumentNode<CustomerQuery, CustomerQueryVariables> = gql`
  query Customer($customerAccessToken: String!) {
    customer(customerAccessToken: $customerAccessToken) {
      ...CustomerFields
    }
  }
  ${CUSTOMER}
`;

/** The customer's orders, newest first (spec §9: up to 250, each with up to 250 line items). */
export const CUSTOMER_ORDERS_QUERY: TypedDocumentNode<CustomerOrdersQuery, CustomerOrdersQueryVariables> = gql`
  query CustomerOrders($customerAccessToken: String!) {
    customer(customerAccessToken: $customerAccessToken) {
      id
      orders(first: 250, sortKey: PROCESSED_AT, reverse: true) {
        nodes {
          ...OrderFields
        }
      }
    }
  }
  ${ORDER}
`;

export const CUSTOMER_ACCESS_TOKEN_CREATE: TypedDocumentNode<CustomerAccessTokenCreateMutation, CustomerAccessTokenCreateMutationVariables> = gql`
  mutation CustomerAccessTokenCreate($input: CustomerAccessTokenCreateInput!) {
    customerAccessTokenCreate(input: $input) {
      customerAccessToken {
        ...AccessToken
      }
      customerUserErrors {
        ...CustomerUserErrors
      }
    }
  }
  ${ACCESS_TOKEN}
  ${CUSTOMER_USER_ERRORS}
`;

/** Renewal answers `userErrors` only (the schema has no customerUserErrors here). */
export const CUSTOMER_ACCESS_TOKEN_RENEW: TypedDocumentNode<CustomerAccessTokenRenewMutation, CustomerAccessTokenRenewMutationVariables> = gql`
  mutation CustomerAccessTokenRenew($customerAccessToken: String!) {
    customerAccessTokenRenew(customerAccessToken: $customerAccessToken) {
      customerAccessToken {
        ...AccessToken
      }
      userErrors {
        field
        message
      }
    }
  }
  ${ACCESS_TOKEN}
`;

export const CUSTOMER_ACCESS_TOKEN_DELETE: TypedDocumentNode<CustomerAccessTokenDeleteMutation, CustomerAccessTokenDeleteMutationVariables> = gql`
  mutation CustomerAccessTokenDelete($customerAccessToken: String!) {
    customerAccessTokenDelete(customerAccessToken: $customerAccessToken) {
      deletedAccessToken
      userErrors {
        field
        message
      }
    }
  }
`;

export const CUSTOMER_CREATE: TypedDocumentNode<CustomerCreateMutation, CustomerCreateMutationVariables> = gql`
  mutation CustomerCreate($input: CustomerCreateInput!) {
    customerCreate(input: $input) {
      customer {
        id
      }
      customerUserErrors {
        ...CustomerUserErrors
      }
    }
  }
  ${CUSTOMER_USER_ERRORS}
`;

export const CUSTOMER_RECOVER: TypedDocumentNode<CustomerRecoverMutation, CustomerRecoverMutationVariables> = gql`
  mutation CustomerRecover($email: String!) {
    customerRecover(email: $email) {
      customerUserErrors {
        ...CustomerUserErrors
      }
    }
  }
  ${CUSTOMER_USER_ERRORS}
`;

export const CUSTOMER_ACTIVATE_BY_URL: TypedDocumentNode<CustomerActivateByUrlMutation, CustomerActivateByUrlMutationVariables> = gql`
  mutation CustomerActivateByUrl($activationUrl: URL!, $password: String!) {
    customerActivateByUrl(activationUrl: $activationUrl, password: $password) {
      customerAccessToken {
        ...AccessToken
      }
      customer {
        email
      }
      customerUserErrors {
        ...CustomerUserErrors
      }
    }
  }
  ${ACCESS_TOKEN}
  ${CUSTOMER_USER_ERRORS}
`;

export const CUSTOMER_RESET_BY_URL: TypedDocumentNode<CustomerResetByUrlMutation, CustomerResetByUrlMutationVariables> = gql`
  mutation CustomerResetByUrl($resetUrl: URL!, $password: String!) {
    customerResetByUrl(resetUrl: $resetUrl, password: $password) {
      customerAccessToken {
        ...AccessToken
      }
      customer {
        email
      }
      customerUserErrors {
        ...CustomerUserErrors
      }
    }
  }
  ${ACCESS_TOKEN}
  ${CUSTOMER_USER_ERRORS}
`;

/** A changed email or password answers a new token (the old ones stop working). */
export const CUSTOMER_UPDATE: TypedDocumentNode<CustomerUpdateMutation, CustomerUpdateMutationVariables> = gql`
  mutation CustomerUpdate($customerAccessToken: String!, $customer: CustomerUpdateInput!) {
    customerUpdate(customerAccessToken: $customerAccessToken, customer: $customer) {
      customer {
        ...CustomerFields
      }
      customerAccessToken {
        ...AccessToken
      }
      customerUserErrors {
        ...CustomerUserErrors
      }
    }
  }
  ${CUSTOMER}
  ${ACCESS_TOKEN}
  ${CUSTOMER_USER_ERRORS}
`;

export const CUSTOMER_ADDRESS_CREATE: TypedDocumentNode<CustomerAddressCreateMutation, CustomerAddressCreateMutationVariables> = gql`
  mutation CustomerAddressCreate($customerAccessToken: String!, $address: MailingAddressInput!) {
    customerAddressCreate(customerAccessToken: $customerAccessToken, address: $address) {
      customerAddress {
        id
      }
      customerUserErrors {
        ...CustomerUserErrors
      }
    }
  }
  ${CUSTOMER_USER_ERRORS}
`;

export const CUSTOMER_ADDRESS_UPDATE: TypedDocumentNode<CustomerAddressUpdateMutation, CustomerAddressUpdateMutationVariables> = gql`
  mutation CustomerAddressUpdate($customerAccessToken: String!, $id: ID!, $address: MailingAddressInput!) {
    customerAddressUpdate(customerAccessToken: $customerAccessToken, id: $id, address: $address) {
      customerAddress {
        id
      }
      customerUserErrors {
        ...CustomerUserErrors
      }
    }
  }
  ${CUSTOMER_USER_ERRORS}
`;

export const CUSTOMER_ADDRESS_DELETE: TypedDocumentNode<CustomerAddressDeleteMutation, CustomerAddressDeleteMutationVariables> = gql`
  mutation CustomerAddressDelete($customerAccessToken: String!, $id: ID!) {
    customerAddressDelete(customerAccessToken: $customerAccessToken, id: $id) {
      deletedCustomerAddressId
      customerUserErrors {
        ...CustomerUserErrors
      }
    }
  }
  ${CUSTOMER_USER_ERRORS}
`;

export const CUSTOMER_DEFAULT_ADDRESS_UPDATE: TypedDocumentNode<CustomerDefaultAddressUpdateMutation, CustomerDefaultAddressUpdateMutationVariables> =
  gql`
  mutation CustomerDefaultAddressUpdate($customerAccessToken: String!, $addressId: ID!) {
    customerDefaultAddressUpdate(customerAccessToken: $customerAccessToken, addressId: $addressId) {
      customer {
        id
      }
      customerUserErrors {
        ...CustomerUserErrors
      }
    }
  }
  ${CUSTOMER_USER_ERRORS}
`;
