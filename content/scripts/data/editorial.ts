/**
 * Editorial and page documents: journal, works, photo stream, the fixed pages (about,
 * contact, retail partners, membership, collections list) and generic pages. The about page
 * and the journal entry "Dressing the Spring Window" each exercise every Portable Text mark and
 * style of spec §3. The list pages' `body` is the intro shown above their paginated lists; there
 * are enough journal entries and photo-stream items for two pages of each. One journal entry also has a
 * `drafts.` version with a different title, which the `published` perspective must hide.
 */
import type { ArtSpec } from '../catalog';
import type { DatasetContext } from '../dataset';
import { stableKey } from '../keys';

const WIDE = { width: 2400, height: 1600 };
const SQUARE = { width: 1600, height: 1600 };

type JournalData = { slug: string; title: string; date: string; author: string; excerpt: string; art: ArtSpec; alt: string; body: string[] };

const JOURNAL: JournalData[] = [
  {
    slug: 'peony-season-is-here',
    title: 'Peony Season Is Here',
    date: '2026-05-06',
    author: 'Maya Okafor',
    excerpt: 'Six weeks a year, the shop smells of peonies. How to choose them, open them and make them last.',
    alt: 'Blush and cream peonies crowded together',
    art: {
      palette: 'blush',
      scene: 'closeup',
      blooms: [
        { kind: 'peony', count: 8, tone: 0 },
        { kind: 'peony', count: 6, tone: 1 },
      ],
      foliage: [{ kind: 'leaf', count: 4 }],
    },
    body: [
      'The first peonies arrive from Virginia in late April; by June they come from Alaska. In between, the shop fills with **Sarah Bernhardt**, **Coral Charm** and **Duchesse de Nemours**.',
      '## Choosing',
      'Buy them in bud, when the head feels like a soft marshmallow. Hard, pea-like buds may never open.',
      '## Opening',
      '- Warm water speeds them up',
      '- A cool room slows them down',
      '- Remove the lower leaves so the water stays clean',
      'Shop [Peony Cloud](@productCard-peony-cloud) while the season lasts.',
    ],
  },
  {
    slug: 'a-morning-at-the-flower-district',
    title: 'A Morning at the Flower District',
    date: '2026-03-18',
    author: 'Daniel Reyes',
    excerpt: 'At 5am on West 28th Street, the best stems go first. We take you along on our daily buying run.',
    alt: 'Buckets of ranunculus and tulips at a wholesaler',
    art: {
      palette: 'coral',
      scene: 'closeup',
      blooms: [
        { kind: 'ranunculus', count: 8, tone: 0 },
        { kind: 'tulip', count: 8, tone: 1 },
      ],
      foliage: [{ kind: 'leaf', count: 5 }],
    },
    body: [
      'The Flower District is down to a handful of wholesalers on West 28th Street, but at dawn it is still the busiest block in Manhattan.',
      '> Buy what looks alive, not what is on the list.',
      'We walk the block twice before buying anything, then carry it all back to [East 20th Street](@contactPage) in two taxis.',
    ],
  },
  {
    slug: 'how-to-make-tulips-last',
    title: 'How to Make Tulips Last',
    date: '2026-02-24',
    author: 'Maya Okafor',
    excerpt: 'Tulips keep growing after they are cut. A few tricks keep them standing.',
    alt: 'Coral tulips in a glass vase',
    art: {
      palette: 'coral',
      scene: 'stilllife',
      vessel: 'vase',
      blooms: [
        { kind: 'tulip', count: 5, tone: 0 },
        { kind: 'tulip', count: 3, tone: 1 },
      ],
      foliage: [{ kind: 'leaf', count: 3 }],
    },
    body: [
      'Tulips grow up to an inch a day in the vase and bend toward the light. That is part of their charm.',
      '1. Use a tall vase and only a few inches of cold water',
      '1. Wrap them tightly in paper for an hour to straighten them',
      '1. Keep them away from daffodils, whose sap shortens their life',
      'Our [Coral Charm Tulips](@productCard-coral-charm-tulips) are on sale this week.',
    ],
  },
  {
    slug: 'dressing-the-spring-window',
    title: 'Dressing the Spring Window',
    date: '2026-04-15',
    author: 'Daniel Reyes',
    excerpt: 'Every April we rebuild the shop window around one colour. This year: lilac.',
    alt: 'Lilac tulips and anemones massed in a shop window',
    art: {
      palette: 'lilac',
      scene: 'stilllife',
      vessel: 'vase',
      blooms: [
        { kind: 'tulip', count: 4, tone: 0 },
        { kind: 'anemone', count: 3, tone: 1 },
        { kind: 'waxflower', count: 2, tone: 2 },
      ],
      foliage: [{ kind: 'eucalyptus', count: 2 }],
    },
    // Uses every mark and style of spec §3, so the journal shows them all in one place.
    body: [
      '^^The lilac window^^',
      '|| Two days, four hundred stems,\none colour.',
      'The window is the first thing the street sees, so we change it with the season. This spring it is ++all lilac++: tulips, anemones and waxflower, with a ~~single~~ double row of bud vases along the sill.',
      '![Lilac tulips in the shop window](image:lilac-hour-bouquet-1)',
      '<| Come and see it on [East 20th Street](@contactPage), take some home from the [Lilac Hour Bouquet](@productCard-lilac-hour-bouquet), or read how [New York florists](https://en.wikipedia.org/wiki/Flower_District,_Manhattan) buy their stems.',
      '|> Daniel Reyes, studio lead',
    ],
  },
  {
    slug: 'caring-for-orchids',
    title: 'Caring for Orchids',
    date: '2026-01-20',
    author: 'Maya Okafor',
    excerpt: 'Moth orchids ask for very little: bright shade, a weekly soak and patience.',
    alt: 'A white moth orchid in a ceramic pot',
    art: { palette: 'orchid', scene: 'plant', blooms: [{ kind: 'orchid', count: 5, tone: 0 }], foliage: [{ kind: 'leaf', count: 4 }] },
    body: [
      'A moth orchid blooms for months if you leave it alone. Water it once a week by soaking the pot for ten minutes, then let it drain completely.',
      '- Bright light, never direct sun',
      '- No ice cubes, whatever the internet says',
      'Our [Moth Orchid in Ceramic](@productCard-moth-orchid-in-ceramic) comes ready to go.',
    ],
  },
];

