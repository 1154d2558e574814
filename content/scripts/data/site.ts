/**
 * Site-wide content: the `siteSettings` document (every group of spec §3) and the `homepage`.
 * Document ids referenced here (aboutPage, page-faq, …) are created in editorial.ts.
 */
import type { DatasetContext } from '../dataset';

const WIDE = { width: 2400, height: 1600 };
const PICKUP_ADDRESS = '142 East 20th Street, New York, NY 10003';
const card = (handle: string) => `productCard-${handle}`;

/** Product-card references with keys, as arrays of references need them. */
const cardRefs = (ctx: DatasetContext, scope: string, handles: string[]) => handles.map((h) => ctx.ref(card(h), `${scope}-${h}`));

function siteSettings(ctx: DatasetContext) {
  const accordion = (key: string, title: string, text: string[]) => ({ _key: key, title, key, text: ctx.text(`pdp/${key}`, text) });
  return {
    ...ctx.system('siteSettings', 'siteSettings', '2026-05-01T12:00:00Z'),
    siteUrl: 'http://localhost:3000',
    siteTitle: 'Gramercy Stems',
    pickupAddress: PICKUP_ADDRESS,
    imageIcon: ctx.art(
      'logo-icon',
      'Gramercy Stems: a single blush peony',
      { palette: 'blush', scene: 'closeup', blooms: [{ kind: 'peony', count: 1, tone: 0 }] },
      { width: 512, height: 512 },
    ),
    favicon: ctx.art(
      'favicon',
      'Gramercy Stems icon',
      { palette: 'blush', scene: 'closeup', blooms: [{ kind: 'rose', count: 1, tone: 2 }] },
      { width: 64, height: 64 },
    ),
    seo: {
      title: 'Gramercy Stems | Florist in New York City',
      description: 'Seasonal bouquets, plants and flower subscriptions, hand-tied on East 20th Street and delivered across New York City.',
      image: ctx.art(
        'seo-share',
        'Blush peonies and garden roses from Gramercy Stems',
        {
          palette: 'blush',
          scene: 'closeup',
          blooms: [
            { kind: 'peony', count: 4, tone: 0 },
            { kind: 'rose', count: 4, tone: 2 },
          ],
          foliage: [{ kind: 'eucalyptus', count: 3 }],
        },
        { width: 1200, height: 630 },
      ),
    },
    keywords: ['flowers', 'bouquets', 'floral design', 'floral arrangements', 'NYC', 'New York City', 'flower delivery', 'Gramercy'],
    footer: {
      text: ctx.text('footer', [
        '^^Gramercy Stems^^\n142 East 20th Street, New York, NY 10003',
        'Open daily, 8am to 7pm. Call us at [(212) 555-0142](tel:+12125550142) or write to [hello@gramercystems.com](mailto:hello@gramercystems.com).',
      ]),
      attributionText: 'Illustrations by the Gramercy Stems studio',
      footerMenu: {
        title: 'Information',
        links: [
          ctx.link('Delivery information', 'page-delivery-information'),
          ctx.link('FAQ', 'page-faq'),
          ctx.link('Contact', 'contactPage'),
          ctx.link('Retail partners', 'retailPartners'),
          ctx.link('Photo stream', 'photoStream'),
          ctx.link('Instagram', 'https://www.instagram.com/gramercystems'),
        ],
      },
    },
    pdpSettings: {
      defaultPDPAccordionItems: [
        accordion('delivery', 'Delivery', [
          'Same-day delivery in Manhattan and most of Brooklyn and Queens for orders placed by 2pm. Pick a delivery date in the cart; we deliver between 10am and 6pm.',
          'Read more about [delivery and pickup](@page-delivery-information).',
        ]),
        accordion('substitutions', 'Substitutions', [
          'We buy fresh every morning, so the exact stems may vary with the market. If a flower is unavailable we substitute something of equal or greater value in the same palette and spirit.',
        ]),
      ],
      reserveFormText: 'Reserve this piece and we will hold it for you until the drop.',
      reserveProductSuccessMessage: 'You are on the list. We will email you the moment it drops.',
      backInStockButtonLabel: 'Notify me when available',
      backInStockCopy: 'Out of season right now. Leave your email and we will tell you as soon as it is back.',
      dropTheHintCopy: 'Drop the hint: we will send this to someone who might want to surprise you.',
      disableDropTheHint: false,
    },
    header: {
      announcementBarSettings: { enabled: true, text: 'Same-day delivery in Manhattan for orders placed by 2pm' },
      headerMenu: [
        ctx.link('Shop', 'collectionsListPage'),
        ctx.link('Subscriptions', 'collection-subscriptions'),
        ctx.link('Journal', 'journalListPage'),
        ctx.link('Works', 'worksListPage'),
      ],
      headerMegaMenu: {
        navItems: [
          {
            _key: 'bouquets',
            link: ctx.link('Bouquets', 'collection-bouquets'),
            products: cardRefs(ctx, 'mega-bouquets', ['classic-gramercy-bouquet', 'garden-rose-dozen', 'lilac-hour-bouquet']),
          },
          {
            _key: 'plants',
            link: ctx.link('Plants', 'collection-plants'),
            products: cardRefs(ctx, 'mega-plants', ['moth-orchid-in-ceramic', 'olive-tree-in-terracotta', 'maidenhair-fern']),
          },
          {
            _key: 'gifts',
            link: ctx.link('Gifts', 'collection-gifts'),
            products: cardRefs(ctx, 'mega-gifts', ['eucalyptus-and-candle-gift-set', 'bud-vase-trio']),
          },
          { _key: 'about', link: ctx.link('About', 'aboutPage'), products: [] },
        ],
      },
      rightHeaderMenu: [ctx.link('Membership', 'membershipPage'), ctx.link('Contact', 'contactPage')],
      primaryHeaderLink: ctx.link('Shop Flowers', '/products'),
      primaryLinkProducts: cardRefs(ctx, 'primary', [
        'classic-gramercy-bouquet',
        'bodega-bunch',
        'weekly-flower-subscription',
        'hudson-valley-hydrangeas',
      ]),
      viewAllButton: ctx.link('View all', '/products'),
    },
    cartData: {
      cartTitle: 'Cart',
      emptyCartMessage: 'Your cart is empty. The peonies are waiting.',
      deliveryHours: 'Deliveries run Monday to Saturday, 10am to 6pm. Order by 2pm for same-day delivery.',
      pickupHours: 'Pickup at the shop daily, 9am to 7pm.',
      shippingMessage: 'Shipping is available on orders over $100, excluding local-delivery-only items. Ships overnight in a cooler box.',
      giftInquiryMessage: 'Is this order a gift?',
      messageIncludeInquiry: 'Add a message for the card (we write it by hand).',
      cartDisclaimer: 'Flowers are seasonal; we may substitute stems of equal or greater value.',
      checkoutButton: 'Checkout',
      pickupAddress: PICKUP_ADDRESS,
      checkoutTypeCopy: 'How would you like to receive your order?',
    },
    newsletter: {
      newsletterTitle: 'The Gramercy Post',
      newsletterText: 'What is in season, what is in the shop, and the occasional early invitation to a drop. Once a fortnight.',
      newsletterPhoto: ctx.art(
        'newsletter-photo',
        'Lilac tulips and anemones wrapped in paper',
        {
          palette: 'lilac',
          scene: 'arrangement',
          vessel: 'wrap',
          blooms: [
            { kind: 'tulip', count: 4, tone: 0 },
            { kind: 'anemone', count: 3, tone: 1 },
          ],
          foliage: [{ kind: 'eucalyptus', count: 3 }],
        },
        { width: 1200, height: 1600 },
      ),
      newsletterErrorMessage: 'Whoops! Something went wrong on our end. Please refresh the page and try again.',
      newsletterSuccessMessage: 'Thank You!',
      newsletterEmailPlaceholderText: 'Email',
      newsletterButtonText: 'Sign up',
      klaviyoListId: 'GSNEWS',
      newsletterPopup: {
        title: 'Sign Up',
        klaviyoListId: 'GSPOPUP',
        copy: 'Join the Gramercy Post for seasonal notes and first access to our wreath drop.',
        submitButtonText: 'Sign Up',
        image: ctx.art(
          'newsletter-popup',
          'Coral ranunculus up close',
          {
            palette: 'coral',
            scene: 'closeup',
            blooms: [
              { kind: 'ranunculus', count: 5, tone: 0 },
              { kind: 'ranunculus', count: 4, tone: 1 },
            ],
          },
          { width: 1600, height: 1600 },
        ),
      },
    },
    page404: { page404Title: 'Page Not Found', text: 'This page has gone to seed. Try the shop, or head back home.' },
    cookiePolicy: {
      title: 'Cookies',
      text: 'We use cookies to understand how the shop is used and to improve it. You can accept or deny analytics cookies.',
      acceptButton: 'Accept',
      rejectButton: 'Deny',
    },
    alerts: { floatingAlertButton: { enabled: true, link: ctx.link('Join our membership', 'membershipPage') } },
  };
}

