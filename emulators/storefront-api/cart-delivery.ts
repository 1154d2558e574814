/**
 * A cart's delivery (Storefront API 2026-04), independent of GraphQL: its selectable delivery
 * addresses (`cart.delivery.addresses`, cartDeliveryAddressesAdd / Update / Remove / Replace and
 * `cartCreate(input.delivery)`), its delivery groups with their options (`cart.deliveryGroups`)
 * and the selected option of each group (cartSelectedDeliveryOptionsUpdate).
 *
 * Addresses (checked against the schema's descriptions of CartSelectableAddressInput,
 * DeliveryAddressValidationStrategy and CartErrorCode, and shopify.dev's cartDeliveryAddressesAdd):
 * - at most MAX_DELIVERY_ADDRESSES (20) per cart, else TOO_MANY_DELIVERY_ADDRESSES;
 * - at most one selected: two `selected: true` in one input is ONLY_ONE_DELIVERY_ADDRESS_CAN_BE_SELECTED,
 *   selecting one unselects the others;
 * - `validationStrategy` COUNTRY_CODE_ONLY (the default) checks only that a country code is given;
 *   STRICT also requires address1, city, zip, last name (and a state in the US) and checks the
 *   state and zip of US addresses (addresses.ts, the same rules as customer addresses). Fields
 *   over 255 characters or with HTML tags are always refused;
 * - `copyFromCustomerAddressId` copies one of the linked customer's addresses (buyerIdentity's
 *   customerAccessToken); anything else is INVALID_DELIVERY_ADDRESS_ID;
 * - an address equal to one already on the cart is not added twice: the warning
 *   DUPLICATE_DELIVERY_ADDRESS targets the existing one.
 *
 * Groups (CartDeliveryGroup, CartDeliveryGroupType): lines with a selling plan form a SUBSCRIPTION
 * group, the others a ONE_TIME_PURCHASE group, both to the delivery address: the selected cart
 * address, else the default address of the linked customer (the `deliveryGroups` description).
 * No address means no groups (Shopify answers an empty list until it knows where to deliver).
 * Options come from the seed's rates (delivery-rates.ts); the first offered one is selected by
 * default (shopify.dev changelog "New selected_delivery_option field in cart": "A default
 * CartDeliveryOption is saved as the selected_delivery_option in each CartDeliveryGroup").
 * A selection made with cartSelectedDeliveryOptionsUpdate is kept while its group goes to the same
 * address and still offers it (lines may change); a new address or an option no longer offered
 * falls back to the default.
 */
import { randomBytes } from 'node:crypto';
import { checkAddressInput, isUnitedStates, type AddressFields, type AddressProblem, type MailingAddressInput } from './addresses';
import type { CartResult, CartStore, CartUserError, CartWarning, StoredCart, StoredLine } from './carts';
import type { TaxPlace } from './checkout-seed';
import type { CustomerStore } from './customers';
import { customerAddressGid } from './customers';
import { ratesFor, type DeliveryRate } from './delivery-rates';
import { gid, parseGid } from './ids';
import { money } from './money';
import type { ShippingLine } from './orders';
import { unitPriceCents } from './pricing';

/** Shopify's limit: "A cart can have up to 20 delivery addresses." */
export const MAX_DELIVERY_ADDRESSES = 20;

export type StoredDeliveryAddress = { id: string; address: AddressFields; selected: boolean; oneTimeUse: boolean };
export type DeliveryGroupType = 'ONE_TIME_PURCHASE' | 'SUBSCRIPTION';
/** A chosen option of a group, valid only while the group goes to the address it was chosen for (`addressKey`). */
export type StoredDeliverySelection = { groupType: DeliveryGroupType; handle: string; addressKey: string };

/** The Storefront API's CartDeliveryAddressInput. */
export type CartDeliveryAddressInput = Partial<
  Record<'address1' | 'address2' | 'city' | 'company' | 'countryCode' | 'firstName' | 'lastName' | 'phone' | 'provinceCode' | 'zip', string | null>
>;
/** CartAddressInput: exactly one kind of address. */
export type CartAddressInput = { deliveryAddress?: CartDeliveryAddressInput | null; copyFromCustomerAddressId?: string | null };
type ValidationStrategy = 'COUNTRY_CODE_ONLY' | 'STRICT';
/** CartSelectableAddressInput. */
export type SelectableAddressInput = {
  address: CartAddressInput;
  selected?: boolean | null;
  oneTimeUse?: boolean | null;
  validationStrategy?: ValidationStrategy | null;
};
/** CartSelectableAddressUpdateInput. */
export type SelectableAddressUpdateInput = Partial<SelectableAddressInput> & { id: string };
/** CartSelectedDeliveryOptionInput. */
export type SelectedDeliveryOptionInput = { deliveryGroupId: string; deliveryOptionHandle: string };

