/**
 * Draws the product videos of the seeded dataset (content/FORMAT.md, `videos` in
 * catalog.json): for each product video in `data/products.ts`, a silent film of about five
 * seconds that holds each of its `frames` (the product's images, rasterised from
 * `content/images/*.svg` by sharp) and cross-fades between them, written as
 * `content/videos/{file}.mp4` (H.264, yuv420p, faststart) and `.webm` (VP9). Needs ffmpeg on
 * PATH (`apt-get install -y ffmpeg`); the outputs are committed, so neither `npm start` nor
 * the tests need it. Run after `generate.ts` (it reads the drawn SVGs):
 *
 *   npx tsx content/scripts/video.ts [contentDir]     (default: the content/ folder)
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { catalogVideos, VIDEO_SIZE, type CatalogVideo } from './catalog';
import { PRODUCTS } from './data/products';

/** Seconds each frame is held, and the cross-fade between two. */
const HOLD_S = 1.6;
const FADE_S = 0.6;
const FPS = 24;

/** ffmpeg's encoder arguments per format; `bitexact` keeps encoder versions out of the files. */
const ENCODERS: Record<string, string[]> = {
  mp4: ['-c:v', 'libx264', '-profile:v', 'main', '-preset', 'slow', '-crf', '30', '-pix_fmt', 'yuv420p', '-movflags', '+faststart'],
  webm: ['-c:v', 'libvpx-vp9', '-crf', '42', '-b:v', '0', '-row-mt', '1', '-pix_fmt', 'yuv420p'],
};

async function drawVideo(contentDir: string, handle: string, video: CatalogVideo, frames: number[]): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'video-'));
  try {
    const stills = await Promise.all(
      frames.map(async (index, i) => {
        const out = join(work, `frame-${i}.png`);
        await sharp(join(contentDir, 'images', `${handle}-${index + 1}.svg`))
          .resize(VIDEO_SIZE.width, VIDEO_SIZE.height, { fit: 'cover' })
          .png()
          .toFile(out);
        return out;
      }),
    );
    const inputs = stills.flatMap((still) => ['-loop', '1', '-t', String(HOLD_S + FADE_S), '-framerate', String(FPS), '-i', still]);
    // [0][1]xfade → [x1]; [x1][2]xfade → [x2]; …: each fade starts where the previous hold ends.
    const filters = stills.slice(1).map((_, i) => {
      const from = i === 0 ? '[0:v]' : `[x${i}]`;
      return `${from}[${i + 1}:v]xfade=transition=fade:duration=${FADE_S}:offset=${((i + 1) * HOLD_S).toFixed(2)}[x${i + 1}]`;
    });
    const last = stills.length > 1 ? `[x${stills.length - 1}]` : '[0:v]';
    for (const format of video.formats) {
      execFileSync(
        'ffmpeg',
        [
          ...['-y', '-loglevel', 'error'],
          ...inputs,
          ...(filters.length ? ['-filter_complex', filters.join(';'), '-map', last] : []),
          ...['-r', String(FPS), '-an', '-fflags', '+bitexact', '-flags:v', '+bitexact', '-map_metadata', '-1'],
          ...ENCODERS[format],
          join(contentDir, 'videos', `${video.file}.${format}`),
        ],
        { stdio: 'inherit' },
      );
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Draw every product video into `{contentDir}/videos`. */
export async function drawVideos(contentDir: string): Promise<string[]> {
  mkdirSync(join(contentDir, 'videos'), { recursive: true });
  const written: string[] = [];
  for (const product of PRODUCTS) {
    const videos = catalogVideos(product);
    for (const [i, video] of videos.entries()) {
      await drawVideo(contentDir, product.handle, video, product.videos![i].frames);
      written.push(...video.formats.map((f) => `${video.file}.${f}`));
    }
  }
  return written;
}

if (require.main === module) {
  const contentDir = resolve(process.argv[2] ?? join(__dirname, '..'));
  drawVideos(contentDir).then(
    (files) => console.log(`Drew ${files.join(', ')} in ${contentDir}/videos`),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
