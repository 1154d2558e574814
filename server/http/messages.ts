/**
 * Shopper-facing texts: spec §8 word for word, the spec §9 date labels, and — marked below —
 * short texts of our own where the spec has none.
 */
import { GIFT_NOTE_MAX } from '../../shared/cart-attributes';
import { CLIENT_ERROR_KINDS, CLIENT_ERROR_LIMITS } from '../../shared/client-errors';

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
  // Spec §5 / §8, accounts.
  requiredFieldsMissing: 'Required fields missing.',
  emailRequired: 'Email required.',
  missingRequiredField: 'Missing required field.',
  forbidden: 'Forbidden',
  forbiddenNoToken: 'Forbidden—No customer access token.',
  customerCreated: 'Customer sucessfully created',
  tokenCreateFailed: 'Customer access token create failed.',
  fetchNoToken: 'Fetch customer no customer access token',
  customerFetchFailed: 'Customer fetch failed.',
  createCustomerFailed: 'Create customer failed.',
  recoverFailed: 'Customer recover mutation failed.',
  activateFailed: 'Customer Activate mutation failed.',
  updateFailed: 'Customer update mutation failed.',
  buyerIdentityFailed: 'Cart buyer identity update failed',
  noCustomerNoBuyerIdentity: 'No customer-no buyer identity update',
  // Spec §9 labels: a save without the date the checkout type needs.
  selectDeliveryDate: 'Select a delivery date',
  selectPickupDate: 'Select a pickup date',
  // Not in the spec.
  attributesSaved: 'Your delivery details were saved.',
  cartCreated: 'Cart created.',
  cartFetched: 'Cart fetched.',
  giftNoteTooLong: `The gift note can be at most ${GIFT_NOTE_MAX} characters.`,
  badCartId: 'A valid cartId is required.',
  cartNotFound: 'Cart not found.',
  badFulfillmentType: 'type must be "delivery" or "pickup".',
  nothingToSchedule: 'The cart is empty: nothing to schedule.',
  datesLoaded: 'Available dates.',
  datesUnavailable: 'Dates are unavailable right now.',
  // Accounts, not in the spec.
  signedIn: 'Signed in.',
  signedOut: 'Signed out.',
  recoverSent: 'If an account exists for that email, we have sent a link to reset the password.',
  passwordTooShort: 'Password is too short (minimum is 5 characters)',
  badActivationUrl: 'This activation link is not valid. Use the link in your activation email.',
  badResetUrl: 'This password reset link is not valid. Ask for a new one.',
  tooManyAttempts: 'Too many attempts from your network. Please wait a few minutes and try again.',
  tooManyRequests: 'Too many requests from your network. Please wait a minute and try again.',
  customerFetched: 'Customer fetched.',
  profileSaved: 'Your details were saved.',
  addressSaved: 'Address saved.',
  addressDeleted: 'Address deleted.',
  defaultAddressSet: 'Default address updated.',
  addressNotFound: 'That address is not in your address book.',
  ordersFetched: 'Orders fetched.',
  orderNotFound: 'Order not found.',
  buyerIdentityUpdated: 'Your account is linked to this cart.',
  badAddress: 'Street address, city, ZIP code and country are required.',
  // The browser's error reports (server/routes/client-errors.ts), not in the spec: read by the
  // browser's code, never shown to a shopper.
  badClientErrorReport: 'An error report must be a JSON object { kind, message, digest?, componentStack?, path }.',
  badClientErrorKind: `kind must be one of ${CLIENT_ERROR_KINDS.map((k) => `"${k}"`).join(', ')}.`,
  badClientErrorMessage: `message must be a string of 1 to ${CLIENT_ERROR_LIMITS.message} characters.`,
  badClientErrorDigest: `digest must be a string of at most ${CLIENT_ERROR_LIMITS.digest} characters.`,
  badClientErrorComponentStack: `componentStack must be a string of at most ${CLIENT_ERROR_LIMITS.componentStack} characters.`,
  badClientErrorPath: `path must be a string starting with "/", at most ${CLIENT_ERROR_LIMITS.path} characters without its query string.`,
} as const;
