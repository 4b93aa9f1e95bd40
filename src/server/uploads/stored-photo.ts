import { storedPhotoSchema, type StoredPhoto } from '@/shared/schemas/public-menu';
import { mediaUrl } from './routes';
import type { StoredImage } from './storage';

/**
 * A stored photo column (JSON of StoredImage: the variants an upload was kept as) as the API shows it: each variant with
 * its URL under /media. Null when the column is null or cannot be read (a damaged row shows no photo rather than failing).
 */
export function storedPhotoOf(column: string | null): StoredPhoto | null {
  if (column === null) return null;
  try {
    const stored = JSON.parse(column) as StoredImage;
    return storedPhotoSchema.parse({
      width: stored.width,
      height: stored.height,
      variants: stored.variants.map((variant) => ({
        width: variant.width,
        format: variant.format,
        url: mediaUrl(variant.key),
      })),
    });
  } catch {
    return null;
  }
}

/** The storage keys of a stored photo column (none when it is null or cannot be read). */
export function storedPhotoKeys(column: string | null): string[] {
  if (column === null) return [];
  try {
    return (JSON.parse(column) as StoredImage).variants.map((variant) => variant.key);
  } catch {
    return [];
  }
}