type WorkData = {
  slug: string;
  title: string;
  client: string;
  date: string;
  art: ArtSpec;
  alt: string;
  gallery: { art: ArtSpec; alt: string }[];
  body: string[];
};

const WORKS: WorkData[] = [
  {
    slug: 'gramercy-park-wedding',
    title: 'A Gramercy Park Wedding',
    client: 'Eliza & Tom',
    date: '2025-06-14',
    alt: 'Ivory garden roses and ranunculus for a June wedding',
    art: {
      palette: 'ivory',
      scene: 'stilllife',
      vessel: 'vase',
      blooms: [
        { kind: 'rose', count: 4, tone: 0 },
        { kind: 'ranunculus', count: 3, tone: 1 },
      ],
      foliage: [{ kind: 'eucalyptus', count: 4 }],
    },
    gallery: [
      {
        alt: 'The bridal bouquet in ivory and green',
        art: {
          palette: 'ivory',
          scene: 'arrangement',
          vessel: 'wrap',
          blooms: [
            { kind: 'rose', count: 5, tone: 0 },
            { kind: 'waxflower', count: 3, tone: 2 },
          ],
          foliage: [{ kind: 'eucalyptus', count: 5 }],
        },
      },
      {
        alt: 'Table flowers of roses and eucalyptus',
        art: {
          palette: 'ivory',
          scene: 'closeup',
          blooms: [
            { kind: 'rose', count: 8, tone: 0 },
            { kind: 'ranunculus', count: 6, tone: 1 },
          ],
          foliage: [{ kind: 'eucalyptus', count: 6 }],
        },
      },
    ],
    body: [
      'Ivory, green and nothing else: a small wedding for forty under the trees of Gramercy Park, with **garden roses**, ranunculus and armfuls of eucalyptus.',
    ],
  },
  {
    slug: 'flatiron-lobby-installation',
    title: 'Flatiron Lobby Installation',
    client: 'Madison Square Partnership',
    date: '2025-10-02',
    alt: 'A wall of orange dahlias and sunflowers',
    art: {
      palette: 'sunflower',
      scene: 'closeup',
      blooms: [
        { kind: 'dahlia', count: 10, tone: 1 },
        { kind: 'sunflower', count: 8, tone: 0 },
      ],
      foliage: [{ kind: 'fern', count: 6 }],
    },
    gallery: [
      {
        alt: 'Detail of dahlias and sunflowers',
        art: {
          palette: 'sunflower',
          scene: 'closeup',
          blooms: [
            { kind: 'sunflower', count: 5, tone: 0 },
            { kind: 'dahlia', count: 5, tone: 1 },
          ],
        },
      },
    ],
    body: ['An autumn installation for a lobby on Fifth Avenue: twelve hundred dahlias and sunflowers, refreshed twice a week for a month.'],
  },
  {
    slug: 'winter-supper-club',
    title: 'Winter Supper Club',
    client: 'Union Square Supper Club',
    date: '2025-12-19',
    alt: 'Low burgundy arrangements along a dinner table',
    art: {
      palette: 'burgundy',
      scene: 'stilllife',
      vessel: 'vase',
      blooms: [
        { kind: 'dahlia', count: 3, tone: 0 },
        { kind: 'rose', count: 3, tone: 1 },
        { kind: 'berry', count: 2, tone: 0 },
      ],
      foliage: [{ kind: 'fern', count: 3 }],
    },
    gallery: [
      {
        alt: 'Winterberries and burgundy roses, close',
        art: {
          palette: 'winter',
          scene: 'closeup',
          blooms: [
            { kind: 'berry', count: 8, tone: 0 },
            { kind: 'rose', count: 5, tone: 1 },
          ],
          foliage: [{ kind: 'fern', count: 5 }],
        },
      },
    ],
    body: ['Candlelight, winterberry and deep red roses down a thirty-foot table for a solstice dinner.'],
  },
];

