/**
 * Mailing addresses as the Storefront API shows them (MailingAddress): normalising what a buyer
 * typed, and Shopify's display lines.
 *
 * Country and province are resolved for the United States only: "United States", "US", "USA" or
 * "United States of America" (any case) become country "United States" / code US, and a state is
 * accepted by name or postal code ("New York" / "NY") and stored as both. Any other country is
 * stored as given, with no country or province code.
 */
export type AddressFields = {
  firstName: string | null;
  lastName: string | null;
  company: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  /** Full name for US states ("New York"); as given elsewhere. */
  province: string | null;
  /** Postal code for US states ("NY"); null elsewhere. */
  provinceCode: string | null;
  /** "United States" for the US; as given elsewhere. */
  country: string | null;
  /** ISO 3166-1 alpha-2 ("US"); null when the country is not one the emulator knows. */
  countryCode: string | null;
  zip: string | null;
  /** E.164 ("+12125550123"). */
  phone: string | null;
};

/** What MailingAddress resolvers read: the fields plus the address's GID. */
export type MailingAddressModel = AddressFields & { id: string };

/** The Storefront API's MailingAddressInput. */
export type MailingAddressInput = Partial<
  Record<'firstName' | 'lastName' | 'company' | 'address1' | 'address2' | 'city' | 'province' | 'country' | 'zip' | 'phone', string | null>
>;

const US_STATES: Record<string, string> = {
  AL: 'Alabama', AK: 'Alaska', AZ: 'Arizona', AR: 'Arkansas', CA: 'California', CO: 'Colorado', CT: 'Connecticut', DE: 'Delaware',
  DC: 'District of Columbia', FL: 'Florida', GA: 'Georgia', HI: 'Hawaii', ID: 'Idaho', IL: 'Illinois', IN: 'Indiana', IA: 'Iowa',
  KS: 'Kansas', KY: 'Kentucky', LA: 'Louisiana', ME: 'Maine', MD: 'Maryland', MA: 'Massachusetts', MI: 'Michigan', MN: 'Minnesota',
  MS: 'Mississippi', MO: 'Missouri', MT: 'Montana', NE: 'Nebraska', NV: 'Nevada', NH: 'New Hampshire', NJ: 'New Jersey',
  NM: 'New Mexico', NY: 'New York', NC: 'North Carolina', ND: 'North Dakota', OH: 'Ohio', OK: 'Oklahoma', OR: 'Oregon',
  PA: 'Pennsylvania', PR: 'Puerto Rico', RI: 'Rhode Island', SC: 'South Carolina', SD: 'South Dakota', TN: 'Tennessee', TX: 'Texas',
  UT: 'Utah', VT: 'Vermont', VA: 'Virginia', WA: 'Washington', WV: 'West Virginia', WI: 'Wisconsin', WY: 'Wyoming',
}; // prettier-ignore

const US_NAMES = new Set(['united states', 'us', 'usa', 'united states of america']);
export const US = { country: 'United States', countryCode: 'US' } as const;

export const isUnitedStates = (country: string | null | undefined) => country != null && US_NAMES.has(country.trim().toLowerCase());

/** A US state by postal code or name (any case) → { province, provinceCode }; null when unknown. */
export function usState(value: string): { province: string; provinceCode: string } | null {
  const text = value.trim();
  const code = text.toUpperCase();
  if (US_STATES[code]) return { province: US_STATES[code], provinceCode: code };
  const entry = Object.entries(US_STATES).find(([, name]) => name.toLowerCase() === text.toLowerCase());
  return entry ? { province: entry[1], provinceCode: entry[0] } : null;
}

/** E.164 from what a buyer typed: "+44 20 7946 0958", "(212) 555-0123" (US by default); null when not a phone number. */
export function normalizePhone(value: string): string | null {
  const compact = value.trim().replace(/[\s().-]/g, '');
  const digits = compact.startsWith('+') ? compact.slice(1) : compact.length === 10 ? `1${compact}` : compact;
  if (!/^[1-9]\d{6,14}$/.test(digits)) return null;
  if (digits.startsWith('1') && digits.length !== 11) return null; // North American numbers have 10 digits after +1
  return `+${digits}`;
}

/** A refused address field; `code` is a CustomerErrorCode value. */
export type AddressProblem = { field: keyof MailingAddressInput; code: 'INVALID' | 'TOO_LONG' | 'CONTAINS_HTML_TAGS'; message: string };

