/**
 * What the cart delivery tests share, for the fixture seed (tests/fixtures/storefront): delivery
 * addresses as CartDeliveryAddressInput, one per rate situation of delivery.json / tax situation of
 * checkout.json, and signing in the fixture customer Ada (default address: 12 E 20th St, 10003).
 */
import type { Harness } from './storefront-harness';
import { rootField } from './storefront-field';

/** A Manhattan address (local delivery and pickup; shipping only for a large enough cart; NY tax). */
export const GRAMERCY = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  address1: '12 E 20th St',
  city: 'New York',
  provinceCode: 'NY',
  countryCode: 'US',
  zip: '10003',
};
/** Brooklyn: local delivery too (zip prefix 112). */
export const BROOKLYN = { ...GRAMERCY, address1: '200 Eastern Pkwy', city: 'Brooklyn', zip: '11238' };
/** New Jersey and Connecticut: pickup and shipping, each state's own tax rate. */
export const HOBOKEN = { ...GRAMERCY, address1: '1 Hudson Pl', city: 'Hoboken', provinceCode: 'NJ', zip: '07030' };
export const STAMFORD = { ...GRAMERCY, address1: '1 Main St', city: 'Stamford', provinceCode: 'CT', zip: '06901' };
/** California: shipping only, no tax collected. */
export const SAN_FRANCISCO = { ...GRAMERCY, address1: '1 Dolores St', city: 'San Francisco', provinceCode: 'CA', zip: '94110' };

const SIGN_IN = `mutation SignIn($input: CustomerAccessTokenCreateInput!) {
  customerAccessTokenCreate(input: $input) { customerAccessToken { accessToken } } }`;

/** Signs in the fixture customer ada@example.com; answers her customer access token. */
export async function signInAda(sf: Harness): Promise<string> {
  const answer = await rootField<{ customerAccessToken: { accessToken: string } }>(sf, SIGN_IN, {
    input: { email: 'ada@example.com', password: 'flowers-ada-1815' },
  });
  return answer.customerAccessToken.accessToken;
}