const PHOTO_STREAM: { slug: string; title: string; caption: string; date: string; art: ArtSpec }[] = [
  {
    slug: 'monday-ranunculus',
    title: 'Monday ranunculus',
    caption: 'The first Italian ranunculus of the year.',
    date: '2026-03-02',
    art: {
      palette: 'coral',
      scene: 'closeup',
      blooms: [
        { kind: 'ranunculus', count: 9, tone: 0 },
        { kind: 'ranunculus', count: 4, tone: 1 },
      ],
    },
  },
  {
    slug: 'hydrangea-haul',
    title: 'Hydrangea haul',
    caption: 'Straight from the Hudson Valley, still wet.',
    date: '2026-06-20',
    art: {
      palette: 'hydrangea',
      scene: 'closeup',
      blooms: [
        { kind: 'hydrangea', count: 6, tone: 0 },
        { kind: 'hydrangea', count: 4, tone: 1 },
      ],
    },
  },
  {
    slug: 'sunflower-friday',
    title: 'Sunflower Friday',
    caption: 'Greenmarket sunflowers for the window.',
    date: '2026-08-14',
    art: { palette: 'sunflower', scene: 'closeup', blooms: [{ kind: 'sunflower', count: 9, tone: 0 }], foliage: [{ kind: 'leaf', count: 4 }] },
  },
  {
    slug: 'orchid-corner',
    title: 'Orchid corner',
    caption: 'Our moth orchids, lined up by the register.',
    date: '2026-01-28',
    art: { palette: 'orchid', scene: 'plant', blooms: [{ kind: 'orchid', count: 4, tone: 0 }], foliage: [{ kind: 'leaf', count: 4 }] },
  },
  {
    slug: 'wreath-workshop',
    title: 'Wreath workshop',
    caption: 'Cedar, fir and a lot of wire.',
    date: '2025-12-06',
    art: { palette: 'winter', scene: 'wreath', blooms: [{ kind: 'berry', count: 4, tone: 0 }], foliage: [{ kind: 'fern', count: 1 }] },
  },
  {
    slug: 'peony-bench',
    title: 'Peony bench',
    caption: 'Sarah Bernhardt peonies waiting to be conditioned.',
    date: '2026-05-22',
    art: {
      palette: 'blush',
      scene: 'closeup',
      blooms: [
        { kind: 'peony', count: 7, tone: 0 },
        { kind: 'peony', count: 3, tone: 1 },
      ],
      foliage: [{ kind: 'leaf', count: 3 }],
    },
  },
  {
    slug: 'dahlia-crates',
    title: 'Dahlia crates',
    caption: 'Cafe au lait dahlias from a farm in New Jersey.',
    date: '2026-09-03',
    art: {
      palette: 'sunflower',
      scene: 'closeup',
      blooms: [
        { kind: 'dahlia', count: 8, tone: 1 },
        { kind: 'dahlia', count: 4, tone: 0 },
      ],
    },
  },
  {
    slug: 'lilac-hour',
    title: 'Lilac hour',
    caption: 'Testing a new palette for spring.',
    date: '2026-04-09',
    art: {
      palette: 'lilac',
      scene: 'closeup',
      blooms: [
        { kind: 'tulip', count: 5, tone: 0 },
        { kind: 'anemone', count: 5, tone: 1 },
        { kind: 'waxflower', count: 3, tone: 2 },
      ],
    },
  },
];

