/** The shop's collections, each listing product handles in display order. */
import type { CollectionData } from '../catalog';

export const SHOP = {
  id: 1,
  name: 'Gramercy Stems',
  description: 'Seasonal flowers, hand-tied on East 20th Street and delivered across New York City.',
  currencyCode: 'USD',
  primaryDomain: 'https://www.gramercystems.com',
};

export const COLLECTIONS: CollectionData[] = [
  {
    id: 4001,
    handle: 'bouquets',
    title: 'Bouquets',
    description: 'Hand-tied bouquets and vase arrangements, gathered from the Flower District every morning.',
    image: {
      alt: 'A table crowded with blush peonies, roses and ranunculus',
      art: {
        palette: 'blush',
        scene: 'closeup',
        blooms: [
          { kind: 'peony', count: 6, tone: 0 },
          { kind: 'rose', count: 5, tone: 2 },
          { kind: 'ranunculus', count: 4, tone: 1 },
        ],
        foliage: [{ kind: 'eucalyptus', count: 5 }],
      },
    },
    products: [
      'classic-gramercy-bouquet',
      'garden-rose-dozen',
      'lilac-hour-bouquet',
      'peony-cloud',
      'ranunculus-ribbon',
      'coral-charm-tulips',
      'union-square-sunflowers',
      'bodega-bunch',
      'burgundy-velvet-arrangement',
      'hudson-valley-hydrangeas',
      'the-private-garden',
    ],
  },
  {
    id: 4002,
    handle: 'subscriptions',
    title: 'Subscriptions',
    description: 'Fresh flowers every week or every other week, with a saving on every delivery.',
    image: {
      alt: 'Three vases of seasonal flowers on a sunny table',
      art: {
        palette: 'garden',
        scene: 'stilllife',
        vessel: 'vase',
        blooms: [
          { kind: 'tulip', count: 3, tone: 0 },
          { kind: 'anemone', count: 2, tone: 2 },
          { kind: 'rose', count: 2, tone: 1 },
        ],
        foliage: [{ kind: 'leaf', count: 2 }],
      },
    },
    products: ['weekly-flower-subscription', 'studio-choice-subscription'],
  },
  {
    id: 4003,
    handle: 'seasonal',
    title: 'Seasonal',
    description: 'Here for a short time only: peonies in May, hydrangeas in summer, wreaths at the solstice.',
    image: {
      alt: 'Hydrangeas, tulips and peonies in lilac and blush',
      art: {
        palette: 'lilac',
        scene: 'closeup',
        blooms: [
          { kind: 'hydrangea', count: 5, tone: 0 },
          { kind: 'tulip', count: 5, tone: 1 },
          { kind: 'peony', count: 4, tone: 1 },
        ],
        foliage: [{ kind: 'fern', count: 4 }],
      },
    },
    products: ['winter-solstice-wreath', 'peony-cloud', 'coral-charm-tulips', 'hudson-valley-hydrangeas', 'lilac-hour-bouquet'],
  },
  {
    id: 4004,
    handle: 'plants',
    title: 'Plants',
    description: 'Orchids, ferns and trees that thrive in New York apartments.',
    image: {
      alt: 'Fern fronds and broad green leaves',
      art: {
        palette: 'fern',
        scene: 'closeup',
        blooms: [{ kind: 'waxflower', count: 6, tone: 0 }],
        foliage: [
          { kind: 'fern', count: 12 },
          { kind: 'leaf', count: 6 },
        ],
      },
    },
    products: ['moth-orchid-in-ceramic', 'olive-tree-in-terracotta', 'maidenhair-fern'],
  },
  {
    id: 4005,
    handle: 'gifts',
    title: 'Gifts',
    description: 'Boxes, bud vases and keepsakes for birthdays, thank-yous and everything in between.',
    image: {
      alt: 'Dried roses and dahlias in warm sand tones',
      art: {
        palette: 'dried',
        scene: 'closeup',
        blooms: [
          { kind: 'rose', count: 5, tone: 0 },
          { kind: 'dahlia', count: 5, tone: 1 },
          { kind: 'ranunculus', count: 4, tone: 2 },
        ],
        foliage: [{ kind: 'fern', count: 4 }],
      },
    },
    products: [
      'eucalyptus-and-candle-gift-set',
      'bud-vase-trio',
      'dried-flower-hat-box',
      'classic-gramercy-bouquet',
      'moth-orchid-in-ceramic',
      'garden-rose-dozen',
    ],
  },
  {
    id: 4006,
    handle: 'sale',
    title: 'On Sale',
    description: 'A little off, for a little while.',
    image: {
      alt: 'Coral ranunculus and tulips',
      art: {
        palette: 'coral',
        scene: 'closeup',
        blooms: [
          { kind: 'ranunculus', count: 7, tone: 0 },
          { kind: 'tulip', count: 6, tone: 1 },
        ],
        foliage: [{ kind: 'leaf', count: 4 }],
      },
    },
    products: ['ranunculus-ribbon', 'coral-charm-tulips', 'maidenhair-fern'],
  },
];
