/**
 * The shop's products. To add one: append an entry with the next id (8021, …), a unique
 * handle, its variants and images, list its handle in a collection (collections.ts), and run
 * `npx tsx content/scripts/generate.ts`; the content card is created for it automatically.
 */
import type { ArtSpec, ImageData, ProductData, VariantData } from '../catalog';

const SIZES = ['Petite', 'Classic', 'Grand'] as const;

/** Petite / Classic / Grand variants; images are [Classic, Petite, Grand] (see `sizedImages`). */
function sized(sku: string, prices: [string, string, string], quantities: [number, number, number]): Pick<ProductData, 'options' | 'variants'> {
  const imageOf = { Petite: 1, Classic: 0, Grand: 2 } as const;
  return {
    options: [{ name: 'Size', values: [...SIZES] }],
    variants: SIZES.map((size, i) => ({
      sku: `${sku}-${size[0]}`,
      options: { Size: size },
      price: prices[i],
      quantity: quantities[i],
      image: imageOf[size],
    })),
  };
}

/** The same arrangement drawn at Classic, Petite and Grand size (fewer or more stems). */
function sizedImages(name: string, art: ArtSpec): ImageData[] {
  const at = (factor: number, scale: number): ArtSpec => ({
    ...art,
    scale,
    blooms: art.blooms.map((b) => ({ ...b, count: Math.max(1, Math.round(b.count * factor)) })),
  });
  return [
    { alt: `${name}, Classic size`, art: at(1, 1) },
    { alt: `${name}, Petite size, a smaller gathering of the same stems`, art: at(0.6, 0.86) },
    { alt: `${name}, Grand size, generous and wide`, art: at(1.4, 1.12) },
  ];
}

/** A single "Default Title" variant. */
const single = (sku: string, price: string, quantity: number, compareAtPrice?: string): VariantData[] => [
  { sku, options: {}, price, quantity, image: 0, ...(compareAtPrice ? { compareAtPrice } : {}) },
];

const CUT_FLOWER_CARE = [
  'Trim stems at an angle by an inch as soon as they arrive, and again every other day.',
  'Use a clean vase with cool water and the flower food we include; refresh the water daily.',
  'Keep away from direct sun, radiators and ripening fruit.',
];
const PLANT_CARE = [
  'Bright, indirect light; a north or east window is ideal in a New York apartment.',
  'Water when the top inch of soil is dry, and let the pot drain fully.',
  'Turn the pot a quarter every week so it grows evenly.',
];

