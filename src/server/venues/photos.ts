import type { Kysely } from 'kysely';
import { EDITOR_ROLES } from '@/shared/domain/venues';
import type { Signature, Venue } from '@/shared/schemas/venues';
import type { Database } from '../db/types';
import {
  discardImages,
  mediaUrl,
  storedPhotoKeys,
  storeThenRecord,
  type ImageStore,
  type StoredImage,
} from '../uploads';
import { requireRole, type VenueAccess } from './access';
import { getVenue } from './venue';
import { requireSignature, setSignaturePhoto } from './signatures';

/**
 * Photos of a venue: a signature cocktail's photo and the venue's logo. An upload is decoded, stripped of its
 * metadata, resized and re-encoded (uploads/image.ts), stored (var/uploads or S3), and only then recorded on its row; when
 * recording fails, what was stored is deleted again, and the photo it replaced is deleted only after the row points at
 * the new one. So a failed upload leaves the row and the files as they were. Errors: AppError IMAGE_INVALID (400: wrong
 * type, over 10 MB, corrupt, too many pixels), FORBIDDEN (staff), NOT_FOUND (a recipe not of this venue); storage and
 * database errors propagate (503).
 */

/** What the photo operations need besides the caller's access. */
interface PhotoScope {
  db: Kysely<Database>;
  access: VenueAccess;
  store: ImageStore;
  /** Reports a stale file that could not be deleted (it is only left behind; nothing the user sees changes). */
  onOrphan?: (keys: string[], error: unknown) => void;
}

/** Deletes stored files, reporting instead of failing (uploads/replace-photo.ts). */
const discard = discardImages;

/**
 * Sets a signature cocktail's photo from an uploaded JPEG, PNG or WebP (owner, manager).
 * @returns the signature with its new photo.
 */
export async function uploadSignaturePhoto(
  scope: PhotoScope & { cocktailId: number; bytes: Uint8Array },
): Promise<Signature> {
  const { db, access, cocktailId } = scope;
  requireRole(access, EDITOR_ROLES, 'change signature cocktail photos');
  await requireSignature(db, access.organizationId, cocktailId);
  const { signature, replaced } = await storeThenRecord(
    scope,
    scope.bytes,
    `venues/${access.slug}/cocktails/${cocktailId}`,
    (photo) => setSignaturePhoto({ db, access, cocktailId, photo }),
  );
  await discard(scope, replaced);
  return signature;
}

/** Removes a signature cocktail's photo (owner, manager); removing none is no error. */
export async function removeSignaturePhoto(scope: PhotoScope & { cocktailId: number }): Promise<Signature> {
  const { signature, replaced } = await setSignaturePhoto({ ...scope, photo: null });
  await discard(scope, replaced);
  return signature;
}

/** The logo URL shown for a stored logo: its smallest WebP (menus show it at most 96 CSS px tall). */
function logoUrlOf(image: StoredImage): string | null {
  const webp = image.variants.filter((variant) => variant.format === 'webp');
  const smallest = webp.reduce<(typeof webp)[number] | null>(
    (best, variant) => (best === null || variant.width < best.width ? variant : best),
    null,
  );
  return smallest ? mediaUrl(smallest.key) : null;
}

/** Points the venue at a logo (or none) and returns the keys of the logo it replaced. */
async function recordLogo(db: Kysely<Database>, organizationId: string, image: StoredImage | null): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('venue')
      .select('logo_photo')
      .where('organization_id', '=', organizationId)
      .executeTakeFirst();
    await trx
      .updateTable('organization')
      .set({ logo: image === null ? null : logoUrlOf(image) })
      .where('id', '=', organizationId)
      .execute();
    await trx
      .updateTable('venue')
      .set({ logo_photo: image === null ? null : JSON.stringify(image), updated_at: new Date().toISOString() })
      .where('organization_id', '=', organizationId)
      .execute();
    return storedPhotoKeys(before?.logo_photo ?? null);
  });
}

/** Sets the venue's logo from an uploaded JPEG, PNG or WebP (owner, manager). @returns the venue with its new logo. */
export async function uploadVenueLogo(scope: PhotoScope & { bytes: Uint8Array }): Promise<Venue> {
  const { db, access } = scope;
  requireRole(access, EDITOR_ROLES, 'change the venue');
  const replaced = await storeThenRecord(scope, scope.bytes, `venues/${access.slug}/logo`, (image) =>
    recordLogo(db, access.organizationId, image),
  );
  await discard(scope, replaced);
  return getVenue({ db, access });
}

/** Removes the venue's logo (owner, manager); removing none is no error. */
export async function removeVenueLogo(scope: PhotoScope): Promise<Venue> {
  const { db, access } = scope;
  requireRole(access, EDITOR_ROLES, 'change the venue');
  await discard(scope, await recordLogo(db, access.organizationId, null));
  return getVenue({ db, access });
}
