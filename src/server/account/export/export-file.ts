import { strToU8 } from 'fflate';
import type { Kysely } from 'kysely';
import type { ExportFormat } from '@/shared/schemas/export';
import type { Database } from '../../db/types';
import type { ImageStore } from '../../uploads';
import { datapackPhotos, readPhotos, renderJsonArchive } from './archive';
import { renderBarAssistantZip } from './bar-assistant';
import { collectAccountExport } from './collect';
import { renderAccountCsv } from './csv';
import { renderAccountJsonLd } from './json-ld';
import { renderAccountMarkdown } from './markdown';

/**
 * The account export as a file to download, in one of the formats of shared/schemas/export.ts:
 * - `json`: a zip (application/zip, `.zip`) of `barback-export.json` and the own recipes' photos: the whole account,
 *   what `POST /api/me/import` restores;
 * - `md`: a readable recipe book (text/markdown, `.md`): own recipes in full, then collections, notes, ratings, saved
 *   cocktails and My Bar;
 * - `jsonld`: the own recipes as schema.org Recipes (application/ld+json, `.jsonld`);
 * - `bar-assistant`: the own recipes as a Bar Assistant datapack (application/zip, `.zip`);
 * - `csv`: one row per own-recipe line (text/csv, `.csv`).
 * The last three re-import through `POST /api/me/recipes/import`. Errors: the database's or the image store's (503).
 */

/** A file to send: its bytes, Content-Type and the name a browser saves it under. */
export interface ExportFile {
  body: Uint8Array;
  contentType: string;
  filename: string;
}

/** The extension and Content-Type of each format. */
export const EXPORT_FILE_TYPES: Record<ExportFormat, { extension: string; contentType: string }> = {
  json: { extension: 'zip', contentType: 'application/zip' },
  md: { extension: 'md', contentType: 'text/markdown; charset=utf-8' },
  jsonld: { extension: 'jsonld', contentType: 'application/ld+json; charset=utf-8' },
  'bar-assistant': { extension: 'zip', contentType: 'application/zip' },
  csv: { extension: 'csv', contentType: 'text/csv; charset=utf-8' },
};

/** `barback-export-YYYY-MM-DD.<ext>` of the day (UTC) of `at`; the datapack's name says what it is. */
export function exportFileName(format: ExportFormat, at: Date): string {
  const day = at.toISOString().slice(0, 10);
  const kind = format === 'bar-assistant' ? '-bar-assistant' : '';
  return `barback-export${kind}-${day}.${EXPORT_FILE_TYPES[format].extension}`;
}

/** Builds the user's export in `format`. */
export async function buildExportFile({
  db,
  userId,
  format,
  store,
  now = () => new Date(),
}: {
  db: Kysely<Database>;
  userId: string;
  format: ExportFormat;
  store: ImageStore;
  now?: () => Date;
}): Promise<ExportFile> {
  const at = now();
  const { data, photos: columns } = await collectAccountExport({ db, userId, now: () => at });
  const type = EXPORT_FILE_TYPES[format];
  const file = (body: Uint8Array): ExportFile => ({
    body,
    contentType: type.contentType,
    filename: exportFileName(format, at),
  });
  switch (format) {
    case 'json':
      return file(renderJsonArchive(data, await readPhotos(store, columns)));
    case 'bar-assistant':
      return file(renderBarAssistantZip(data, datapackPhotos(await readPhotos(store, columns))));
    case 'md':
      return file(strToU8(renderAccountMarkdown(data)));
    case 'jsonld':
      return file(strToU8(JSON.stringify(renderAccountJsonLd(data), null, 2)));
    case 'csv':
      return file(strToU8(renderAccountCsv(data)));
  }
}
