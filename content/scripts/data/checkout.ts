/**
 * What the merchant configured for checkout besides the catalog (content/FORMAT.md
 * `checkout.json`): discount codes, gift cards and the sales-tax table, as set up in Shopify's
 * admin (Discounts, Gift cards, Settings → Taxes). Percentages come from spec §9's discount
 * percentages; 33.33333 % proves the emulator's cent rounding.
 */
export const CHECKOUT = {
  discountCodes: [
    { code: 'WELCOME10', title: '10% off your order', value: { percentage: 10 }, target: 'ORDER' },
    { code: 'THIRD33', title: 'A third off every flower', value: { percentage: 33.33333 }, target: 'PRODUCTS' },
    {
      code: 'BOUQUET14',
      title: '14.28% off bouquets',
      value: { percentage: 14.28 },
      target: 'PRODUCTS',
      productHandles: ['classic-gramercy-bouquet', 'bodega-bunch'],
    },
    { code: 'STEMS20', title: '$20 off flowers', value: { amount: '20.00' }, target: 'PRODUCTS' },
    { code: 'SAVE15', title: '$15 off orders over $100', value: { amount: '15.00' }, target: 'ORDER', minimumSubtotal: '100.00' },
    { code: 'WINTER25', title: '25% off winter flowers', value: { percentage: 25 }, target: 'ORDER', endsAt: '2026-03-01T05:00:00Z' },
  ],
  giftCards: [
    { id: 9601, code: 'GIFT-BLOOM-5050', initialValue: '50.00' },
    { id: 9602, code: 'GIFT-GARDEN-2500', initialValue: '250.00' },
  ],
  tax: {
    // The shop collects sales tax where it delivers (the tri-state area); elsewhere it has no nexus.
    // All three states tax delivery charges on taxable goods (taxesShipping).
    rates: [
      { countryCode: 'US', provinceCode: 'NY', rate: 8.875, title: 'NY State & City Tax', taxesShipping: true },
      { countryCode: 'US', provinceCode: 'NJ', rate: 6.625, title: 'NJ State Tax', taxesShipping: true },
      { countryCode: 'US', provinceCode: 'CT', rate: 6.35, title: 'CT State Tax', taxesShipping: true },
    ],
    // Pickup orders are taxed where the shop is (East 20th Street, New York).
    origin: { countryCode: 'US', provinceCode: 'NY' },
  },
};