function homepage(ctx: DatasetContext) {
  const module = (key: string, type: string, fields: object) => ({ _key: key, _type: type, ...fields });
  return {
    ...ctx.system('homepage', 'homepage'),
    title: 'Home',
    seo: { title: 'Flowers delivered in New York City', description: 'Seasonal bouquets and plants from our shop on East 20th Street.' },
    modules: [
      module('hero', 'hero', {
        title: 'Flowers from East 20th Street',
        text: 'Gathered at dawn in the Flower District, tied by hand in Gramercy, at your door by the afternoon.',
        image: ctx.art(
          'hero-home',
          'Three vases of blush peonies and garden roses on a linen table',
          {
            palette: 'blush',
            scene: 'stilllife',
            vessel: 'vase',
            blooms: [
              { kind: 'peony', count: 3, tone: 0 },
              { kind: 'rose', count: 4, tone: 1 },
              { kind: 'ranunculus', count: 2, tone: 2 },
            ],
            foliage: [{ kind: 'eucalyptus', count: 4 }],
          },
          WIDE,
          { hotspot: { x: 0.5, y: 0.45, width: 0.5, height: 0.6 } },
        ),
        link: ctx.link('Shop the bouquets', 'collection-bouquets'),
      }),
      module('bestsellers', 'productCarousel', {
        title: 'Loved this week',
        products: cardRefs(ctx, 'carousel', [
          'classic-gramercy-bouquet',
          'peony-cloud',
          'bodega-bunch',
          'hudson-valley-hydrangeas',
          'winter-solstice-wreath',
          'lilac-hour-bouquet',
          'moth-orchid-in-ceramic',
        ]),
      }),
      module('studio', 'editorialSplit', {
        title: 'A studio, not a stall',
        body: ctx.text('homepage/studio', [
          'Every bouquet is designed by one of our four florists, never assembled from a template. We buy in small quantities every morning, so what you receive is whatever is most beautiful that day.',
          'Read about [our approach](@aboutPage) or see [recent work](@worksListPage).',
        ]),
        image: ctx.art(
          'editorial-studio',
          'Dahlias, roses and ranunculus on the studio workbench',
          {
            palette: 'coral',
            scene: 'closeup',
            blooms: [
              { kind: 'dahlia', count: 6, tone: 0 },
              { kind: 'rose', count: 6, tone: 1 },
              { kind: 'ranunculus', count: 6, tone: 2 },
            ],
            foliage: [{ kind: 'fern', count: 6 }],
          },
          WIDE,
        ),
        link: ctx.link('About the studio', 'aboutPage'),
        imageSide: 'left',
      }),
      module('collections', 'collectionTiles', {
        title: 'Shop by collection',
        collections: ['bouquets', 'seasonal', 'plants', 'gifts', 'subscriptions'].map((h) => ctx.ref(`collection-${h}`, `tile-${h}`)),
      }),
      module('subscriptions', 'editorialSplit', {
        title: 'Flowers, every week',
        body: ctx.text('homepage/subscriptions', [
          'A fresh arrangement every week or every other week, **10% off** every weekly delivery. Pause or cancel any time.',
        ]),
        image: ctx.image('weekly-flower-subscription-1', 'A seasonal mix of roses, tulips and anemones in a stoneware vase'),
        link: ctx.link('Start a subscription', 'collection-subscriptions'),
        imageSide: 'right',
      }),
      module('quote', 'quote', {
        text: 'The most beautiful flowers in the city, and the kindest people arranging them.',
        attribution: 'Time Out New York',
      }),
    ],
  };
}

/** `siteSettings` and `homepage`. */
export function siteDocuments(ctx: DatasetContext): object[] {
  return [siteSettings(ctx), homepage(ctx)];
}