/** Shared fields of the single-instance pages. */
function page(
  ctx: DatasetContext,
  id: string,
  type: string,
  slug: string,
  title: string,
  description: string,
  hero: { file: string; alt: string; art: ArtSpec },
  body: string[],
) {
  return {
    ...ctx.system(id, type),
    title,
    slug: ctx.slug(slug),
    seo: { title, description },
    heroImage: ctx.art(hero.file, hero.alt, hero.art, WIDE, {
      crop: { top: 0.1, bottom: 0.1, left: 0, right: 0 },
      hotspot: { x: 0.5, y: 0.4, width: 0.5, height: 0.5 },
    }),
    body: ctx.text(id, body),
  };
}

/** A list page document (journal, works, photo stream): its `body` is the intro above the list. */
function listPage(ctx: DatasetContext, type: string, title: string, intro: string[]) {
  return {
    ...ctx.system(type, type),
    title,
    seo: { title, description: intro[0].replace(/\[([^\]]+)\]\([^)]+\)/g, '$1') },
    body: ctx.text(type, intro),
  };
}

function journal(ctx: DatasetContext): object[] {
  const entries = JOURNAL.map((j) => ({
    ...ctx.system(`journalEntry-${j.slug}`, 'journalEntry'),
    slug: ctx.slug(j.slug),
    title: j.title,
    date: j.date,
    author: j.author,
    excerpt: j.excerpt,
    mainImage: ctx.art(`journal-${j.slug}`, j.alt, j.art, WIDE, { hotspot: { x: 0.5, y: 0.5, width: 0.6, height: 0.6 } }),
    body: ctx.text(`journalEntry-${j.slug}`, j.body),
  }));
  const draft = {
    ...entries[0],
    ...ctx.system(`drafts.${entries[0]._id}`, 'journalEntry', '2026-05-08T10:00:00Z'),
    title: 'Peony Season Is Here (Draft: new photos)',
  };
  const list = listPage(ctx, 'journalListPage', 'Journal', [
    'Notes from the shop: what is in season, how to care for it, and where we have been. For the work behind the counter, see [our works](@worksListPage).',
  ]);
  return [...entries, draft, list];
}

function works(ctx: DatasetContext): object[] {
  const docs = WORKS.map((w) => ({
    ...ctx.system(`work-${w.slug}`, 'work'),
    slug: ctx.slug(w.slug),
    title: w.title,
    client: w.client,
    date: w.date,
    mainImage: ctx.art(`work-${w.slug}`, w.alt, w.art, WIDE),
    gallery: w.gallery.map((g, i) => ({ _key: stableKey(`${w.slug}/gallery/${i}`), ...ctx.art(`work-${w.slug}-${i + 1}`, g.alt, g.art, SQUARE) })),
    body: ctx.text(`work-${w.slug}`, w.body),
  }));
  return [
    ...docs,
    listPage(ctx, 'worksListPage', 'Works', [
      'Weddings, installations and events by the Gramercy Stems studio. Planning something? [Write to us](@contactPage).',
    ]),
  ];
}

