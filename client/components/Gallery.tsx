/** Product gallery: the selected image large, thumbnails as buttons below. */
import type { Picture as PictureData } from '../../shared/types';
import { GALLERY_SIZES } from '../lib/image-sizes';
import { Picture } from './Picture';

export function Gallery({
  images,
  selected,
  onSelect,
  title,
}: {
  images: PictureData[];
  selected: number;
  onSelect: (i: number) => void;
  title: string;
}) {
  const main = images[selected] ?? images[0];
  if (!main) return null;
  return (
    <div className="gallery">
      <Picture key={main.src} picture={main} priority ratio={4 / 5} sizes={GALLERY_SIZES} className="gallery__main" alt={main.alt || title} />
      {images.length > 1 && (
        <ul className="gallery__thumbs" aria-label="Product images">
          {images.map((image, i) => (
            <li key={image.src}>
              <button type="button" aria-pressed={i === selected} aria-label={`Show image ${i + 1} of ${images.length}`} onClick={() => onSelect(i)}>
                <Picture picture={image} ratio={1} sizes="80px" lowPriority blurUp={false} alt="" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
