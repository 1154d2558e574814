/**
 * Storefront API fragments shared by the operations (schema: hydrogen-react's
 * storefront.schema.json, API 2026-04). Connection sizes are spec §3/§9 limits.
 */
import { gql } from '@apollo/client';

export const MONEY = gql`
  fragment Money on MoneyV2 {
    amount
    currencyCode
  }
`;

export const IMAGE = gql`
  fragment ImageFields on Image {
    url
    altText
    width
    height
  }
`;

/** What a product card needs from the catalog: the minimum price (and stock for "sold out"). */
export const PRODUCT_PRICE = gql`
  fragment ProductPrice on Product {
    id
    handle
    title
    availableForSale
    priceRange {
      minVariantPrice {
        ...Money
      }
    }
  }
  ${MONEY}
`;

export const VARIANT = gql`
  fragment VariantFields on ProductVariant {
    id
    title
    sku
    availableForSale
    quantityAvailable
    selectedOptions {
      name
      value
    }
    price {
      ...Money
    }
    compareAtPrice {
      ...Money
    }
    image {
      ...ImageFields
    }
  }
  ${MONEY}
  ${IMAGE}
`;

/**
 * Product detail (spec §3): 250 variants, 10 images, 10 media, 3 options, 10 plan groups × 10
 * plans. Each variant lists its selling plan allocations (up to 10 × 10): the price of that
 * variant under each plan it can be bought with, as the cart will charge it.
 */
export const PRODUCT_DETAIL = gql`
  fragment ProductDetail on Product {
    id
    handle
    title
    description
    descriptionHtml
    tags
    productType
    vendor
    availableForSale
    totalInventory
    options(first: 3) {
      id
      name
      optionValues {
        name
      }
    }
    images(first: 10) {
      nodes {
        ...ImageFields
      }
    }
    media(first: 10) {
      nodes {
        id
        mediaContentType
        alt
        previewImage {
          ...ImageFields
        }
        ... on MediaImage {
          image {
            ...ImageFields
          }
        }
        ... on Video {
          sources {
            url
            mimeType
            format
            width
            height
          }
        }
      }
    }
    variants(first: 250) {
      nodes {
        ...VariantFields
        sellingPlanAllocations(first: 100) {
          nodes {
            sellingPlan {
              id
            }
            priceAdjustments {
              price {
                ...Money
              }
              compareAtPrice {
                ...Money
              }
              perDeliveryPrice {
                ...Money
              }
            }
          }
        }
      }
    }
    collections(first: 1) {
      nodes {
        handle
        title
      }
    }
    sellingPlanGroups(first: 10) {
      nodes {
        name
        options {
          name
          values
        }
        sellingPlans(first: 10) {
          nodes {
            id
            name
            description
            options {
              name
              value
            }
          }
        }
      }
    }
    seo {
      title
      description
    }
  }
  ${IMAGE}
  ${VARIANT}
`;

/** Cart (spec §3): lines first 150, costs with their "estimated" flags. */
export const CART = gql`
  fragment CartFields on Cart {
    id
    checkoutUrl
    createdAt
    note
    totalQuantity
    attributes {
      key
      value
    }
    cost {
      subtotalAmount {
        ...Money
      }
      subtotalAmountEstimated
      totalAmount {
        ...Money
      }
      totalAmountEstimated
      totalTaxAmount {
        ...Money
      }
      totalTaxAmountEstimated
    }
    lines(first: 150) {
      nodes {
        id
        quantity
        attributes {
          key
          value
        }
        cost {
          totalAmount {
            ...Money
          }
        }
        merchandise {
          ... on ProductVariant {
            ...VariantFields
            product {
              id
              handle
              title
              vendor
              tags
            }
          }
        }
        sellingPlanAllocation {
          sellingPlan {
            id
            name
          }
        }
      }
    }
  }
  ${MONEY}
  ${VARIANT}
`;

export const USER_ERRORS = gql`
  fragment CartUserErrors on CartUserError {
    code
    field
    message
  }
`;

/**
 * What the platform did differently from what was asked (e.g. MERCHANDISE_NOT_ENOUGH_STOCK: the
 * quantity was reduced; MERCHANDISE_OUT_OF_STOCK: nothing was added). The cart service turns any
 * warning into a 409 that reports the cart as it now is.
 */
export const WARNINGS = gql`
  fragment CartWarnings on CartWarning {
    code
    message
    target
  }
`;