function photoStream(ctx: DatasetContext): object[] {
  const items = PHOTO_STREAM.map((p) => ({
    ...ctx.system(`photoStreamItem-${p.slug}`, 'photoStreamItem'),
    slug: ctx.slug(p.slug),
    title: p.title,
    caption: p.caption,
    date: p.date,
    image: ctx.art(`photo-${p.slug}`, `${p.title}: ${p.caption}`, p.art, SQUARE),
  }));
  return [...items, listPage(ctx, 'photoStream', 'Photo Stream', ['A daily picture from the shop floor.'])];
}

function fixedPages(ctx: DatasetContext): object[] {
  const about = page(
    ctx,
    'aboutPage',
    'aboutPage',
    'about',
    'About',
    'A neighbourhood florist on East 20th Street since 2014.',
    {
      file: 'about-hero',
      alt: 'The shop window on East 20th Street, full of garden roses',
      art: {
        palette: 'garden',
        scene: 'stilllife',
        vessel: 'vase',
        blooms: [
          { kind: 'rose', count: 3, tone: 0 },
          { kind: 'tulip', count: 3, tone: 2 },
          { kind: 'anemone', count: 2, tone: 3 },
        ],
        foliage: [{ kind: 'eucalyptus', count: 3 }],
      },
    },
    [
      '^^Gramercy Stems^^',
      '|| A neighbourhood florist,\nsince 2014.',
      'We opened on East 20th Street with two buckets and a bicycle. Today we are a team of eleven, but we still buy every stem ourselves, at dawn, in the [Flower District](https://en.wikipedia.org/wiki/Flower_District,_Manhattan).',
      '## What we believe',
      '- **Seasonal first**: we would rather wait for peonies than sell tired ones',
      '- *Local when possible*: farms in the Hudson Valley, Long Island and New Jersey',
      '- ++Nothing wasted++: leftover stems go to hospitals and shelters every Sunday',
      '### A note on prices',
      "Our prices are ~~set by the market~~ honest: the same every day of the year, including Valentine's Day.",
      '![Coral and peach ranunculus tied with a ribbon](image:ranunculus-ribbon-1)',
      '<| Visit us, see [the journal](@journalListPage), or read about [delivery](@page-delivery-information).',
      '|> Maya Okafor & Daniel Reyes, founders',
    ],
  );
  const contact = {
    ...page(
      ctx,
      'contactPage',
      'contactPage',
      'contact',
      'Contact',
      'Visit, call or write to Gramercy Stems.',
      {
        file: 'contact-hero',
        alt: 'Sunflowers and dahlias on the shop counter',
        art: {
          palette: 'sunflower',
          scene: 'stilllife',
          vessel: 'vase',
          blooms: [
            { kind: 'sunflower', count: 3, tone: 0 },
            { kind: 'dahlia', count: 2, tone: 1 },
          ],
          foliage: [{ kind: 'leaf', count: 2 }],
        },
      },
      ['We love to talk flowers. For events and weddings, write to [events@gramercystems.com](mailto:events@gramercystems.com).'],
    ),
    email: 'hello@gramercystems.com',
    phone: '(212) 555-0142',
    address: '142 East 20th Street, New York, NY 10003',
    hours: 'Monday to Saturday 8am to 7pm, Sunday 9am to 5pm',
  };
  const partners = {
    ...page(
      ctx,
      'retailPartners',
      'retailPartners',
      'retail-partners',
      'Retail Partners',
      'Where to find Gramercy Stems flowers around the city.',
      {
        file: 'retail-partners-hero',
        alt: 'Small bouquets in lilac and cream waiting for delivery',
        art: {
          palette: 'lilac',
          scene: 'stilllife',
          vessel: 'vase',
          blooms: [
            { kind: 'tulip', count: 3, tone: 0 },
            { kind: 'ranunculus', count: 2, tone: 1 },
          ],
          foliage: [{ kind: 'eucalyptus', count: 2 }],
        },
      },
      ['Our market bunches are also sold by a few friends around New York.'],
    ),
    partners: [
      { name: 'Irving Place Provisions', neighborhood: 'Gramercy', url: 'https://irvingplaceprovisions.example' },
      { name: 'Carroll Street Grocer', neighborhood: 'Carroll Gardens', url: 'https://carrollstreetgrocer.example' },
      { name: 'Bedford Coffee Bar', neighborhood: 'Williamsburg', url: 'https://bedfordcoffee.example' },
    ].map((p) => ({ _key: stableKey(`partner/${p.name}`), ...p })),
  };
  const membership = {
    ...page(
      ctx,
      'membershipPage',
      'membershipPage',
      'membership',
      'Membership',
      'Members get flowers first, and a little cheaper.',
      {
        file: 'membership-hero',
        alt: 'Burgundy roses and dahlias for members',
        art: {
          palette: 'burgundy',
          scene: 'closeup',
          blooms: [
            { kind: 'rose', count: 8, tone: 0 },
            { kind: 'dahlia', count: 6, tone: 1 },
          ],
          foliage: [{ kind: 'eucalyptus', count: 4 }],
        },
      },
      [
        'Membership gives you early access to drops such as the [Winter Solstice Wreath](@productCard-winter-solstice-wreath), the password to [The Private Garden](@productCard-the-private-garden), and a saving on every order.',
      ],
    ),
    tiers: [
      { name: 'Friend', price: '10.00', cadence: 'month', perks: ['Early access to drops', '5% off every order'] },
      {
        name: 'Patron',
        price: '25.00',
        cadence: 'month',
        perks: ['Everything in Friend', 'The Private Garden password', 'A free bud vase every season'],
      },
    ].map((t) => ({ _key: stableKey(`tier/${t.name}`), ...t })),
  };
  const collectionsList = {
    ...ctx.system('collectionsListPage', 'collectionsListPage'),
    title: 'Shop',
    intro: ctx.text('collectionsListPage', ['Bouquets, plants and gifts, all made on East 20th Street.']),
    collections: ['bouquets', 'seasonal', 'subscriptions', 'plants', 'gifts', 'sale'].map((h) => ctx.ref(`collection-${h}`, `list-${h}`)),
  };
  return [about, contact, partners, membership, collectionsList];
}

