import { strToU8, zipSync, type Zippable } from 'fflate';
import { ACCOUNT_EXPORT_ENTRY, type AccountExport, type ExportPhoto } from '@/shared/schemas/export';
import type { ImageStore, StoredImage } from '../../uploads';
import type { DatapackPhoto } from './bar-assistant';

/**
 * The JSON export as a zip: `barback-export.json` (the AccountExport, pretty-printed) and every own recipe's photo
 * variants under `photos/<recipe key>/<width>.<webp|jpg>`, each recipe's `photo` naming its files. A variant the image
 * store no longer holds is left out (the others stay); a store that cannot be reached throws (503), so an export never
 * silently loses photos that exist.
 */

/** The extension of a variant's file. */
const EXTENSION = { webp: 'webp', jpeg: 'jpg' } as const;

/** A recipe's photo as read from the store: its descriptor for the JSON and the bytes of each file. */
export interface ReadPhoto {
  photo: ExportPhoto;
  files: Map<string, Uint8Array>;
}

/** The stored photo column as its StoredImage, or null when it is unreadable. */
function storedImageOf(column: string): StoredImage | null {
  try {
    const image = JSON.parse(column) as StoredImage;
    return Array.isArray(image.variants) ? image : null;
  } catch {
    return null;
  }
}

/**
 * Reads the photos of the export's recipes from `store`.
 * @param columns recipe key -> stored photo column.
 * @returns recipe key -> the photo, for the recipes whose photo could be read (at least one variant).
 */
export async function readPhotos(
  store: ImageStore,
  columns: ReadonlyMap<string, string>,
): Promise<Map<string, ReadPhoto>> {
  const read = new Map<string, ReadPhoto>();
  for (const [key, column] of columns) {
    const image = storedImageOf(column);
    if (!image) continue;
    const files = new Map<string, Uint8Array>();
    const variants: ExportPhoto['variants'] = [];
    for (const variant of image.variants) {
      const found = await store.get(variant.key);
      if (!found) continue;
      const file = `photos/${key}/${variant.width}.${EXTENSION[variant.format]}`;
      files.set(file, new Uint8Array(found.body));
      variants.push({ width: variant.width, height: variant.height, format: variant.format, file });
    }
    if (variants.length > 0) read.set(key, { photo: { width: image.width, height: image.height, variants }, files });
  }
  return read;
}

/** `data` with each recipe's `photo` set from `photos`. */
export function withPhotos(data: AccountExport, photos: ReadonlyMap<string, ReadPhoto>): AccountExport {
  return {
    ...data,
    recipes: data.recipes.map((recipe) => ({ ...recipe, photo: photos.get(recipe.key)?.photo ?? null })),
  };
}

/** The JSON export's zip (photos stored, not deflated again: they are compressed images already). */
export function renderJsonArchive(data: AccountExport, photos: ReadonlyMap<string, ReadPhoto>): Uint8Array {
  const files: Zippable = { [ACCOUNT_EXPORT_ENTRY]: strToU8(JSON.stringify(withPhotos(data, photos), null, 2)) };
  for (const { files: photoFiles } of photos.values()) {
    for (const [file, bytes] of photoFiles) files[file] = [bytes, { level: 0 }];
  }
  return zipSync(files);
}

/** For the datapack: each recipe's largest JPEG (else largest) variant as the one photo beside it. */
export function datapackPhotos(photos: ReadonlyMap<string, ReadPhoto>): Map<string, DatapackPhoto> {
  const chosen = new Map<string, DatapackPhoto>();
  for (const [key, { photo, files }] of photos) {
    const sorted = [...photo.variants].sort(
      (a, b) => Number(b.format === 'jpeg') - Number(a.format === 'jpeg') || b.width - a.width,
    );
    const best = sorted[0];
    const bytes = best ? files.get(best.file) : undefined;
    if (best && bytes) chosen.set(key, { file: `photo.${EXTENSION[best.format]}`, bytes });
  }
  return chosen;
}
