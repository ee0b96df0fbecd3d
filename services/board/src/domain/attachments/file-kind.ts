// The node entry: the package's root export is ESM-only by condition, which jest's CommonJS resolver cannot pick.
import { fileTypeFromFile } from 'file-type/node';
import sharp from 'sharp';
import { THUMBNAIL_MAX_PX, inlineImageTypes } from '@trackboard/contracts';

/** What the bytes are, whatever the uploader said: only an image that really decodes is shown inline. */
export type FileKind = {
  contentType: string;
  /** Upright size in pixels of an image that decoded (its thumbnail was made), or null. */
  image: { width: number; height: number } | null;
};

const unknown = 'application/octet-stream';
// A decompression bomb (a tiny PNG of 100,000 × 100,000 pixels) is refused before it is decoded.
const maxInputPixels = 50_000_000;

const isInlineImage = (type: string): type is (typeof inlineImageTypes)[number] =>
  (inlineImageTypes as readonly string[]).includes(type);

/**
 * The type from the file's magic bytes (file-type); text formats have none, so HTML, SVG and
 * scripts come out as application/octet-stream, which is only ever downloaded. A file whose bytes
 * say PNG, JPEG, GIF or WebP counts as an image only if sharp decodes all of it into its
 * thumbnail, written to `thumbnailPath`: a PNG header in front of HTML is not an image. The
 * thumbnail fits THUMBNAIL_MAX_PX on each side, is turned upright by its EXIF orientation, and is
 * WebP without any of the original's metadata (camera, location), which sharp drops unless asked
 * to keep it; an animated GIF or WebP gives its first frame. libvips decodes as it shrinks, so a
 * large photo never sits whole in memory.
 */
export async function sniffFile(path: string, thumbnailPath: string): Promise<FileKind> {
  const sniffed = await fileTypeFromFile(path);
  const contentType = sniffed?.mime ?? unknown;
  if (!isInlineImage(contentType)) return { contentType, image: null };
  try {
    const image = () => sharp(path, { limitInputPixels: maxInputPixels, animated: false, failOn: 'error' });
    const { width, height, orientation } = await image().metadata();
    await image()
      .rotate()
      .resize(THUMBNAIL_MAX_PX, THUMBNAIL_MAX_PX, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toFile(thumbnailPath);
    // Orientations 5–8 turn the picture a quarter: its upright width is the stored height.
    const turned = (orientation ?? 1) >= 5;
    return { contentType, image: turned ? { width: height, height: width } : { width, height } };
  } catch {
    return { contentType: unknown, image: null };
  }
}
