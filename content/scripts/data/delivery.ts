/**
 * The shop's delivery rates, written to `delivery.json` (format in content/FORMAT.md; read by the
 * Storefront API emulator's delivery-rates.ts). A New York florist: couriers in the five boroughs
 * (zip prefixes of Manhattan 100–102, Staten Island 103, the Bronx 104, Queens 110/111/113/114/116
 * and Brooklyn 112), pickup at the shop for the tri-state area, and shipping elsewhere in the US
 * only for orders of $100 or more without a `local-delivery-only` product (spec §4 "Checkout type").
 */
const NYC_ZIP_PREFIXES = ['100', '101', '102', '103', '104', '110', '111', '112', '113', '114', '116'];
const SHIPPING_CONDITIONS = { countryCodes: ['US'], minSubtotal: '100.00', excludedProductTags: ['local-delivery-only'] };

export const DELIVERY = {
  rates: [
    {
      handle: 'local-delivery',
      title: 'Local delivery',
      code: 'LOCAL_DELIVERY',
      description: 'Hand-delivered by our couriers across the five boroughs, 10am to 6pm.',
      deliveryMethodType: 'LOCAL',
      price: '15.00',
      countryCodes: ['US'],
      provinceCodes: ['NY'],
      zipPrefixes: NYC_ZIP_PREFIXES,
    },
    {
      handle: 'standard-shipping',
      title: 'Standard shipping',
      code: 'STANDARD',
      description: 'Boxed with cold packs; arrives in 3 to 5 business days.',
      deliveryMethodType: 'SHIPPING',
      price: '12.00',
      ...SHIPPING_CONDITIONS,
    },
    {
      handle: 'overnight-shipping',
      title: 'Overnight shipping',
      code: 'OVERNIGHT',
      description: 'Arrives the next business day when ordered by 2pm.',
      deliveryMethodType: 'SHIPPING',
      price: '35.00',
      ...SHIPPING_CONDITIONS,
    },
    {
      handle: 'store-pickup',
      title: 'Pickup at 142 East 20th Street',
      code: 'PICKUP',
      description: 'Collect your order any day between 9am and 7pm.',
      deliveryMethodType: 'PICK_UP',
      price: '0.00',
      countryCodes: ['US'],
      provinceCodes: ['NY', 'NJ', 'CT'],
    },
  ],
};
