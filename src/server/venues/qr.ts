import QRCode from 'qrcode';
import type { Kysely } from 'kysely';
import { qrModuleColor } from '@/shared/domain/venues';
import type { Database } from '../db/types';
import { AppError } from '../errors';
import type { VenueAccess } from './access';

/** Path of a venue's public menu: `/v/<slug>`. */
export function menuPath(slug: string): string {
  return `/v/${encodeURIComponent(slug)}`;
}

/** The QR code's image formats. */
export type QrFormat = 'svg' | 'png';

/** Pixel width of the PNG (prints sharp at 5 cm on a table card at 300 dpi... and beyond). */
export const QR_PNG_WIDTH = 1024;

/**
 * The QR code of the venue's public menu URL (`appUrl` + /v/<slug>), in the venue's colours: its background colour for
 * the modules on a white field (dark on light, as scanners read best; a light background gives dark ink instead:
 * qrModuleColor), error correction M (15 %), a 4-module quiet zone.
 * @returns the image bytes and its media type.
 * @throws AppError NOT_FOUND when the venue vanished.
 */
export async function menuQrCode({
  db,
  access,
  appUrl,
  format,
}: {
  db: Kysely<Database>;
  access: VenueAccess;
  appUrl: string;
  format: QrFormat;
}): Promise<{ body: string | Uint8Array; contentType: string; url: string }> {
  const venue = await db
    .selectFrom('venue')
    .select('brand_background')
    .where('organization_id', '=', access.organizationId)
    .executeTakeFirst();
  if (!venue) throw new AppError('NOT_FOUND', 'this venue no longer exists');
  const url = new URL(menuPath(access.slug), appUrl).toString();
  const options = {
    errorCorrectionLevel: 'M' as const,
    margin: 4,
    color: { dark: qrModuleColor(venue.brand_background), light: '#ffffff' },
  };
  if (format === 'svg') {
    return { body: await QRCode.toString(url, { ...options, type: 'svg' }), contentType: 'image/svg+xml', url };
  }
  const png = await QRCode.toBuffer(url, { ...options, type: 'png', width: QR_PNG_WIDTH });
  return { body: new Uint8Array(png), contentType: 'image/png', url };
}