/** What delivery needs of the emulator: lines' catalog objects, the linked customer, the seed's rates. */
export type DeliveryDeps = { carts: Pick<CartStore, 'variantOf' | 'planOf'>; customers: CustomerStore; deliveryRates: DeliveryRate[] };

export const selectableAddressGid = (cart: StoredCart, a: StoredDeliveryAddress) => gid('CartSelectableAddress', a.id, { cart: cart.token });

/** The stored address a `gid://shopify/CartSelectableAddress/…` names on `cart`. */
const addressById = (cart: StoredCart, id: string) => cart.deliveryAddresses?.find((a) => a.id === parseGid(id)?.id) ?? null;

const message = {
  tooMany: `Too many delivery addresses on Cart. A cart can have at most ${MAX_DELIVERY_ADDRESSES} delivery addresses.`,
  onlyOneSelected: 'Only one delivery address can be selected.',
  notFound: 'The delivery address was not found.',
  exactlyOne: 'Exactly one kind of delivery address must be given: deliveryAddress or copyFromCustomerAddressId.',
  required: (label: string) => `${label} is required.`,
  province: 'The given province cannot be found.',
  zip: 'The given zip code is invalid for the provided country.',
};

const REQUIRED_WHEN_STRICT: [keyof CartDeliveryAddressInput, string][] = [
  ['lastName', 'Last name'],
  ['address1', 'Address1'],
  ['city', 'City'],
  ['zip', 'Zip'],
];

/** An addresses.ts problem as a CartUserError on the CartDeliveryAddressInput field. */
function problemError(problem: AddressProblem, field: string[]): CartUserError {
  const inputField = problem.field === 'province' ? 'provinceCode' : problem.field === 'country' ? 'countryCode' : problem.field;
  const path = [...field, inputField];
  if (problem.code === 'TOO_LONG') return { code: 'ADDRESS_FIELD_IS_TOO_LONG', field: path, message: problem.message };
  if (problem.code === 'CONTAINS_HTML_TAGS') return { code: 'ADDRESS_FIELD_CONTAINS_HTML_TAGS', field: path, message: problem.message };
  if (problem.field === 'province') return { code: 'PROVINCE_NOT_FOUND', field: path, message: message.province };
  if (problem.field === 'zip') return { code: 'INVALID_ZIP_CODE_FOR_COUNTRY', field: path, message: message.zip };
  return { code: 'ADDRESS_FIELD_DOES_NOT_MATCH_EXPECTED_PATTERN', field: path, message: problem.message };
}

/** A typed delivery address checked by `strategy`; null after recording why it was refused. */
function typedAddress(input: CartDeliveryAddressInput, strategy: ValidationStrategy, field: string[], errors: CartUserError[]): AddressFields | null {
  const countryCode = input.countryCode ?? null;
  const mailing: MailingAddressInput = { ...input, country: countryCode, province: input.provinceCode ?? null };
  const { address, problems } = checkAddressInput(null, mailing);
  const refused = problems.filter((p) => strategy === 'STRICT' || p.code !== 'INVALID');
  const found = refused.map((p) => problemError(p, field));
  if (!countryCode) found.push({ code: 'ADDRESS_FIELD_IS_REQUIRED', field: [...field, 'countryCode'], message: message.required('Country') });
  if (strategy === 'STRICT') {
    const required = [...REQUIRED_WHEN_STRICT, ...(isUnitedStates(countryCode) ? [['provinceCode', 'Province'] as const] : [])];
    for (const [key, label] of required) {
      if (!input[key]?.trim()) found.push({ code: 'ADDRESS_FIELD_IS_REQUIRED', field: [...field, key], message: message.required(label) });
    }
  }
  errors.push(...found);
  if (found.length) return null;
  // The input names the country by code: outside the US, keep that code (addresses.ts only knows US names).
  if (!address.countryCode) Object.assign(address, { country: countryCode, countryCode });
  if (!address.provinceCode && address.province) address.provinceCode = address.province;
  return address;
}

