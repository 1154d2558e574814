/**
 * Content-side product card settings that differ from the defaults (spec §3 product card):
 * sold-out text, drops, password protection, banners and product-specific accordion items.
 * Every catalog product gets a card; only the exceptions are listed here.
 */

export type AccordionData = { key: string; title: string; text: string[] };

export type CardOverride = {
  isSoldOut?: boolean;
  customSoldOutText?: string;
  disableProductInteraction?: boolean;
  productDrop?: { enabled: boolean; dropDate: string; passwordProtectPage: boolean };
  password?: { passwordProtectPage: boolean; productCardText: string };
  cardBanner?: { productCardBanner: string; textColor: string; backgroundColor: string };
  accordionItems?: AccordionData[];
};

/**
 * The passwords of password-protected cards, by handle. Not part of the card (a public document):
 * each becomes a private `productCardPassword` document under the `secrets.` path
 * (content/FORMAT.md), which only requests with a read token can see.
 */
export const CARD_PASSWORDS: Record<string, string> = {
  'the-private-garden': 'gramercy-members',
};

export const CARD_OVERRIDES: Record<string, CardOverride> = {
  'peony-cloud': {
    isSoldOut: true,
    customSoldOutText: 'Back in May, when the peonies are in bloom',
  },
  'winter-solstice-wreath': {
    productDrop: { enabled: true, dropDate: '2026-12-12T15:00:00.000Z', passwordProtectPage: false },
    cardBanner: { productCardBanner: 'Dropping December 12', textColor: '#ffffff', backgroundColor: '#2f5a3c' },
  },
  'the-private-garden': {
    password: {
      passwordProtectPage: true,
      productCardText: 'Members only: enter the password from your welcome letter',
    },
    // No disableProductInteraction: the password is the gate, and an unlocked member buys it.
  },
  'coral-charm-tulips': {
    cardBanner: { productCardBanner: 'Only a few left', textColor: '#ffffff', backgroundColor: '#b54a32' },
  },
  'ranunculus-ribbon': {
    cardBanner: { productCardBanner: 'Sale', textColor: '#5c1626', backgroundColor: '#fbe9e4' },
  },
  'hudson-valley-hydrangeas': {
    accordionItems: [
      {
        key: 'local-delivery',
        title: 'Local delivery only',
        text: ['Hydrangeas are too thirsty to ship. We deliver them ourselves in **Manhattan and Brooklyn**, in water, the same day.'],
      },
    ],
  },
  'weekly-flower-subscription': {
    cardBanner: { productCardBanner: 'Save 10%', textColor: '#ffffff', backgroundColor: '#5e7043' },
    accordionItems: [
      {
        key: 'subscription',
        title: 'How subscriptions work',
        text: [
          'Choose a size and how often. Your first delivery arrives on the date you pick; after that, on the same weekday.',
          '- Skip or pause any delivery from your account',
          '- Cancel at any time, no fee',
          '- Subscribers save on every delivery',
        ],
      },
    ],
  },
};
