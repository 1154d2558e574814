/**
 * Storefront API read operations (spec §7). Each takes `$country` for `@inContext`
 * (default US, spec §9). Types come from ./generated.ts (`npm run codegen`).
 */
import { gql, type TypedDocumentNode } from '@apollo/client';
import { CART, IMAGE, PRODUCT_DETAIL, PRODUCT_PRICE } from './fragments';
import type {
  CartQuery,
  CartQueryVariables,
  CollectionByHandleQuery,
  CollectionByHandleQueryVariables,
  ProductByHandleQuery,
  ProductByHandleQueryVariables,
  ProductPricesQuery,
  ProductPricesQueryVariables,
  ProductRecommendationsQuery,
  ProductRecommendationsQueryVariables,
  VariantAvailabilityQuery,
  VariantAvailabilityQueryVariables,
} from './generated';

export const PRODUCT_BY_HANDLE_QUERY: TypedDocumentNode<ProductByHandleQuery, ProductByHandleQueryVariables> = gql`
  query ProductByHandle($handle: String!, $country: CountryCode = US) @inContext(country: $country) {
    product(handle: $handle) {
      ...ProductDetail
    }
  }
  ${PRODUCT_DETAIL}
`;

/** Every product's minimum price, for product cards (the catalog has well under 250). */
export const PRODUCT_PRICES_QUERY: TypedDocumentNode<ProductPricesQuery, ProductPricesQueryVariables> = gql`
  query ProductPrices($country: CountryCode = US) @inContext(country: $country) {
    products(first: 250) {
      nodes {
        ...ProductPrice
      }
    }
  }
  ${PRODUCT_PRICE}
`;

export const COLLECTION_BY_HANDLE_QUERY: TypedDocumentNode<CollectionByHandleQuery, CollectionByHandleQueryVariables> = gql`
  query CollectionByHandle($handle: String!, $country: CountryCode = US) @inContext(country: $country) {
    collection(handle: $handle) {
      id
      handle
      title
      description
      descriptionHtml
      image {
        ...ImageFields
      }
      seo {
        title
        description
      }
      products(first: 250) {
        nodes {
          ...ProductPrice
          featuredImage {
            ...ImageFields
          }
        }
      }
    }
  }
  ${IMAGE}
  ${PRODUCT_PRICE}
`;

/** RELATED recommendations (spec §7): 1 media and 20 variants each. */
export const PRODUCT_RECOMMENDATIONS_QUERY: TypedDocumentNode<ProductRecommendationsQuery, ProductRecommendationsQueryVariables> = gql`
  query ProductRecommendations($productId: ID!, $country: CountryCode = US) @inContext(country: $country) {
    productRecommendations(productId: $productId, intent: RELATED) {
      ...ProductPrice
      media(first: 1) {
        nodes {
          ... on MediaImage {
            image {
              ...ImageFields
            }
          }
        }
      }
      variants(first: 20) {
        nodes {
          id
          availableForSale
        }
      }
    }
  }
  ${IMAGE}
  ${PRODUCT_PRICE}
`;

export const CART_QUERY: TypedDocumentNode<CartQuery, CartQueryVariables> = gql`
  query Cart($id: ID!, $country: CountryCode = US) @inContext(country: $country) {
    cart(id: $id) {
      ...CartFields
    }
  }
  ${CART}
`;

/**
 * What the cart service checks before a line is added or changed (spec §5): whether the variant
 * is for sale, how many are left (null: stock not tracked), and its product handle, which names
 * the content card holding the drop date and password rules.
 */
export const VARIANT_AVAILABILITY_QUERY: TypedDocumentNode<VariantAvailabilityQuery, VariantAvailabilityQueryVariables> = gql`
  query VariantAvailability($id: ID!, $country: CountryCode = US) @inContext(country: $country) {
    node(id: $id) {
      __typename
      ... on ProductVariant {
        id
        availableForSale
        quantityAvailable
        product {
          handle
          title
        }
      }
    }
  }
`;
