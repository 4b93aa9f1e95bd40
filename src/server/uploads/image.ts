import sharp, { type Metadata, type SharpOptions } from 'sharp';
import { IMAGE_TYPE_MESSAGE, MAX_IMAGE_BYTES } from '@/shared/domain/images';
import { AppError } from '../errors';

/** Largest image file accepted, bytes: shared/domain/images.ts (10 MB). */
export { MAX_IMAGE_BYTES };

/**
 * Most pixels (width * height of the decoded image) accepted: 40 megapixels. A decoded RGBA image costs 4 bytes a pixel,
 * so 40 MP bounds one decode to about 160 MB however well the file compresses: a 20000 x 20000 PNG of one colour is a few
 * hundred kB on disk but 1.6 GB decoded (a "decompression bomb"). 40 MP is above every phone camera's default output
 * (12-24 MP in 2025; 48 MP sensors save 12 MP unless asked) and far above what {@link IMAGE_WIDTHS} needs. Checked from
 * the file's header before decoding, and again by sharp's `limitInputPixels` while decoding.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;

/**
 * Widths the stored variants are resized to, px: 320 (phone thumbnails and lists), 640 (a phone's full width at 2x) and
 * 1280 (a desktop column at 2x, or a hero image). Never enlarged: widths above the source's are skipped, and a source
 * narrower than the smallest is kept at its own width.
 */
export const IMAGE_WIDTHS: readonly number[] = [320, 640, 1280];

/** WebP quality of every variant (0-100): 78 keeps photos free of visible artefacts at about a third of JPEG's size. */
export const WEBP_QUALITY = 78;

/** JPEG quality of every variant (0-100, mozjpeg encoder): 80, the usual web default, for browsers without WebP. */
export const JPEG_QUALITY = 80;

/** What a transparent image is flattened onto for its JPEG variants (JPEG has no alpha). */
export const JPEG_BACKGROUND = '#ffffff';

/** `bytes` as "10 MB" (1 MB = 1024 * 1024 bytes), to two decimals at most. */
const formatMegabytes = (bytes: number) => `${Number((bytes / (1024 * 1024)).toFixed(2))} MB`;

/** Messages for people, one per reason an image is refused (all AppError IMAGE_INVALID, 400). */
export const IMAGE_MESSAGES = {
  type: IMAGE_TYPE_MESSAGE,
  tooBig: (maxBytes: number) => `That image is over ${formatMegabytes(maxBytes)}.`,
  damaged: 'That image could not be read; it may be damaged.',
  tooManyPixels: (megapixels: number) => `That image is too large to process (over ${megapixels} megapixels).`,
} as const;

/** The formats accepted and produced. */
export type SourceImageFormat = 'jpeg' | 'png' | 'webp';
/** The formats every variant is encoded in. */
export type VariantFormat = 'webp' | 'jpeg';

/** One encoded size of an image. */
export interface ImageVariant {
  /** Width, px. */
  width: number;
  /** Height, px (the source's aspect ratio kept). */
  height: number;
  format: VariantFormat;
  /** The encoded file, without any metadata (no EXIF, GPS, XMP or ICC profile; colours converted to sRGB). */
  body: Buffer;
  /** `image/webp` or `image/jpeg`. */
  contentType: 'image/webp' | 'image/jpeg';
}

/** What {@link processImage} makes of an upload. */
export interface ProcessedImage {
  /** Width of the source after EXIF orientation was applied, px. */
  width: number;
  /** Height of the source after EXIF orientation was applied, px. */
  height: number;
  /** The source's format, as read from its bytes. */
  sourceFormat: SourceImageFormat;
  /** For each target width, smallest first: the WebP variant, then the JPEG variant. */
  variants: ImageVariant[];
}

/** Limits of {@link processImage}; each defaults to the exported constant of the same meaning. */
export interface ProcessImageOptions {
  /** Largest file accepted, bytes (default {@link MAX_IMAGE_BYTES}). */
  maxBytes?: number;
  /** Most pixels accepted, width * height (default {@link MAX_IMAGE_PIXELS}). */
  maxPixels?: number;
  /** Target widths, px (default {@link IMAGE_WIDTHS}). */
  widths?: readonly number[];
}

const CONTENT_TYPES: Record<VariantFormat, ImageVariant['contentType']> = {
  webp: 'image/webp',
  jpeg: 'image/jpeg',
};

/**
 * The format an upload's first bytes (its magic number) announce, or null for anything but JPEG (FF D8 FF), PNG
 * (89 'PNG' 0D 0A 1A 0A) and WebP ('RIFF' <size> 'WEBP'). Reads at most 12 bytes.
 */