const LABEL: Record<keyof MailingAddressInput, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  company: 'Company',
  address1: 'Address1',
  address2: 'Address2',
  city: 'City',
  province: 'Province',
  country: 'Country',
  zip: 'Zip',
  phone: 'Phone',
};
export const MAX_FIELD_LENGTH = 255;

/**
 * Merge `input` over `base` (undefined keeps a field, null or "" clears it), resolve country,
 * province and phone, and check the result. Problems use Shopify's wording ("Zip is invalid").
 */
export function applyAddressInput(
  base: AddressFields | null,
  input: MailingAddressInput,
): { address: AddressFields } | { problems: AddressProblem[] } {
  const { address, problems } = checkAddressInput(base, input);
  return problems.length ? { problems } : { address };
}

/**
 * applyAddressInput's merge and checks, answering the merged address even when it has problems
 * (at most one per field): a province that is not a US state keeps `province` as given with a
 * null `provinceCode`, an unparsable phone stays as typed. Cart delivery addresses (cart-delivery.ts)
 * store such an address unless STRICT validation was asked for.
 */
export function checkAddressInput(base: AddressFields | null, input: MailingAddressInput): { address: AddressFields; problems: AddressProblem[] } {
  const raw: Record<string, string | null> = {};
  const problems: AddressProblem[] = [];
  for (const key of Object.keys(LABEL) as (keyof MailingAddressInput)[]) {
    const given = input[key];
    const value = given === undefined ? (base?.[key] ?? null) : given === null ? null : given.trim() || null;
    if (value && value.length > MAX_FIELD_LENGTH) {
      problems.push({ field: key, code: 'TOO_LONG', message: `${LABEL[key]} is too long (maximum is ${MAX_FIELD_LENGTH} characters)` });
    } else if (value && /<[a-z!/][^>]*>/i.test(value)) {
      problems.push({ field: key, code: 'CONTAINS_HTML_TAGS', message: `${LABEL[key]} cannot contain HTML tags` });
    }
    raw[key] = value;
  }
  const address: AddressFields = {
    firstName: raw.firstName,
    lastName: raw.lastName,
    company: raw.company,
    address1: raw.address1,
    address2: raw.address2,
    city: raw.city,
    province: raw.province,
    provinceCode: null,
    country: raw.country,
    countryCode: null,
    zip: raw.zip,
    phone: raw.phone,
  };
  if (isUnitedStates(address.country)) {
    Object.assign(address, US);
    if (address.province) {
      const state = usState(address.province);
      if (state) Object.assign(address, state);
      else problems.push({ field: 'province', code: 'INVALID', message: 'Province is invalid' });
    }
    if (address.zip && !/^\d{5}(-\d{4})?$/.test(address.zip)) problems.push({ field: 'zip', code: 'INVALID', message: 'Zip is invalid' });
  }
  if (address.phone) {
    const phone = normalizePhone(address.phone);
    if (phone) address.phone = phone;
    else problems.push({ field: 'phone', code: 'INVALID', message: 'Phone is invalid' });
  }
  return { address, problems: problems.filter((p, i) => problems.findIndex((q) => q.field === p.field) === i) };
}

const fullName = (a: AddressFields) => [a.firstName, a.lastName].filter(Boolean).join(' ') || null;

/** MailingAddress.name: first and last name, null when both are empty. */
export const addressName = fullName;

/** "New York NY 10003": the line Shopify prints for a US city; other countries keep the given order. */
function cityLine(a: AddressFields): string | null {
  return [a.city, a.provinceCode ?? a.province, a.zip].filter(Boolean).join(' ') || null;
}

/** MailingAddress.formatted: display lines, with the name and company first when asked. */
export function formatAddress(
  a: AddressFields,
  { withName = false, withCompany = true }: { withName?: boolean; withCompany?: boolean } = {},
): string[] {
  return [withName ? fullName(a) : null, withCompany ? a.company : null, a.address1, a.address2, cityLine(a), a.country].filter(
    (line): line is string => Boolean(line),
  );
}

/** MailingAddress.formattedArea: "New York NY, United States". */
export function formattedArea(a: AddressFields): string | null {
  return [[a.city, a.provinceCode ?? a.province].filter(Boolean).join(' '), a.country].filter(Boolean).join(', ') || null;
}
