/**
 * The checkout form: which fields a checkout method needs and their validation. Delivery and
 * shipping need a US address; pickup needs only email and name. Messages follow Shopify
 * checkout's wording ("Enter an email", …).
 */
import { usState, type AddressFields } from '../addresses';
import type { Attribute } from '../carts';
import type { TaxPlace } from '../checkout-seed';
import type { Buyer, CheckoutMethod } from '../orders';

export type CheckoutForm = {
  email: string;
  name: string;
  address1: string;
  address2: string;
  city: string;
  province: string;
  zip: string;
};

export type FieldErrors = Partial<Record<keyof CheckoutForm, string>>;

export const EMPTY_FORM: CheckoutForm = { email: '', name: '', address1: '', address2: '', city: '', province: '', zip: '' };
const MAX_LENGTH = 255;

/** What the form needs of a signed-in customer. */
export type KnownBuyer = { email: string; firstName: string | null; lastName: string | null; defaultAddress: AddressFields | null };

/**
 * The form's first values: the cart's email, else the customer's; the customer's name, else the
 * name on the cart's selected delivery address; and that delivery address (Shopify's checkout
 * starts from the address selected on the cart), else the customer's default address, when it is
 * a US one (the form takes US addresses only; the state as its code).
 */
export function prefilledForm(cartEmail: string | null, customer: KnownBuyer | null, deliveryAddress: AddressFields | null = null): CheckoutForm {
  const a = [deliveryAddress, customer?.defaultAddress].find((candidate) => candidate?.countryCode === 'US') ?? null;
  const name = (first: string | null | undefined, last: string | null | undefined) => [first, last].filter(Boolean).join(' ');
  return {
    email: cartEmail ?? customer?.email ?? '',
    name: name(customer?.firstName, customer?.lastName) || name(deliveryAddress?.firstName, deliveryAddress?.lastName),
    address1: a?.address1 ?? '',
    address2: a?.address2 ?? '',
    city: a?.city ?? '',
    province: a?.provinceCode ?? a?.province ?? '',
    zip: a?.zip ?? '',
  };
}

/** The cart's `Checkout-Method` attribute (delivery | pickup | shipping), delivery when unset (spec §3). */
export function checkoutMethodOf(attributes: Attribute[]): CheckoutMethod {
  const value = attributes
    .find((a) => a.key === 'Checkout-Method')
    ?.value.trim()
    .toLowerCase();
  return value === 'pickup' || value === 'shipping' ? value : 'delivery';
}

export const needsAddress = (method: CheckoutMethod) => method !== 'pickup';

/**
 * Where the order is taxed: the form's US state for delivery and shipping (null until a known
 * state is entered), the shop's location (`origin`) for pickup, as Shopify taxes pickup orders.
 */
export function taxPlaceOf(method: CheckoutMethod, form: CheckoutForm, origin: TaxPlace | null): TaxPlace | null {
  if (!needsAddress(method)) return origin;
  const state = usState(form.province);
  return state ? { countryCode: 'US', provinceCode: state.provinceCode } : null;
}

/** Read the urlencoded body into a form (unknown fields ignored, values trimmed). */
export function readForm(body: unknown): CheckoutForm {
  const source = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const form = { ...EMPTY_FORM };
  for (const key of Object.keys(form) as (keyof CheckoutForm)[]) {
    if (typeof source[key] === 'string') form[key] = source[key].trim();
  }
  return form;
}

/** Validate `form` for `method`: the buyer when valid, else a message per bad field. */
export function validateForm(form: CheckoutForm, method: CheckoutMethod): { buyer: Buyer } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  if (!form.email) errors.email = 'Enter an email';
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(form.email)) errors.email = 'Enter a valid email';
  if (!form.name) errors.name = 'Enter your name';
  if (needsAddress(method)) {
    if (!form.address1) errors.address1 = 'Enter an address';
    if (!form.city) errors.city = 'Enter a city';
    if (!form.province) errors.province = 'Enter a state';
    if (!form.zip) errors.zip = 'Enter a ZIP code';
    else if (!/^\d{5}(-\d{4})?$/.test(form.zip)) errors.zip = 'Enter a valid ZIP code';
  }
  for (const key of Object.keys(form) as (keyof CheckoutForm)[]) {
    if (!errors[key] && form[key].length > MAX_LENGTH) errors[key] = `Must be ${MAX_LENGTH} characters or fewer`;
  }
  if (Object.keys(errors).length) return { errors };
  return {
    buyer: {
      email: form.email,
      name: form.name,
      checkoutMethod: method,
      shippingAddress: needsAddress(method)
        ? {
            name: form.name,
            address1: form.address1,
            address2: form.address2 || null,
            city: form.city,
            province: form.province,
            zip: form.zip,
            country: 'US',
          }
        : null,
    },
  };
}
