/**
 * Product availability at a given time (shared/product-availability.ts, spec §4): a drop is
 * "dropping" until its date and available from that very millisecond; a password gate comes
 * first at any time; a sold-out card dropped is sold out. The time is the caller's, so the same
 * card and time give the same answer on the server and in the browser.
 */
import { cardAvailability, isPasswordProtected } from '../../shared/product-availability';
import type { ProductCard } from '../../shared/types';

/** As the seeded Winter Solstice Wreath (content/scripts/data/cards.ts). */
const DROP = '2026-12-12T15:00:00.000Z';
const DROP_MS = Date.parse(DROP);

const card = (over: Partial<ProductCard> = {}): ProductCard => ({
  handle: 'winter-solstice-wreath',
  title: 'Winter Solstice Wreath',
  minPrice: null,
  image: null,
  hoverImage: null,
  isSoldOut: false,
  customSoldOutText: null,
  disableProductInteraction: false,
  productDrop: { enabled: true, dropDate: DROP, passwordProtectPage: false },
  password: null,
  cardBanner: null,
  ...over,
});

describe('cardAvailability at a time', () => {
  test('a drop is dropping until its date, and available from that millisecond on', () => {
    expect(cardAvailability(card(), DROP_MS - 1)).toEqual({ kind: 'drop', dropDate: DROP });
    expect(cardAvailability(card(), DROP_MS)).toEqual({ kind: 'available' });
    expect(cardAvailability(card(), DROP_MS + 86_400_000)).toEqual({ kind: 'available' });
  });

  test('a disabled drop restricts nothing', () => {
    expect(cardAvailability(card({ productDrop: { enabled: false, dropDate: DROP, passwordProtectPage: false } }), DROP_MS - 1)).toEqual({
      kind: 'available',
    });
  });

  test('a dropped product that is sold out is sold out', () => {
    expect(cardAvailability(card({ isSoldOut: true }), DROP_MS - 1).kind).toBe('drop');
    expect(cardAvailability(card({ isSoldOut: true, customSoldOutText: 'Gone' }), DROP_MS)).toEqual({ kind: 'soldOut', text: 'Gone' });
  });

  test('a password gate comes first, before and after the drop', () => {
    const locked = card({ productDrop: { enabled: true, dropDate: DROP, passwordProtectPage: true } });
    expect(isPasswordProtected(locked)).toBe(true);
    expect(cardAvailability(locked, DROP_MS - 1)).toEqual({ kind: 'password', text: null });
    expect(cardAvailability(locked, DROP_MS + 1)).toEqual({ kind: 'password', text: null });
  });

  test('no card: available, and not protected', () => {
    expect(cardAvailability(null, 0)).toEqual({ kind: 'available' });
    expect(isPasswordProtected(null)).toBe(false);
  });
});
