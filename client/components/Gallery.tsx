/**
 * Product gallery: the selected medium large, thumbnails as buttons below. Media are the
 * product's images, then its videos (spec §3 media): the first paint, and the page's LCP image
 * (server/render/lcp.ts), stay an image, and image indexes stay the product's `images` indexes.
 * A video shows as a native <video>: controls, muted, inline on phones, its preview image as the
 * poster, no autoplay (the spec asks for none) and only its metadata loaded until played; its
 * alt text names it (the shop's videos are silent, so the text stands in for them).
 */
import type { Picture as PictureData, ProductVideo } from '../../shared/types';
import { GALLERY_SIZES } from '../lib/image-sizes';
import { Picture } from './Picture';

type Medium = { kind: 'image'; key: string; picture: PictureData } | { kind: 'video'; key: string; video: ProductVideo };

/** The gallery's box: the products' 4:5 portrait, for images and videos alike (no jump between them). */
const RATIO = 4 / 5;

function GalleryVideo({ video }: { video: ProductVideo }) {
  return (
    <div className="gallery__main gallery__video" style={{ aspectRatio: String(RATIO) }}>
      <video
        controls
        muted
        playsInline
        preload="metadata"
        poster={video.poster?.src}
        width={video.width}
        height={video.height}
        aria-label={video.alt}
      >
        {video.sources.map((source) => (
          <source key={source.url} src={source.url} type={source.mimeType} />
        ))}
      </video>
    </div>
  );
}

export function Gallery({
  images,
  videos = [],
  selected,
  onSelect,
  title,
}: {
  images: PictureData[];
  videos?: ProductVideo[];
  /** Index into images followed by videos. */
  selected: number;
  onSelect: (i: number) => void;
  title: string;
}) {
  const media: Medium[] = [
    ...images.map((picture): Medium => ({ kind: 'image', key: picture.src, picture })),
    ...videos.map((video): Medium => ({ kind: 'video', key: video.id, video })),
  ];
  const main = media[selected] ?? media[0];
  if (!main) return null;
  return (
    <div className="gallery">
      {main.kind === 'image' ? (
        <Picture
          key={main.key}
          picture={main.picture}
          priority
          ratio={RATIO}
          sizes={GALLERY_SIZES}
          className="gallery__main"
          alt={main.picture.alt || title}
        />
      ) : (
        <GalleryVideo key={main.key} video={main.video} />
      )}
      {media.length > 1 && (
        <ul className="gallery__thumbs" aria-label="Product media">
          {media.map((medium, i) => {
            const thumb = medium.kind === 'image' ? medium.picture : medium.video.poster;
            return (
              <li key={medium.key}>
                <button
                  type="button"
                  className={medium.kind === 'video' ? 'gallery__thumb--video' : undefined}
                  aria-pressed={i === selected}
                  aria-label={`Show ${medium.kind} ${i + 1} of ${media.length}`}
                  onClick={() => onSelect(i)}
                >
                  {thumb ? (
                    <Picture picture={thumb} ratio={1} sizes="80px" lowPriority blurUp={false} alt="" />
                  ) : (
                    <span className="gallery__thumb-blank" />
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