function genericPages(ctx: DatasetContext): object[] {
  return [
    page(
      ctx,
      'page-delivery-information',
      'page',
      'delivery-information',
      'Delivery Information',
      'Delivery, pickup and shipping from Gramercy Stems.',
      {
        file: 'page-delivery-hero',
        alt: 'A wrapped bouquet ready to go',
        art: {
          palette: 'blush',
          scene: 'stilllife',
          vessel: 'vase',
          blooms: [
            { kind: 'rose', count: 3, tone: 0 },
            { kind: 'peony', count: 2, tone: 1 },
          ],
          foliage: [{ kind: 'eucalyptus', count: 2 }],
        },
      },
      [
        '## Local delivery',
        'We deliver Monday to Saturday, 10am to 6pm, across Manhattan and most of Brooklyn and Queens. Order by 2pm for same-day delivery.',
        '## Pickup',
        'Collect your order from 142 East 20th Street any day between 9am and 7pm.',
        '## Shipping',
        'Orders over $100 can ship overnight anywhere in the contiguous United States. Items tagged local delivery only, such as hydrangeas and trees, cannot ship.',
      ],
    ),
    page(
      ctx,
      'page-faq',
      'page',
      'faq',
      'FAQ',
      'Answers to common questions.',
      {
        file: 'page-faq-hero',
        alt: 'Anemones and ranunculus in cream and lilac',
        art: {
          palette: 'lilac',
          scene: 'closeup',
          blooms: [
            { kind: 'anemone', count: 6, tone: 1 },
            { kind: 'ranunculus', count: 6, tone: 0 },
          ],
        },
      },
      [
        '## Can I choose the exact flowers?',
        'Our designers choose the freshest stems of the day in the palette you pick. For special requests, [contact us](@contactPage).',
        '## Do you deliver on Sundays?',
        'Not yet, but you can pick up on Sundays.',
        '## How do subscriptions work?',
        'See our [subscriptions](@collection-subscriptions): choose a size and a cadence, pause whenever you like.',
      ],
    ),
  ];
}

/** All editorial and page documents (including one draft). */
export function editorialDocuments(ctx: DatasetContext): object[] {
  return [...journal(ctx), ...works(ctx), ...photoStream(ctx), ...fixedPages(ctx), ...genericPages(ctx)];
}
