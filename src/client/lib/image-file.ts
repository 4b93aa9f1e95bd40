import { ACCEPTED_IMAGE_TYPES, IMAGE_TYPE_MESSAGE, MAX_IMAGE_BYTES } from '@/shared/domain/images';
import type { StoredPhoto } from '@/shared/schemas/venues';

/**
 * What the photo and logo uploads accept, checked in the browser before anything is sent (the server checks again, by
 * the file's bytes: server/uploads/image.ts); the limits are shared/domain/images.ts.
 */

export { MAX_IMAGE_BYTES };

/** The types a photo or logo may have: the file input's `accept`. */
export const IMAGE_ACCEPT = ACCEPTED_IMAGE_TYPES.join(',');

const ACCEPTED_TYPES: ReadonlySet<string> = new Set(ACCEPTED_IMAGE_TYPES);

/** Messages for people, worded like the server's IMAGE_INVALID answers. */
export const IMAGE_FILE_MESSAGES = {
  type: IMAGE_TYPE_MESSAGE,
  tooBig: 'That image is over 10 MB. Choose a smaller one.',
  empty: 'That file is empty.',
} as const;

/**
 * Why `file` cannot be uploaded as a photo or logo, or null when it may be sent: its type must be JPEG, PNG or WebP and
 * its size at most {@link MAX_IMAGE_BYTES}.
 */
export function imageFileProblem(file: File): string | null {
  if (!ACCEPTED_TYPES.has(file.type)) return IMAGE_FILE_MESSAGES.type;
  if (file.size === 0) return IMAGE_FILE_MESSAGES.empty;
  if (file.size > MAX_IMAGE_BYTES) return IMAGE_FILE_MESSAGES.tooBig;
  return null;
}

/** A stored photo's variants of one format as a `srcset` ('url 320w, url 640w'), narrowest first. */
export function srcSetOf(photo: StoredPhoto, format: 'webp' | 'jpeg'): string {
  return photo.variants
    .filter((variant) => variant.format === format)
    .sort((a, b) => a.width - b.width)
    .map((variant) => `${variant.url} ${variant.width}w`)
    .join(', ');
}

/** The narrowest JPEG of a stored photo (the `<img>` fallback for browsers without `srcset`), or the first variant. */
export function fallbackSrcOf(photo: StoredPhoto): string | undefined {
  const jpegs = photo.variants.filter((variant) => variant.format === 'jpeg').sort((a, b) => a.width - b.width);
  return (jpegs[0] ?? photo.variants[0])?.url;
}

/** Sends an image file as the request body (the server reads the bytes; JPEG, PNG or WebP up to 10 MB). */
export function imageUploadInit(file: File): RequestInit & { signal?: AbortSignal } {
  return { method: 'PUT', body: file, headers: { 'Content-Type': file.type } };
}