export function sniffImageFormat(bytes: Uint8Array): SourceImageFormat | null {
  const starts = (offset: number, signature: readonly number[]) =>
    bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);
  if (starts(0, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts(0, [0x52, 0x49, 0x46, 0x46]) && starts(8, [0x57, 0x45, 0x42, 0x50])) return 'webp';
  return null;
}

/** The widths to produce for a source `sourceWidth` px wide: every target not above it, or the source's own width. */
export function variantWidths(sourceWidth: number, widths: readonly number[] = IMAGE_WIDTHS): number[] {
  const fitting = [...new Set(widths)].filter((width) => width <= sourceWidth).sort((a, b) => a - b);
  return fitting.length > 0 ? fitting : [sourceWidth];
}

const invalid = (message: string, cause?: unknown) => new AppError('IMAGE_INVALID', message, { cause });

function isPixelLimitError(error: unknown): boolean {
  return error instanceof Error && /pixel limit/i.test(error.message);
}

/**
 * Checks an uploaded image and makes the stored variants: auto-oriented from its EXIF orientation, stripped of all
 * metadata (EXIF, GPS, XMP, ICC: sharp writes none unless asked; colours are converted to sRGB first), resized to each
 * width of `options.widths` ({@link IMAGE_WIDTHS}) that is not above the source's (`fit: 'inside'`, aspect ratio kept,
 * never enlarged; a source narrower than the smallest width keeps its own), each encoded as WebP (quality
 * {@link WEBP_QUALITY}) and JPEG (mozjpeg, quality {@link JPEG_QUALITY}, transparency flattened onto white).
 * An animated WebP or PNG keeps its first frame. Works one width at a time (one decode per output format), so memory
 * stays bounded by two decodes of the source at most.
 *
 * @param input the uploaded file's bytes.
 * @returns the oriented source size (px) and the variants, smallest width first, WebP before JPEG.
 * @throws AppError IMAGE_INVALID (400) when the file is empty or not a JPEG, PNG or WebP by its bytes (or sharp reads it
 *   as another format), is over `maxBytes` ({@link MAX_IMAGE_BYTES}), has more than `maxPixels` ({@link MAX_IMAGE_PIXELS})
 *   pixels by its header (checked before decoding), or cannot be decoded (truncated or damaged: sharp's `failOn: 'error'`).
 */
export async function processImage(input: Uint8Array, options: ProcessImageOptions = {}): Promise<ProcessedImage> {
  const maxBytes = options.maxBytes ?? MAX_IMAGE_BYTES;
  const maxPixels = options.maxPixels ?? MAX_IMAGE_PIXELS;
  if (input.byteLength > maxBytes) {
    throw invalid(IMAGE_MESSAGES.tooBig(maxBytes));
  }
  const sourceFormat = sniffImageFormat(input);
  if (!sourceFormat) throw invalid(IMAGE_MESSAGES.type);

  const megapixels = Math.round(maxPixels / 100_000) / 10;
  const sharpOptions: SharpOptions = { failOn: 'error', limitInputPixels: maxPixels };
  let metadata: Metadata;
  try {
    // Reads the header only: no pixel is decoded yet.
    metadata = await sharp(input, { ...sharpOptions, limitInputPixels: false }).metadata();
  } catch (error) {
    throw invalid(IMAGE_MESSAGES.damaged, error);
  }
  if (metadata.format !== sourceFormat) throw invalid(IMAGE_MESSAGES.type);
  const { width, height } = metadata.autoOrient;
  if (!(width > 0 && height > 0)) throw invalid(IMAGE_MESSAGES.damaged);
  if (width * height > maxPixels) throw invalid(IMAGE_MESSAGES.tooManyPixels(megapixels));

  const variants: ImageVariant[] = [];
  try {
    for (const target of variantWidths(width, options.widths)) {
      const resized = sharp(input, sharpOptions)
        .rotate()
        .resize({ width: target, fit: 'inside', withoutEnlargement: true });
      const [webp, jpeg] = await Promise.all([
        resized.clone().webp({ quality: WEBP_QUALITY }).toBuffer({ resolveWithObject: true }),
        resized
          .clone()
          .flatten({ background: JPEG_BACKGROUND })
          .jpeg({ quality: JPEG_QUALITY, mozjpeg: true })
          .toBuffer({ resolveWithObject: true }),
      ]);
      for (const [format, encoded] of [
        ['webp', webp],
        ['jpeg', jpeg],
      ] as const) {
        variants.push({
          width: encoded.info.width,
          height: encoded.info.height,
          format,
          body: encoded.data,
          contentType: CONTENT_TYPES[format],
        });
      }
    }
  } catch (error) {
    if (isPixelLimitError(error)) throw invalid(IMAGE_MESSAGES.tooManyPixels(megapixels), error);
    throw invalid(IMAGE_MESSAGES.damaged, error);
  }
  return { width, height, sourceFormat, variants };
}