export const PRODUCTS: ProductData[] = [
  {
    id: 8001,
    handle: 'classic-gramercy-bouquet',
    title: 'The Classic Gramercy Bouquet',
    productType: 'Bouquet',
    tags: ['bouquet', 'bestseller', 'gift'],
    createdAt: '2026-01-12T14:00:00Z',
    description: [
      'Our signature, gathered every morning at the Flower District and tied by hand on East 20th Street: garden roses, peonies or ranunculus in season, soft blush and cream tones, and silver-dollar eucalyptus.',
      'Loose, airy and a little undone, the way flowers look in the garden. Wrapped in kraft paper and ribbon, ready to hand over.',
    ],
    care: CUT_FLOWER_CARE,
    ...sized('GSB', ['85.00', '125.00', '175.00'], [24, 30, 12]),
    images: sizedImages('The Classic Gramercy Bouquet: blush peonies, garden roses and ranunculus with eucalyptus in kraft paper', {
      palette: 'blush',
      scene: 'arrangement',
      vessel: 'wrap',
      blooms: [
        { kind: 'peony', count: 4, tone: 0 },
        { kind: 'rose', count: 4, tone: 2 },
        { kind: 'ranunculus', count: 3, tone: 1 },
        { kind: 'waxflower', count: 3, tone: 1 },
      ],
      foliage: [{ kind: 'eucalyptus', count: 5 }],
    }),
  },
  {
    id: 8002,
    handle: 'bodega-bunch',
    title: 'The Bodega Bunch',
    productType: 'Bouquet',
    tags: ['bouquet', 'under-50'],
    createdAt: '2026-01-20T14:00:00Z',
    description: [
      'A cheerful, no-fuss bunch in the spirit of the corner-store flowers every New Yorker has carried home: sunflowers, dahlias and whatever is brightest at the market that morning.',
      'Wrapped simply, priced kindly, and perfect for a kitchen table or an apology.',
    ],
    care: CUT_FLOWER_CARE,
    variants: single('BDG-1', '45.00', 40),
    images: [
      {
        alt: 'The Bodega Bunch: sunflowers and orange dahlias with fern, wrapped in brown paper',
        art: {
          palette: 'sunflower',
          scene: 'arrangement',
          vessel: 'wrap',
          blooms: [
            { kind: 'sunflower', count: 3, tone: 0 },
            { kind: 'dahlia', count: 3, tone: 1 },
            { kind: 'waxflower', count: 2, tone: 2 },
          ],
          foliage: [{ kind: 'fern', count: 4 }],
          scale: 0.9,
        },
      },
      {
        alt: 'Close view of sunflower faces and dahlias in the Bodega Bunch',
        art: {
          palette: 'sunflower',
          scene: 'closeup',
          blooms: [
            { kind: 'sunflower', count: 6, tone: 0 },
            { kind: 'dahlia', count: 5, tone: 1 },
          ],
          foliage: [{ kind: 'fern', count: 4 }],
        },
      },
    ],
  },
  {
    id: 8003,
    handle: 'weekly-flower-subscription',
    title: 'Weekly Flower Subscription',
    productType: 'Subscription',
    tags: ['subscription', 'bouquet'],
    createdAt: '2026-01-05T14:00:00Z',
    description: [
      'Fresh flowers on your table every week or every other week, chosen by our designers from the best of the market. No two deliveries are alike: expect tulips in March, peonies in May, dahlias in September.',
      'Subscribers save on every delivery and can pause, skip or cancel at any time from their account.',
    ],
    care: CUT_FLOWER_CARE,
    ...sized('SUB-W', ['75.00', '110.00', '160.00'], [100, 100, 100]),
    images: sizedImages('Weekly Flower Subscription: a seasonal mix of roses, tulips and anemones in a stoneware vase', {
      palette: 'garden',
      scene: 'arrangement',
      vessel: 'vase',
      blooms: [
        { kind: 'rose', count: 3, tone: 0 },
        { kind: 'tulip', count: 3, tone: 2 },
        { kind: 'anemone', count: 3, tone: 3 },
        { kind: 'ranunculus', count: 2, tone: 1 },
      ],
      foliage: [
        { kind: 'leaf', count: 3 },
        { kind: 'eucalyptus', count: 2 },
      ],
    }),
    sellingPlanGroups: [
      {
        name: 'Flower subscription',
        optionName: 'Deliver every',
        plans: [
          {
            id: 7001,
            name: 'Delivered weekly',
            description: 'A fresh arrangement every week, 10% off each delivery.',
            value: 'Week',
            percentage: 10,
          },
          {
            id: 7002,
            name: 'Delivered every two weeks',
            description: 'A fresh arrangement every other week, 5% off each delivery.',
            value: '2 Weeks',
            percentage: 5,
          },
        ],
      },
    ],
  },
  {
    id: 8004,
    handle: 'peony-cloud',
    title: 'Peony Cloud',
    productType: 'Bouquet',
    tags: ['bouquet', 'peony', 'seasonal'],
    createdAt: '2026-02-02T14:00:00Z',
    description: [
      'Nothing but peonies: blush Sarah Bernhardt and creamy Duchesse de Nemours, opening over a few days into soft, scented clouds.',
      'Peonies have a short season, from late April to June. When they are gone, they are gone until next spring.',
    ],
    care: [...CUT_FLOWER_CARE, 'Tight buds open within two days in a warm room; keep them cool to slow them down.'],
    ...sized('PNY', ['95.00', '145.00', '195.00'], [0, 0, 0]),
    images: sizedImages('Peony Cloud: a vase full of blush and cream peonies', {
      palette: 'blush',
      scene: 'arrangement',
      vessel: 'vase',
      blooms: [
        { kind: 'peony', count: 5, tone: 0 },
        { kind: 'peony', count: 3, tone: 1 },
      ],
      foliage: [{ kind: 'leaf', count: 4 }],
    }),
  },
  {
    id: 8005,
    handle: 'hudson-valley-hydrangeas',
    title: 'Hudson Valley Hydrangeas',
    productType: 'Arrangement',
    tags: ['arrangement', 'hydrangea', 'local-delivery-only'],
    createdAt: '2026-02-10T14:00:00Z',
    description: [
      'Big, blowsy hydrangea heads from a family farm two hours up the Hudson, arranged with white tulips in a cream ceramic vase.',
      'Hydrangeas drink more than any other flower and do not travel well, so this arrangement is delivered by our own team within Manhattan and Brooklyn only.',
    ],
    care: [...CUT_FLOWER_CARE, 'If a head wilts, submerge it in cool water for an hour; it will revive.'],
    variants: single('HVH-1', '135.00', 8),
    images: [
      {
        alt: 'Hudson Valley Hydrangeas: blue and lilac hydrangeas with white tulips in a cream vase',
        art: {
          palette: 'hydrangea',
          scene: 'arrangement',
          vessel: 'vase',
          blooms: [
            { kind: 'hydrangea', count: 4, tone: 0 },
            { kind: 'hydrangea', count: 3, tone: 1 },
            { kind: 'tulip', count: 3, tone: 2 },
          ],
          foliage: [{ kind: 'leaf', count: 4 }],
        },
      },
      {
        alt: 'Hydrangea florets up close, blue fading to lilac',
        art: {
          palette: 'hydrangea',
          scene: 'closeup',
          blooms: [
            { kind: 'hydrangea', count: 8, tone: 0 },
            { kind: 'hydrangea', count: 6, tone: 1 },
          ],
          foliage: [{ kind: 'leaf', count: 4 }],
        },
      },
    ],
  },
  {
    id: 8006,
    handle: 'winter-solstice-wreath',
    title: 'Winter Solstice Wreath',
    productType: 'Wreath',
    tags: ['wreath', 'seasonal', 'holiday'],
    createdAt: '2026-03-01T14:00:00Z',
    description: [
      'Our most anticipated release of the year: a lush ring of cedar, fir and silver-dollar eucalyptus, studded with winterberry and cream garden roses, finished with a velvet ribbon.',
      'Wreaths are made to order in small batches and released on the solstice weekend.',
    ],
    care: [
      'Hang outdoors or away from heat; a cool door keeps it fresh for four weeks.',
      'Mist the greens once a week.',
      'The roses are preserved and need no water.',
    ],
    options: [{ name: 'Diameter', values: ['18 inch', '24 inch'] }],
    variants: [
      { sku: 'WSW-18', options: { Diameter: '18 inch' }, price: '150.00', quantity: 20, image: 0 },
      { sku: 'WSW-24', options: { Diameter: '24 inch' }, price: '210.00', quantity: 10, image: 0 },
    ],
    images: [
      {
        alt: 'Winter Solstice Wreath: evergreen ring with red winterberries, cream roses and a burgundy velvet bow',
        art: {
          palette: 'winter',
          scene: 'wreath',
          blooms: [
            { kind: 'berry', count: 5, tone: 0 },
            { kind: 'rose', count: 3, tone: 1 },
          ],
          foliage: [
            { kind: 'fern', count: 1 },
            { kind: 'eucalyptus', count: 1 },
          ],
        },
      },
      {
        alt: 'Winterberries and evergreen sprigs, detail of the wreath',
        art: {
          palette: 'winter',
          scene: 'closeup',
          blooms: [
            { kind: 'berry', count: 10, tone: 0 },
            { kind: 'rose', count: 4, tone: 1 },
          ],
          foliage: [{ kind: 'fern', count: 8 }],
        },
      },
    ],
  },
  {
    id: 8007,
    handle: 'the-private-garden',
    title: 'The Private Garden',
    productType: 'Arrangement',
    tags: ['arrangement', 'members', 'limited'],
    createdAt: '2026-03-05T14:00:00Z',
    description: [
      'A grand, one-of-a-kind arrangement designed for our members: the rarest stems of the week, from English garden roses to Japanese ranunculus, in a hand-thrown vase you keep.',
      'Available by password to members only, in a very small number each week.',
    ],
    care: CUT_FLOWER_CARE,
    variants: single('PGD-1', '275.00', 5),
    images: [
      {
        alt: 'The Private Garden: burgundy garden roses, dahlias and ivory ranunculus in a dark stoneware vase',
        art: {
          palette: 'burgundy',
          scene: 'arrangement',
          vessel: 'vase',
          blooms: [
            { kind: 'rose', count: 4, tone: 0 },
            { kind: 'dahlia', count: 3, tone: 1 },
            { kind: 'ranunculus', count: 3, tone: 2 },
            { kind: 'anemone', count: 2, tone: 2 },
          ],
          foliage: [
            { kind: 'eucalyptus', count: 4 },
            { kind: 'fern', count: 2 },
          ],
          scale: 1.1,
        },
      },
      {
        alt: 'Deep red roses and dahlias, detail of The Private Garden',
        art: {
          palette: 'burgundy',
          scene: 'closeup',
          blooms: [
            { kind: 'rose', count: 7, tone: 0 },
            { kind: 'dahlia', count: 5, tone: 1 },
            { kind: 'ranunculus', count: 3, tone: 2 },
          ],
        },
      },
    ],
  },
  {
    id: 8008,
    handle: 'ranunculus-ribbon',
    title: 'Ranunculus Ribbon',
    productType: 'Bouquet',
    tags: ['bouquet', 'ranunculus', 'sale'],
    createdAt: '2026-03-09T14:00:00Z',
    description: [
      'Layer upon papery layer of coral and peach ranunculus, tied with a long silk ribbon. Simple, bright and impossible to walk past.',
      'On sale while the Italian ranunculus season peaks.',
    ],
    care: CUT_FLOWER_CARE,
    variants: single('RRB-1', '95.00', 14, '110.00'),
    images: [
      {
        alt: 'Ranunculus Ribbon: coral and peach ranunculus tied with a long coral ribbon',
        art: {
          palette: 'coral',
          scene: 'arrangement',
          vessel: 'wrap',
          blooms: [
            { kind: 'ranunculus', count: 6, tone: 0 },
            { kind: 'ranunculus', count: 4, tone: 1 },
            { kind: 'waxflower', count: 2, tone: 2 },
          ],
          foliage: [{ kind: 'leaf', count: 3 }],
        },
      },
    ],
  },
  {
    id: 8009,
    handle: 'coral-charm-tulips',
    title: 'Coral Charm Tulips',
    productType: 'Bouquet',
    tags: ['bouquet', 'tulip', 'seasonal', 'sale'],
    createdAt: '2026-03-12T14:00:00Z',
    description: [
      'Twenty coral and apricot tulips from a grower in North Fork, Long Island. Tulips keep growing in the vase and bend toward the light: let them dance.',
    ],
    care: [...CUT_FLOWER_CARE, 'Use a tall vase and only a few inches of water.'],
    variants: single('CCT-1', '65.00', 2, '75.00'),
    images: [
      {
        alt: 'Coral Charm Tulips: coral and apricot tulips in a clear vase',
        art: {
          palette: 'coral',
          scene: 'arrangement',
          vessel: 'vase',
          blooms: [
            { kind: 'tulip', count: 6, tone: 0 },
            { kind: 'tulip', count: 5, tone: 1 },
          ],
          foliage: [{ kind: 'leaf', count: 5 }],
        },
      },
    ],
  },
  {
    id: 8010,
    handle: 'burgundy-velvet-arrangement',
    title: 'Burgundy Velvet Arrangement',
    productType: 'Arrangement',
    tags: ['arrangement', 'dahlia', 'gift'],
    createdAt: '2026-03-15T14:00:00Z',
    description: [
      'Moody and romantic: burgundy dahlias, black-eyed anemones and deep red garden roses with dusty eucalyptus, low and wide in a charcoal vase.',
      'A favourite for dinner parties, anniversaries and anyone who finds pink a little too sweet.',
    ],
    care: CUT_FLOWER_CARE,
    options: [{ name: 'Size', values: ['Classic', 'Grand'] }],
    variants: [
      { sku: 'BVA-C', options: { Size: 'Classic' }, price: '140.00', quantity: 9, image: 0 },
      { sku: 'BVA-G', options: { Size: 'Grand' }, price: '190.00', quantity: 3, image: 1 },
    ],
    images: [
      {
        alt: 'Burgundy Velvet Arrangement, Classic: burgundy dahlias, anemones and roses in a charcoal vase',
        art: {
          palette: 'burgundy',
          scene: 'arrangement',
          vessel: 'vase',
          blooms: [
            { kind: 'dahlia', count: 4, tone: 0 },
            { kind: 'anemone', count: 3, tone: 2 },
            { kind: 'rose', count: 3, tone: 1 },
          ],
          foliage: [{ kind: 'eucalyptus', count: 5 }],
        },
      },
      {
        alt: 'Burgundy Velvet Arrangement, Grand: a wider, fuller version',
        art: {
          palette: 'burgundy',
          scene: 'arrangement',
          vessel: 'vase',
          blooms: [
            { kind: 'dahlia', count: 6, tone: 0 },
            { kind: 'anemone', count: 4, tone: 2 },
            { kind: 'rose', count: 5, tone: 1 },
          ],
          foliage: [{ kind: 'eucalyptus', count: 6 }],
          scale: 1.12,
        },
      },
    ],
  },
  {
    id: 8011,
    handle: 'lilac-hour-bouquet',
    title: 'Lilac Hour Bouquet',
    productType: 'Bouquet',
    tags: ['bouquet', 'seasonal'],
    createdAt: '2026-03-20T14:00:00Z',
    description: [
      'The colour of the sky over the East River just after sunset: lavender tulips, lilac ranunculus and pale anemones with a little waxflower.',
    ],
    care: CUT_FLOWER_CARE,
    ...sized('LHB', ['80.00', '120.00', '170.00'], [15, 10, 1]),
    images: sizedImages('Lilac Hour Bouquet: lavender tulips, lilac ranunculus and pale anemones in kraft paper', {
      palette: 'lilac',
      scene: 'arrangement',
      vessel: 'wrap',
      blooms: [
        { kind: 'tulip', count: 4, tone: 0 },
        { kind: 'ranunculus', count: 3, tone: 1 },
        { kind: 'anemone', count: 3, tone: 1 },
        { kind: 'waxflower', count: 3, tone: 2 },
      ],
      foliage: [{ kind: 'eucalyptus', count: 4 }],
    }),
  },
  {
    id: 8012,
    handle: 'union-square-sunflowers',
    title: 'Union Square Sunflowers',
    productType: 'Bouquet',
    tags: ['bouquet', 'sunflower'],
    createdAt: '2026-04-01T14:00:00Z',
    description: ['Ten tall sunflowers, the kind you see leaning out of buckets at the Union Square Greenmarket in August. Nothing else needed.'],
    care: CUT_FLOWER_CARE,
    variants: single('USS-1', '55.00', 30),
    images: [
      {
        alt: 'Union Square Sunflowers: ten sunflowers with their leaves, wrapped in paper',
        art: {
          palette: 'sunflower',
          scene: 'arrangement',
          vessel: 'wrap',
          blooms: [{ kind: 'sunflower', count: 7, tone: 0 }],
          foliage: [{ kind: 'leaf', count: 5 }],
        },
      },
    ],
  },
  {
    id: 8013,
    handle: 'moth-orchid-in-ceramic',
    title: 'Moth Orchid in Ceramic',
    productType: 'Plant',
    tags: ['plant', 'orchid', 'gift'],
    createdAt: '2026-01-25T14:00:00Z',
    description: [
      'A double-spiked magenta Phalaenopsis in a glazed ceramic pot. It blooms for two months and, with a little patience, again next year.',
    ],
    care: [...PLANT_CARE, 'Water orchids with three ice cubes a week rather than a pour.'],
    variants: single('MOC-1', '110.00', 7),
    images: [
      {
        alt: 'Moth Orchid in Ceramic: magenta orchid flowers on an arching stem above broad leaves, in a cream pot',
        art: { palette: 'orchid', scene: 'plant', blooms: [{ kind: 'orchid', count: 5, tone: 0 }], foliage: [{ kind: 'leaf', count: 5 }] },
      },
    ],
  },
  {
    id: 8014,
    handle: 'olive-tree-in-terracotta',
    title: 'Olive Tree in Terracotta',
    productType: 'Plant',
    tags: ['plant', 'tree', 'local-delivery-only', 'lead-time-3-days'],
    createdAt: '2026-02-14T14:00:00Z',
    description: [
      'A silvery young olive tree in a hand-made Italian terracotta pot. It loves a sunny window and forgives the occasional missed watering.',
      'Heavy and tall, so it is delivered by our team in the five boroughs only.',
    ],
    care: PLANT_CARE,
    options: [{ name: 'Size', values: ['Small', 'Large'] }],
    variants: [
      { sku: 'OLV-S', options: { Size: 'Small' }, price: '145.00', quantity: 4, image: 0 },
      { sku: 'OLV-L', options: { Size: 'Large' }, price: '240.00', quantity: 2, image: 0 },
    ],
    images: [
      {
        alt: 'Olive Tree in Terracotta: slender silvery leaves and dark olives in a terracotta pot',
        art: {
          palette: 'olive',
          scene: 'plant',
          blooms: [{ kind: 'berry', count: 3, tone: 0 }],
          foliage: [
            { kind: 'eucalyptus', count: 4 },
            { kind: 'fern', count: 3 },
          ],
        },
      },
    ],
  },
  {
    id: 8015,
    handle: 'maidenhair-fern',
    title: 'Maidenhair Fern',
    productType: 'Plant',
    tags: ['plant', 'fern', 'sale'],
    createdAt: '2026-02-20T14:00:00Z',
    description: ['Lacy, bright green fronds that thrive in a steamy bathroom. Small enough for a bookshelf.'],
    care: [...PLANT_CARE, 'Keep the soil evenly moist; maidenhair hates drying out.'],
    variants: single('MHF-1', '48.00', 16, '58.00'),
    images: [
      {
        alt: 'Maidenhair Fern: soft green fronds spilling over a cream pot',
        art: { palette: 'fern', scene: 'plant', blooms: [], foliage: [{ kind: 'fern', count: 9 }] },
      },
    ],
  },
  {
    id: 8016,
    handle: 'eucalyptus-and-candle-gift-set',
    title: 'Eucalyptus & Candle Gift Set',
    productType: 'Gift',
    tags: ['gift', 'eucalyptus'],
    createdAt: '2026-02-25T14:00:00Z',
    description: [
      'A keepsake box of fresh silver-dollar eucalyptus and white waxflower, with our Gramercy Garden soy candle (fig leaf and cedar, 50 hours).',
      'Eucalyptus dries beautifully, so this gift lasts for months.',
    ],
    care: ['Keep the eucalyptus in a little water for a week, then let it dry upright.', 'Trim the candle wick to a quarter inch before each burn.'],
    variants: single('ECG-1', '98.00', 12),
    images: [
      {
        alt: 'Eucalyptus & Candle Gift Set: eucalyptus and white waxflower in a cream hat box',
        art: {
          palette: 'ivory',
          scene: 'arrangement',
          vessel: 'hatbox',
          blooms: [
            { kind: 'waxflower', count: 5, tone: 0 },
            { kind: 'rose', count: 2, tone: 1 },
          ],
          foliage: [{ kind: 'eucalyptus', count: 8 }],
        },
      },
    ],
  },
  {
    id: 8017,
    handle: 'bud-vase-trio',
    title: 'Bud Vase Trio',
    productType: 'Gift',
    tags: ['gift', 'vase'],
    createdAt: '2026-03-03T14:00:00Z',
    description: ['Three small glass bud vases, each with a few seasonal stems: a little garden along a windowsill or down a dinner table.'],
    care: CUT_FLOWER_CARE,
    variants: single('BVT-1', '75.00', 18),
    images: [
      {
        alt: 'Bud Vase Trio: three small vases with a few garden roses and anemones each',
        art: {
          palette: 'garden',
          scene: 'stilllife',
          vessel: 'vase',
          blooms: [
            { kind: 'rose', count: 2, tone: 0 },
            { kind: 'anemone', count: 2, tone: 2 },
          ],
          foliage: [{ kind: 'eucalyptus', count: 2 }],
        },
      },
    ],
  },
  {
    id: 8018,
    handle: 'dried-flower-hat-box',
    title: 'Dried Flower Hat Box',
    productType: 'Gift',
    tags: ['gift', 'dried'],
    createdAt: '2026-03-07T14:00:00Z',
    description: [
      'Preserved roses, dahlias and bunny-tail grass in warm terracotta and sand tones, arranged in a round linen hat box. No water, no wilting: it lasts a year.',
    ],
    care: ['Keep out of direct sun so the colours stay warm.', 'Dust gently with a hair dryer on its cool setting.'],
    options: [{ name: 'Size', values: ['Classic', 'Grand'] }],
    variants: [
      { sku: 'DHB-C', options: { Size: 'Classic' }, price: '120.00', quantity: 6, image: 0 },
      { sku: 'DHB-G', options: { Size: 'Grand' }, price: '165.00', quantity: 3, image: 0 },
    ],
    images: [
      {
        alt: 'Dried Flower Hat Box: preserved roses and dahlias in terracotta and sand tones in a round box',
        art: {
          palette: 'dried',
          scene: 'arrangement',
          vessel: 'hatbox',
          blooms: [
            { kind: 'rose', count: 4, tone: 0 },
            { kind: 'dahlia', count: 3, tone: 1 },
            { kind: 'ranunculus', count: 2, tone: 2 },
          ],
          foliage: [{ kind: 'fern', count: 3 }],
        },
      },
    ],
  },
  {
    id: 8019,
    handle: 'garden-rose-dozen',
    title: 'Garden Rose Dozen',
    productType: 'Bouquet',
    tags: ['bouquet', 'rose', 'gift'],
    createdAt: '2026-01-30T14:00:00Z',
    description: ['A dozen (or two) fragrant garden roses in a single colour of your choosing. Romantic without the cliché.'],
    care: [...CUT_FLOWER_CARE, 'Remove any leaves below the water line.'],
    options: [
      { name: 'Color', values: ['Blush', 'Ivory', 'Coral'] },
      { name: 'Stems', values: ['12', '24'] },
    ],
    variants: (['Blush', 'Ivory', 'Coral'] as const).flatMap((color, i) => [
      { sku: `GRD-${color[0]}12`, options: { Color: color, Stems: '12' }, price: '95.00', quantity: 10 + i * 4, image: i },
      { sku: `GRD-${color[0]}24`, options: { Color: color, Stems: '24' }, price: '170.00', quantity: 5 + i, image: i },
    ]),
    images: (['blush', 'ivory', 'coral'] as const).map((palette) => ({
      alt: `Garden Rose Dozen in ${palette}, in a glass vase`,
      art: {
        palette,
        scene: 'arrangement' as const,
        vessel: 'vase' as const,
        blooms: [
          { kind: 'rose' as const, count: 9, tone: 0 },
          { kind: 'rose' as const, count: 3, tone: 1 },
        ],
        foliage: [{ kind: 'leaf' as const, count: 4 }],
      },
    })),
    videos: [
      {
        alt: 'A short silent film of the Garden Rose Dozen in a glass vase, fading from blush to ivory to coral roses',
        frames: [0, 1, 2],
        previewImage: 0,
      },
    ],
  },
  {
    id: 8020,
    handle: 'studio-choice-subscription',
    title: "Studio's Choice Subscription",
    productType: 'Subscription',
    tags: ['subscription', 'arrangement'],
    createdAt: '2026-01-06T14:00:00Z',
    description: [
      'Let our studio surprise you: an arrangement in a vase, designed around the most beautiful stems of the week, delivered to your home or office.',
      'The longer the commitment, the bigger the saving.',
    ],
    care: CUT_FLOWER_CARE,
    variants: single('SUB-S', '95.00', 100),
    images: [
      {
        alt: "Studio's Choice: a wild, seasonal arrangement of dahlias, roses and ranunculus in a vase",
        art: {
          palette: 'coral',
          scene: 'arrangement',
          vessel: 'vase',
          blooms: [
            { kind: 'dahlia', count: 3, tone: 0 },
            { kind: 'rose', count: 3, tone: 1 },
            { kind: 'ranunculus', count: 3, tone: 2 },
          ],
          foliage: [
            { kind: 'fern', count: 3 },
            { kind: 'eucalyptus', count: 2 },
          ],
        },
      },
    ],
    sellingPlanGroups: [
      {
        name: 'Studio subscription',
        optionName: 'Deliver every',
        plans: [
          {
            id: 7003,
            name: 'Delivered weekly',
            description: 'Every week, 14.28% off (one delivery in seven on us).',
            value: 'Week',
            percentage: 14.28,
          },
          { id: 7004, name: 'Delivered every two weeks', description: 'Every other week, 10% off each delivery.', value: '2 Weeks', percentage: 10 },
          { id: 7005, name: 'Delivered every four weeks', description: 'Once a month, 5% off each delivery.', value: '4 Weeks', percentage: 5 },
        ],
      },
    ],
  },
];
