/**
 * Shopper-facing texts: spec §8 word for word, the spec §9 date labels, and — marked below —
 * short texts of our own where the spec has none.
 */
import { GIFT_NOTE_MAX } from '../../shared/cart-attributes';

export const MESSAGES = {
  errorPage: 'Whoops something went wrong on our end. Please refresh the page and try again.',
  cartCreateFailed: 'Cart creation was unsuccessful.',
  cartAddFailed: 'Cart fetch or cart line item addition went wrong.',
  cartUpdateFailed: 'Cart fetch or cart line item update went wrong.',
  cartRemoveFailed: 'Cart fetch or cart line removal went wrong.',
  lineUnavailable: 'Line item unavailable or not provided.',
  lineNotObject: 'Line item was provided incorrectly. Must be line item object.',
  noLineId: 'No Line item ID provided.',
  itemAdded: 'An item was successfully added to your cart.',
  itemUpdated: 'Item successfully updated in your cart.',
  itemRemoved: 'Item successfully removed.',
  somethingWentWrong: 'Something went wrong.',
  noProduct: 'No Product found.',
  // Spec §9 labels: a save without the date the checkout type needs.
  selectDeliveryDate: 'Select a delivery date',
  selectPickupDate: 'Select a pickup date',
  // Not in the spec.
  attributesSaved: 'Your delivery details were saved.',
  cartCreated: 'Cart created.',
  cartFetched: 'Cart fetched.',
  lineNotInCart: 'That item is no longer in your cart.',
  giftNoteTooLong: `The gift note can be at most ${GIFT_NOTE_MAX} characters.`,
  badCartId: 'A valid cartId is required.',
  cartNotFound: 'Cart not found.',
  badFulfilmentType: 'type must be "delivery" or "pickup".',
  nothingToSchedule: 'The cart is empty: nothing to schedule.',
  datesLoaded: 'Available dates.',
  datesUnavailable: 'Dates are unavailable right now.',
} as const;
