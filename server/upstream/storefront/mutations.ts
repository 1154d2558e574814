/** Storefront API cart mutations (spec §7); each returns the whole cart and its user errors. */
import { gql, type TypedDocumentNode } from '@apollo/client';
import { CART, USER_ERRORS, WARNINGS } from './fragments';
import type {
  CartAttributesUpdateMutation,
  CartAttributesUpdateMutationVariables,
  CartBuyerIdentityUpdateMutation,
  CartBuyerIdentityUpdateMutationVariables,
  CartCreateMutation,
  CartCreateMutationVariables,
  CartLinesAddMutation,
  CartLinesAddMutationVariables,
  CartLinesRemoveMutation,
  CartLinesRemoveMutationVariables,
  CartLinesUpdateMutation,
  CartLinesUpdateMutationVariables,
} from './generated';

/**
 * New cart with the buyer's country (spec §7), empty unless `lines` are given: the no-JavaScript
 * form creates its cart with the line in one call, so a refused line leaves no empty cart behind.
 */
export const CART_CREATE: TypedDocumentNode<CartCreateMutation, CartCreateMutationVariables> = gql`
  mutation CartCreate($lines: [CartLineInput!] = [], $country: CountryCode = US) @inContext(country: $country) {
    cartCreate(input: { buyerIdentity: { countryCode: $country }, lines: $lines }) {
      cart {
        ...CartFields
      }
      userErrors {
        ...CartUserErrors
      }
      warnings {
        ...CartWarnings
      }
    }
  }
  ${CART}
  ${USER_ERRORS}
  ${WARNINGS}
`;

export const CART_LINES_ADD: TypedDocumentNode<CartLinesAddMutation, CartLinesAddMutationVariables> = gql`
  mutation CartLinesAdd($cartId: ID!, $lines: [CartLineInput!]!, $country: CountryCode = US) @inContext(country: $country) {
    cartLinesAdd(cartId: $cartId, lines: $lines) {
      cart {
        ...CartFields
      }
      userErrors {
        ...CartUserErrors
      }
      warnings {
        ...CartWarnings
      }
    }
  }
  ${CART}
  ${USER_ERRORS}
  ${WARNINGS}
`;

export const CART_LINES_UPDATE: TypedDocumentNode<CartLinesUpdateMutation, CartLinesUpdateMutationVariables> = gql`
  mutation CartLinesUpdate($cartId: ID!, $lines: [CartLineUpdateInput!]!, $country: CountryCode = US) @inContext(country: $country) {
    cartLinesUpdate(cartId: $cartId, lines: $lines) {
      cart {
        ...CartFields
      }
      userErrors {
        ...CartUserErrors
      }
      warnings {
        ...CartWarnings
      }
    }
  }
  ${CART}
  ${USER_ERRORS}
  ${WARNINGS}
`;

export const CART_LINES_REMOVE: TypedDocumentNode<CartLinesRemoveMutation, CartLinesRemoveMutationVariables> = gql`
  mutation CartLinesRemove($cartId: ID!, $lineIds: [ID!]!, $country: CountryCode = US) @inContext(country: $country) {
    cartLinesRemove(cartId: $cartId, lineIds: $lineIds) {
      cart {
        ...CartFields
      }
      userErrors {
        ...CartUserErrors
      }
      warnings {
        ...CartWarnings
      }
    }
  }
  ${CART}
  ${USER_ERRORS}
  ${WARNINGS}
`;

export const CART_ATTRIBUTES_UPDATE: TypedDocumentNode<CartAttributesUpdateMutation, CartAttributesUpdateMutationVariables> = gql`
  mutation CartAttributesUpdate($cartId: ID!, $attributes: [AttributeInput!]!, $country: CountryCode = US) @inContext(country: $country) {
    cartAttributesUpdate(cartId: $cartId, attributes: $attributes) {
      cart {
        ...CartFields
      }
      userErrors {
        ...CartUserErrors
      }
      warnings {
        ...CartWarnings
      }
    }
  }
  ${CART}
  ${USER_ERRORS}
  ${WARNINGS}
`;

export const CART_BUYER_IDENTITY_UPDATE: TypedDocumentNode<CartBuyerIdentityUpdateMutation, CartBuyerIdentityUpdateMutationVariables> = gql`
  mutation CartBuyerIdentityUpdate($cartId: ID!, $buyerIdentity: CartBuyerIdentityInput!, $country: CountryCode = US) @inContext(country: $country) {
    cartBuyerIdentityUpdate(cartId: $cartId, buyerIdentity: $buyerIdentity) {
      cart {
        ...CartFields
      }
      userErrors {
        ...CartUserErrors
      }
      warnings {
        ...CartWarnings
      }
    }
  }
  ${CART}
  ${USER_ERRORS}
  ${WARNINGS}
`;
