import { processImage } from './image';
import { mediaUrl } from './routes';
import { storeImage, type ImageStore, type StoredImage } from './storage';

/**
 * Replacing a row's photo without losing either: an upload is decoded, stripped of its metadata, resized and
 * re-encoded (image.ts), stored, and only then recorded on its row; when recording fails what was stored is deleted
 * again, and the photo it replaced is deleted only after the row points at the new one. So a failed upload leaves the
 * row and the files as they were. Used by venues (signature photos, logos) and own recipes.
 */

/** Where photos are kept, and who hears of a stale file that could not be deleted. */
export interface PhotoStore {
  store: ImageStore;
  /** Reports a stale file that could not be deleted (it is only left behind; nothing the user sees changes). */
  onOrphan?: (keys: string[], error: unknown) => void;
}

/** Deletes stored files, reporting instead of failing (the user's change has already been made). */
export async function discardImages(scope: PhotoStore, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  try {
    await scope.store.deleteMany([...keys]);
  } catch (error) {
    scope.onOrphan?.([...keys], error);
  }
}

/**
 * Processes and stores `bytes` under `prefix`, runs `record` with the stored image, and undoes the storing if it fails.
 * @throws AppError IMAGE_INVALID (400) for an image processImage refuses; whatever `record` throws (nothing stays stored).
 */
export async function storeThenRecord<T>(
  scope: PhotoStore,
  bytes: Uint8Array,
  prefix: string,
  record: (image: StoredImage) => Promise<T>,
): Promise<T> {
  const image = await storeImage({ store: scope.store, prefix, image: await processImage(bytes) });
  try {
    return await record(image);
  } catch (error) {
    await discardImages(
      scope,
      image.variants.map((variant) => variant.key),
    );
    throw error;
  }
}

/** The one picture a recipe shows where a single URL is wanted (image_url): its JPEG of at least 640 px, or the largest. */
export function recipeImageUrl(photo: StoredImage | null): string | null {
  const jpeg = photo?.variants.filter((variant) => variant.format === 'jpeg') ?? [];
  return jpeg.length === 0 ? null : mediaUrl((jpeg.find((v) => v.width >= 640) ?? jpeg.at(-1)!).key);
}
