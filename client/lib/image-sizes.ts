/**
 * CSS `sizes` of each picture usage (spec §9: default 100vw), shared by the components and the
 * server's LCP preload (server/render/lcp.ts), whose `imagesizes` must match the <img>'s.
 * Breakpoints follow the layout (client/styles: 768, 1200, the 1320px page width).
 */
export const FULL_WIDTH_SIZES = '100vw';
/** Product grid cards: 2 columns, 3 from 768, 4 from 1200, within the 1320px page. */
export const CARD_SIZES = '(min-width: 1320px) 320px, (min-width: 1200px) 25vw, (min-width: 768px) 33vw, 50vw';
/** The product gallery's main image: 7/12 of the 1320px page beside the details from 768. */
export const GALLERY_SIZES = '(min-width: 1320px) 680px, (min-width: 768px) 58vw, 100vw';
/** Collection tiles: 2 columns, 3 from 768, within the 1320px page. */
export const TILE_SIZES = '(min-width: 1320px) 440px, (min-width: 768px) 33vw, 50vw';
/** The header logo mark: 48px wide at most (spec §9). */
export const LOGO_SIZES = '48px';