/** The linked customer's address with GID `id`, or null (no linked customer, or not theirs). */
function customerAddress(cart: StoredCart, deps: DeliveryDeps, id: string): AddressFields | null {
  const customer = deps.customers.byAccessToken(cart.buyerIdentity.customerAccessToken);
  const found = customer?.addresses.find((a) => customerAddressGid(a) === id);
  if (!found) return null;
  const { id: _id, ...fields } = found;
  return fields;
}

/** A CartAddressInput resolved to address fields; null after recording why it was refused. */
function resolveAddress(
  cart: StoredCart,
  deps: DeliveryDeps,
  input: CartAddressInput,
  strategy: ValidationStrategy,
  field: string[],
  errors: CartUserError[],
): AddressFields | null {
  const { deliveryAddress, copyFromCustomerAddressId } = input;
  if ((deliveryAddress == null) === (copyFromCustomerAddressId == null)) {
    errors.push({ code: 'INVALID', field, message: message.exactlyOne });
    return null;
  }
  if (deliveryAddress) return typedAddress(deliveryAddress, strategy, [...field, 'deliveryAddress'], errors);
  const copied = customerAddress(cart, deps, copyFromCustomerAddressId!);
  if (!copied) errors.push({ code: 'INVALID_DELIVERY_ADDRESS_ID', field: [...field, 'copyFromCustomerAddressId'], message: message.notFound });
  return copied;
}

const sameAddress = (a: AddressFields, b: AddressFields) => addressKey(a) === addressKey(b);
const addressKey = (a: AddressFields) =>
  JSON.stringify([a.firstName, a.lastName, a.company, a.address1, a.address2, a.city, a.provinceCode, a.countryCode, a.zip, a.phone]);

/** Exactly one selected address: `chosen` (when given) unselects the others. */
function selectOnly(cart: StoredCart, chosen: StoredDeliveryAddress): void {
  for (const a of cart.deliveryAddresses ?? []) a.selected = a === chosen;
}

/** Input lists with two `selected: true` are refused as a whole. */
function checkOneSelected(inputs: { selected?: boolean | null }[], errors: CartUserError[]): void {
  if (inputs.filter((a) => a.selected).length > 1) {
    errors.push({ code: 'ONLY_ONE_DELIVERY_ADDRESS_CAN_BE_SELECTED', field: ['addresses'], message: message.onlyOneSelected });
  }
}

/**
 * Adds `inputs` to a copy of `cart` (cartDeliveryAddressesAdd; cartCreate's `input.delivery.addresses`
 * under `base` ["input", "delivery", "addresses"]). Errors leave the cart unchanged (the caller's
 * transaction keeps nothing).
 */
export function addDeliveryAddresses(
  cart: StoredCart,
  deps: DeliveryDeps,
  inputs: SelectableAddressInput[],
  base: string[] = ['addresses'],
): CartResult {
  const draft = structuredClone(cart);
  draft.deliveryAddresses ??= [];
  const userErrors: CartUserError[] = [];
  const warnings: CartWarning[] = [];
  checkOneSelected(inputs, userErrors);
  inputs.forEach((input, i) => {
    const address = resolveAddress(
      draft,
      deps,
      input.address,
      input.validationStrategy ?? 'COUNTRY_CODE_ONLY',
      [...base, String(i), 'address'],
      userErrors,
    );
    if (!address) return;
    const existing = draft.deliveryAddresses!.find((a) => sameAddress(a.address, address));
    if (existing) {
      warnings.push({
        code: 'DUPLICATE_DELIVERY_ADDRESS',
        target: selectableAddressGid(draft, existing),
        message: 'A delivery address with the same details already exists on this cart.',
      });
      return;
    }
    const added: StoredDeliveryAddress = {
      id: randomBytes(9).toString('base64url'),
      address,
      selected: false,
      oneTimeUse: input.oneTimeUse ?? false,
    };
    draft.deliveryAddresses!.push(added);
    if (input.selected) selectOnly(draft, added);
  });
  if (draft.deliveryAddresses.length > MAX_DELIVERY_ADDRESSES)
    userErrors.push({ code: 'TOO_MANY_DELIVERY_ADDRESSES', field: base, message: message.tooMany });
  return { cart: draft, userErrors, warnings };
}

/** cartDeliveryAddressesReplace: the cart's addresses become `inputs`. */
export function replaceDeliveryAddresses(cart: StoredCart, deps: DeliveryDeps, inputs: SelectableAddressInput[]): CartResult {
  return addDeliveryAddresses({ ...cart, deliveryAddresses: [] }, deps, inputs);
}

