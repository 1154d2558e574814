/** Named colour palettes for the artwork: one mood per product line. */
import type { Palette } from '../artwork';

export const PALETTES = {
  blush: { paper: ['#fbf4f0', '#f2ddd5'], blooms: ['#f2b8c6', '#fbe9e4', '#e0899b'], green: '#6f8f5e', vessel: '#dcc5a8', ribbon: '#b24a5a' },
  ivory: { paper: ['#f8f6f0', '#e9e4d8'], blooms: ['#fbf7ec', '#efe2c4', '#c9d8b6'], green: '#5f7f62', vessel: '#e8e1d3', ribbon: '#8c9b7a' },
  coral: { paper: ['#fff5ee', '#f8dccc'], blooms: ['#f08a6c', '#fbc4a6', '#f6e1c8'], green: '#5d8a58', vessel: '#f3e4cf', ribbon: '#e06a4e' },
  burgundy: { paper: ['#f5ece9', '#e2cfcb'], blooms: ['#7d1d34', '#b5475c', '#e8c9b8'], green: '#3f5e45', vessel: '#3b2f36', ribbon: '#5c1626' },
  lilac: { paper: ['#f6f3fa', '#e4dcef'], blooms: ['#b79ad6', '#e2d4f0', '#8f7fc7'], green: '#64875f', vessel: '#c9bfdc', ribbon: '#6f5a9a' },
  sunflower: { paper: ['#fffaf0', '#f7e6c5'], blooms: ['#f5bd2f', '#ee8a3c', '#fdf3dc'], green: '#557a3a', vessel: '#c9a77a', ribbon: '#2f4f7a' },
  winter: { paper: ['#f1f4f0', '#d8e2d9'], blooms: ['#a3243b', '#efe6d0', '#c4a46a'], green: '#2f5a3c', vessel: '#8a6a4a', ribbon: '#8e1f2f' },
  hydrangea: { paper: ['#f4f6fb', '#dfe5f1'], blooms: ['#8fa9de', '#c6b3e3', '#f4f1f8'], green: '#5f835b', vessel: '#eeeae2', ribbon: '#5b6fa8' },
  garden: {
    paper: ['#f8f5ee', '#e7e8d8'],
    blooms: ['#f2b8c6', '#f5bd2f', '#b79ad6', '#fbf7ec'],
    green: '#5f8a52',
    vessel: '#d8d2c2',
    ribbon: '#7a8f5a',
  },
  orchid: { paper: ['#f7f2f5', '#e8dbe3'], blooms: ['#c2478c', '#f3d2e4'], green: '#4f7a45', vessel: '#f1ece4', ribbon: '#c2478c' },
  olive: { paper: ['#f5f4ec', '#e2e1cf'], blooms: ['#3c3a2a', '#6a6b3a'], green: '#7b8b5c', vessel: '#c46e48', ribbon: '#6a6b3a' },
  fern: { paper: ['#f1f5ef', '#dbe6d6'], blooms: ['#ffffff'], green: '#4d8a4a', vessel: '#e9e3d6', ribbon: '#4d8a4a' },
  dried: { paper: ['#f7f1e8', '#e6d8c4'], blooms: ['#c98f6b', '#e7cfa6', '#9c6b5a'], green: '#9a9466', vessel: '#ece2d2', ribbon: '#9c6b5a' },
} satisfies Record<string, Palette>;

export type PaletteName = keyof typeof PALETTES;
