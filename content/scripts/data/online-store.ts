/**
 * The Storefront API's online-store content (content/FORMAT.md `online-store.json`): navigation
 * menus, pages, blogs with articles, shop policies, brand and URL redirects, as a merchant would
 * set them up in Shopify's admin. The storefront's own pages come from the content lake; this is
 * what a Storefront API client (Hydrogen, a theme-less template) reads from Shopify itself.
 */

/** Menu item `type` is Shopify's MenuItemType; `resource` is the handle of what it links to. */
type MenuItemData = { title: string; type: string; resource?: string; url?: string; tags?: string[]; items?: MenuItemData[] };

export const ONLINE_STORE = {
  brand: {
    slogan: 'Seasonal flowers, hand-tied on East 20th Street',
    shortDescription: 'A Gramercy Park florist delivering across New York City.',
    logo: { file: 'favicon', altText: 'Gramercy Stems', width: 64, height: 64 },
    colors: { primary: [{ background: '#1F3D2B', foreground: '#F7F3EA' }], secondary: [{ background: '#E8B4B8', foreground: '#1F3D2B' }] },
  },
  policies: {
    privacyPolicy: {
      title: 'Privacy policy',
      body: '<p>We use your details only to deliver your order and, if you ask, to send our newsletter.</p>',
    },
    refundPolicy: {
      title: 'Refund policy',
      body: '<p>Flowers that arrive damaged are replaced or refunded; write to us within 24 hours of delivery with a photo.</p>',
    },
    shippingPolicy: {
      title: 'Shipping policy',
      body: '<p>We deliver in Manhattan, Brooklyn and Queens the same day for orders placed before noon.</p>',
    },
    termsOfService: { title: 'Terms of service', body: '<p>By ordering from Gramercy Stems you agree to these terms.</p>' },
    subscriptionPolicy: {
      title: 'Cancellation policy',
      body: '<p>Subscriptions renew every delivery period; skip or cancel any time before the next order date.</p>',
    },
  },
  pages: [
    {
      id: 9101,
      handle: 'about',
      title: 'About Gramercy Stems',
      body: '<p>Gramercy Stems is a small florist on East 20th Street. We buy at the flower district every morning.</p>',
      createdAt: '2026-01-05T09:00:00Z',
      updatedAt: '2026-04-10T09:00:00Z',
    },
    {
      id: 9102,
      handle: 'contact',
      title: 'Contact',
      body: '<p>Visit us at 12 E 20th St, New York, or write to hello@gramercystems.com.</p>',
      createdAt: '2026-01-05T09:30:00Z',
      updatedAt: '2026-03-01T09:00:00Z',
    },
    {
      id: 9103,
      handle: 'delivery',
      title: 'Delivery and pickup',
      body: '<p>Same-day delivery across Manhattan, Brooklyn and Queens; pickup at the shop from 9am.</p>',
      createdAt: '2026-01-06T09:00:00Z',
      updatedAt: '2026-05-02T09:00:00Z',
    },
  ],
  blogs: [
    {
      id: 9201,
      handle: 'journal',
      title: 'Journal',
      articles: [
        {
          id: 9301,
          handle: 'caring-for-orchids',
          title: 'Caring for orchids',
          author: { firstName: 'Mara', lastName: 'Quinn', email: 'mara@gramercystems.com', bio: 'Head florist.' },
          contentHtml: '<p>Water an orchid once a week, from below, and keep it out of direct sun.</p>',
          excerptHtml: '<p>Once a week, from below.</p>',
          publishedAt: '2026-02-14T10:00:00Z',
          tags: ['plants', 'care'],
          image: { file: 'journal-caring-for-orchids', altText: 'An orchid on a windowsill', width: 1600, height: 900 },
        },
        {
          id: 9302,
          handle: 'a-morning-at-the-flower-district',
          title: 'A morning at the flower district',
          author: { firstName: 'Theo', lastName: 'Park', email: 'theo@gramercystems.com', bio: null },
          contentHtml: '<p>We walk West 28th Street at five, before the peonies sell out.</p>',
          excerptHtml: null,
          publishedAt: '2026-03-20T10:00:00Z',
          tags: ['behind-the-scenes'],
          image: { file: 'journal-a-morning-at-the-flower-district', altText: 'Buckets of flowers at dawn', width: 1600, height: 900 },
        },
        {
          id: 9303,
          handle: 'dressing-the-spring-window',
          title: 'Dressing the spring window',
          author: { firstName: 'Mara', lastName: 'Quinn', email: 'mara@gramercystems.com', bio: 'Head florist.' },
          contentHtml: '<p>Tulips, ranunculus and a great deal of moss: how the spring window came together.</p>',
          excerptHtml: '<p>Tulips, ranunculus and moss.</p>',
          publishedAt: '2026-04-02T10:00:00Z',
          tags: ['behind-the-scenes', 'tulips'],
          image: null,
        },
      ],
    },
  ],
  menus: [
    {
      id: 9401,
      handle: 'main-menu',
      title: 'Main menu',
      items: [
        { title: 'Home', type: 'FRONTPAGE' },
        {
          title: 'Shop',
          type: 'CATALOG',
          items: [
            { title: 'Bouquets', type: 'COLLECTION', resource: 'bouquets' },
            { title: 'Plants', type: 'COLLECTION', resource: 'plants' },
            { title: 'Subscriptions', type: 'COLLECTION', resource: 'subscriptions' },
          ],
        },
        { title: 'Peony Cloud', type: 'PRODUCT', resource: 'peony-cloud' },
        { title: 'Journal', type: 'BLOG', resource: 'journal' },
        { title: 'About', type: 'PAGE', resource: 'about' },
      ],
    },
    {
      id: 9402,
      handle: 'footer',
      title: 'Footer menu',
      items: [
        { title: 'Search', type: 'SEARCH' },
        { title: 'Contact', type: 'PAGE', resource: 'contact' },
        { title: 'Caring for orchids', type: 'ARTICLE', resource: 'journal/caring-for-orchids' },
        { title: 'Privacy policy', type: 'SHOP_POLICY', resource: 'privacy-policy' },
        { title: 'Refund policy', type: 'SHOP_POLICY', resource: 'refund-policy' },
        { title: 'Instagram', type: 'HTTP', url: 'https://www.instagram.com/gramercystems' },
      ],
    },
  ] satisfies { id: number; handle: string; title: string; items: MenuItemData[] }[],
  urlRedirects: [
    { id: 9501, path: '/products/peony-bouquet', target: '/products/peony-cloud' },
    { id: 9502, path: '/pages/about-us', target: '/pages/about' },
  ],
};