/** cartDeliveryAddressesUpdate: each named address takes the given address (replacing it), `selected` and `oneTimeUse`. */
export function updateDeliveryAddresses(cart: StoredCart, deps: DeliveryDeps, inputs: SelectableAddressUpdateInput[]): CartResult {
  const draft = structuredClone(cart);
  const userErrors: CartUserError[] = [];
  checkOneSelected(inputs, userErrors);
  inputs.forEach((input, i) => {
    const field = ['addresses', String(i)];
    const stored = addressById(draft, input.id);
    if (!stored) {
      userErrors.push({ code: 'INVALID_DELIVERY_ADDRESS_ID', field: [...field, 'id'], message: message.notFound });
      return;
    }
    if (input.address) {
      const address = resolveAddress(draft, deps, input.address, input.validationStrategy ?? 'COUNTRY_CODE_ONLY', [...field, 'address'], userErrors);
      if (address) stored.address = address;
    }
    if (input.oneTimeUse != null) stored.oneTimeUse = input.oneTimeUse;
    if (input.selected) selectOnly(draft, stored);
    else if (input.selected === false) stored.selected = false;
  });
  return { cart: draft, userErrors, warnings: [] };
}

/** cartDeliveryAddressesRemove: every id must name an address of the cart. */
export function removeDeliveryAddresses(cart: StoredCart, addressIds: string[]): CartResult {
  const userErrors: CartUserError[] = addressIds.flatMap((id, i) =>
    addressById(cart, id) ? [] : [{ code: 'INVALID_DELIVERY_ADDRESS_ID', field: ['addressIds', String(i)], message: message.notFound }],
  );
  const removed = new Set(addressIds.map((id) => parseGid(id)?.id));
  return { cart: { ...cart, deliveryAddresses: (cart.deliveryAddresses ?? []).filter((a) => !removed.has(a.id)) }, userErrors, warnings: [] };
}

/** A delivery option as CartDeliveryOption resolvers read it (`estimatedCost` in cents). */
export type DeliveryOptionView = Pick<DeliveryRate, 'handle' | 'title' | 'code' | 'deliveryMethodType'> & {
  description: string | null;
  priceCents: number;
};

/** A delivery group as CartDeliveryGroup resolvers read it. */
export type DeliveryGroupView = {
  cart: StoredCart;
  id: string;
  groupType: DeliveryGroupType;
  /** The destination, with the MailingAddress GID it is shown under. */
  address: AddressFields & { id: string };
  lines: StoredLine[];
  options: DeliveryOptionView[];
  selected: DeliveryOptionView | null;
};

/** Where the cart's groups go: its selected address, else the linked customer's default one; null when neither. */
function destination(cart: StoredCart, deps: DeliveryDeps): { address: AddressFields; id: string } | null {
  const selected = cart.deliveryAddresses?.find((a) => a.selected);
  if (selected) return { address: selected.address, id: gid('MailingAddress', selected.id, { model_name: 'CartSelectableAddress' }) };
  const customer = deps.customers.byAccessToken(cart.buyerIdentity.customerAccessToken);
  const fallback = customer && deps.customers.defaultAddress(customer);
  if (!fallback) return null;
  const { id: _id, ...address } = fallback;
  return { address, id: customerAddressGid(fallback) };
}

const groupGid = (cart: StoredCart, type: DeliveryGroupType) => gid('CartDeliveryGroup', type.toLowerCase(), { cart: cart.token });

const optionView = (rate: DeliveryRate): DeliveryOptionView => ({
  handle: rate.handle,
  title: rate.title,
  code: rate.code,
  deliveryMethodType: rate.deliveryMethodType,
  description: rate.description ?? null,
  priceCents: rate.priceCents,
});

