/** Collection tiles: image with the collection title, linking to the collection. */
import { Link } from 'react-router';
import type { CollectionSummary } from '../../shared/types';
import { TILE_SIZES } from '../lib/image-sizes';
import { Picture } from './Picture';

export function CollectionTiles({ collections }: { collections: CollectionSummary[] }) {
  return (
    <ul className="tiles">
      {collections.map((c) => (
        <li key={c.handle}>
          <Link to={c.href} className="tile">
            {c.image && <Picture picture={c.image} ratio={1} sizes={TILE_SIZES} />}
            <span className="tile__title">{c.title}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
