/** Shopper-facing texts of spec §8, word for word (the server's answers use only these). */
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
} as const;
