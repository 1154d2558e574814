/**
 * Perspectives: which documents a query sees (https://www.sanity.io/docs/perspectives).
 * - `raw`: every document as stored, drafts (`drafts.{id}`) and release versions
 *   (`versions.{release}.{id}`) included;
 * - `published`: only published documents;
 * - `drafts` (alias `previewDrafts`): each draft overlays its published document, keeping the
 *   published `_id` and recording the stored id in `_originalId`;
 * - a release stack `r1,r2[,drafts]`: the first layer holding a version of a document wins,
 *   published being the implicit bottom layer.
 * Requests without read access to private documents (a token is configured and was not sent)
 * see no document whose id has a path (drafts, versions, `secrets.*`…) at all, as anonymous
 * requests to a public Sanity dataset do (https://www.sanity.io/docs/ids).
 */
import type { SanityDocument } from './dataset';
import { badRequest } from './errors';

/** `raw`, or the overlay order, highest priority first, always ending with `published`. */
export type Perspective = 'raw' | string[];

const PUBLISHED = 'published';
const DRAFTS = 'drafts';
const LAYER_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

/**
 * The perspective to apply: `requested` (a `perspective` query value) or the API version's
 * default, `published` from v2025-02-19 (and `vX`), `raw` before.
 * @throws 400 for an unknown perspective name.
 */
export function resolvePerspective(requested: string | undefined, apiVersion: string): Perspective {
  if (!requested) return apiVersion === 'X' || apiVersion >= '2025-02-19' ? [PUBLISHED] : 'raw';
  if (requested === 'raw') return 'raw';
  if (requested === 'previewDrafts') return [DRAFTS, PUBLISHED];
  const layers = requested.split(',').filter((layer) => layer !== PUBLISHED);
  if (!layers.every((layer) => LAYER_NAME.test(layer) && layer !== 'raw')) {
    throw badRequest(`Invalid perspective "${requested}"`);
  }
  return [...new Set(layers), PUBLISHED];
}

/** Whether `perspective` reads documents that only authenticated requests may see. */
export function needsPrivateAccess(perspective: Perspective): boolean {
  return perspective !== 'raw' && perspective.length > 1;
}

/** `drafts.x` → { base: x, layer: drafts }, `versions.r.x` → { base: x, layer: r }, x → published. */
function splitId(id: string): { base: string; layer: string } {
  if (id.startsWith('drafts.')) return { base: id.slice('drafts.'.length), layer: DRAFTS };
  const version = /^versions\.([^.]+)\.(.+)$/.exec(id);
  return version ? { base: version[2], layer: version[1] } : { base: id, layer: PUBLISHED };
}

/**
 * Documents only authenticated requests may read: Sanity gives anonymous requests the root
 * path only, so any id containing a "." is private, drafts and release versions being just the
 * best known of them (https://www.sanity.io/docs/ids, "IDs and Paths").
 */
export function isPrivateId(id: string): boolean {
  return id.includes('.');
}

/** The documents `perspective` shows, in dataset order of their base documents. */
export function applyPerspective(documents: SanityDocument[], perspective: Perspective): SanityDocument[] {
  if (perspective === 'raw') return documents;
  const rank = new Map(perspective.map((layer, index) => [layer, index]));
  const chosen = new Map<string, { doc: SanityDocument; rank: number }>();
  for (const doc of documents) {
    const { base, layer } = splitId(doc._id);
    const docRank = rank.get(layer);
    if (docRank === undefined) continue;
    const current = chosen.get(base);
    if (!current || docRank < current.rank) chosen.set(base, { doc, rank: docRank });
  }
  return [...chosen.entries()].map(([base, { doc }]) => (doc._id === base ? doc : { ...doc, _id: base, _originalId: doc._id }));
}