/** The cart's delivery groups (one-time purchases first); [] without a destination or lines. */
export function deliveryGroups(cart: StoredCart, deps: DeliveryDeps): DeliveryGroupView[] {
  const to = destination(cart, deps);
  if (!to) return [];
  const key = addressKey(to.address);
  const byType: [DeliveryGroupType, StoredLine[]][] = [
    ['ONE_TIME_PURCHASE', cart.lines.filter((l) => l.sellingPlanId == null)],
    ['SUBSCRIPTION', cart.lines.filter((l) => l.sellingPlanId != null)],
  ];
  return byType
    .filter(([, lines]) => lines.length)
    .map(([groupType, lines]) => {
      const options = ratesFor(deps.deliveryRates, {
        countryCode: to.address.countryCode,
        provinceCode: to.address.provinceCode,
        zip: to.address.zip,
        subtotalCents: lines.reduce((sum, l) => sum + unitPriceCents(deps.carts.variantOf(l), deps.carts.planOf(l)) * l.quantity, 0),
        productTags: lines.flatMap((l) => deps.carts.variantOf(l).product.tags),
      }).map(optionView);
      const chosen = cart.selectedDeliveryOptions?.find((s) => s.groupType === groupType && s.addressKey === key);
      const selected = options.find((o) => o.handle === chosen?.handle) ?? options[0] ?? null;
      return { cart, id: groupGid(cart, groupType), groupType, address: { ...to.address, id: to.id }, lines, options, selected };
    });
}

/**
 * cartSelectedDeliveryOptionsUpdate on a copy of `cart`: INVALID_DELIVERY_GROUP for a group id the
 * cart does not have now, INVALID_DELIVERY_OPTION for a handle that group does not offer.
 */
export function selectDeliveryOptions(cart: StoredCart, deps: DeliveryDeps, inputs: SelectedDeliveryOptionInput[]): CartResult {
  const draft = structuredClone(cart);
  const groups = deliveryGroups(draft, deps);
  const userErrors: CartUserError[] = [];
  inputs.forEach((input, i) => {
    const field = ['selectedDeliveryOptions', String(i)];
    const group = groups.find((g) => g.id === input.deliveryGroupId);
    if (!group) {
      userErrors.push({ code: 'INVALID_DELIVERY_GROUP', field: [...field, 'deliveryGroupId'], message: 'Delivery group was not found in cart.' });
      return;
    }
    if (!group.options.some((o) => o.handle === input.deliveryOptionHandle)) {
      userErrors.push({ code: 'INVALID_DELIVERY_OPTION', field: [...field, 'deliveryOptionHandle'], message: 'Delivery option was not valid.' });
      return;
    }
    draft.selectedDeliveryOptions = [
      ...(draft.selectedDeliveryOptions ?? []).filter((s) => s.groupType !== group.groupType),
      { groupType: group.groupType, handle: input.deliveryOptionHandle, addressKey: addressKey(group.address) },
    ];
  });
  return { cart: draft, userErrors, warnings: [] };
}

/** The cart's selected delivery address, or null (the emulated checkout starts its form from it). */
export const selectedDeliveryAddress = (cart: StoredCart): AddressFields | null => cart.deliveryAddresses?.find((a) => a.selected)?.address ?? null;

/**
 * The delivery options the cart is charged for: each delivery group's selected option, when the
 * cart has a selected delivery address. Without one (a guest, or a customer's default address
 * standing in) none: the emulated checkout does not rate the address typed into its form, so it
 * charges only for the address the cart chose, which is also the one its form starts from; the
 * cart's cost charges the same, so its totalAmount is what the checkout charges.
 */
function chargedOptions(cart: StoredCart, deps: DeliveryDeps): DeliveryOptionView[] {
  if (!selectedDeliveryAddress(cart)) return [];
  return deliveryGroups(cart, deps).flatMap(({ selected }) => selected ?? []);
}

/** The order's shipping lines: the charged delivery options (chargedOptions). */
export function shippingLines(cart: StoredCart, deps: DeliveryDeps): ShippingLine[] {
  return chargedOptions(cart, deps).map((o) => ({
    title: o.title,
    handle: o.handle,
    code: o.code,
    deliveryMethodType: o.deliveryMethodType,
    price: money(o.priceCents),
  }));
}

/**
 * What the charged delivery options cost, in cents (0 without a selected delivery address).
 * Shopify adds it to `cart.cost.totalAmount` (not to `subtotalAmount` or `checkoutChargeAmount`,
 * which are before shipping); the cost module (cart-cost.ts) adds it there.
 */
export function selectedDeliveryCostCents(cart: StoredCart, deps: DeliveryDeps): number {
  return chargedOptions(cart, deps).reduce((sum, o) => sum + o.priceCents, 0);
}

/** Where the cart is taxed: its selected delivery address's country and province; null without one (or its country unknown). */
export function deliveryTaxPlace(cart: StoredCart): TaxPlace | null {
  const address = selectedDeliveryAddress(cart);
  return address?.countryCode ? { countryCode: address.countryCode, provinceCode: address.provinceCode } : null;
}
