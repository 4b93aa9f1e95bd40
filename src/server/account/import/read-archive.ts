import { jsonDepthAtMost } from '@/shared/schemas/analytics';
import { strFromU8, unzipSync } from 'fflate';
import {
  ACCOUNT_EXPORT_APP,
  ACCOUNT_EXPORT_ENTRY,
  ACCOUNT_EXPORT_VERSION,
  accountExportSchema,
  type AccountExport,
} from '@/shared/schemas/export';
import { AppError } from '../../errors';

/**
 * Reads an upload to `POST /api/me/import`: Barback's own JSON export, as the zip `GET /api/me/export?format=json` gives
 * (`barback-export.json` and `photos/...`) or as the JSON document alone. Recognised by `app: "barback"`; checked
 * against the export's schema (shared/schemas/export.ts) before anything is used.
 * Errors: AppError VALIDATION_FAILED naming why (not a Barback export, a newer version, a field that does not fit, text
 * holding a NUL character).
 */

/** Largest file taken out of the zip, bytes (the JSON or one photo). */
const MAX_ENTRY_BYTES = 12 * 1024 * 1024;

/** What the upload holds: the export and the photo files that came with it, by path in the zip. */
export interface AccountArchive {
  data: AccountExport;
  files: Map<string, Uint8Array>;
}

/** The parsed JSON of the export (the zip's entry, or the upload itself). @throws AppError VALIDATION_FAILED. */
function jsonOf(bytes: Uint8Array): { json: unknown; files: Map<string, Uint8Array> } {
  const files = new Map<string, Uint8Array>();
  let text: string;
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) {
    let entries: Record<string, Uint8Array>;
    try {
      entries = unzipSync(bytes, {
        filter: (file) =>
          (file.name === ACCOUNT_EXPORT_ENTRY || file.name.startsWith('photos/')) &&
          file.originalSize <= MAX_ENTRY_BYTES,
      });
    } catch {
      throw new AppError('VALIDATION_FAILED', 'The zip file could not be opened.');
    }
    const entry = entries[ACCOUNT_EXPORT_ENTRY];
    if (!entry) {
      throw new AppError('VALIDATION_FAILED', `This zip is not a Barback export: it holds no ${ACCOUNT_EXPORT_ENTRY}.`);
    }
    for (const [name, content] of Object.entries(entries)) if (name !== ACCOUNT_EXPORT_ENTRY) files.set(name, content);
    text = strFromU8(entry);
  } else {
    text = new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');
  }
  try {
    return { json: JSON.parse(text), files };
  } catch {
    throw new AppError('VALIDATION_FAILED', 'This file is not a Barback export: it is not JSON.');
  }
}

/** How deeply an export's JSON may nest (a real one reaches about 6 levels). */
const MAX_EXPORT_DEPTH = 32;

/**
 * The export in `bytes`, checked.
 * @throws AppError VALIDATION_FAILED when it is not Barback's, is of a newer version than this server reads, or a field
 *   does not fit the schema (the message names the first such field).
 */
export function readAccountArchive(bytes: Uint8Array): AccountArchive {
  const { json, files } = jsonOf(bytes);
  const head = typeof json === 'object' && json !== null ? (json as Record<string, unknown>) : {};
  if (head.app !== ACCOUNT_EXPORT_APP) {
    throw new AppError(
      'VALIDATION_FAILED',
      'This file is not a Barback export. Recipes from other apps go through the recipe import.',
    );
  }
  if (typeof head.version === 'number' && head.version > ACCOUNT_EXPORT_VERSION) {
    throw new AppError(
      'VALIDATION_FAILED',
      `This export is of version ${head.version}; this server reads up to version ${ACCOUNT_EXPORT_VERSION}.`,
    );
  }
  // The deepest export nests a few levels (recipe, line, photo variant); far deeper JSON is not one, and checking it
  // field by field would overflow the stack.
  if (!jsonDepthAtMost(json, MAX_EXPORT_DEPTH)) {
    throw new AppError('VALIDATION_FAILED', 'This file is not a Barback export: it nests far deeper than one.');
  }
  // No text with a NUL character reaches the database (PostgreSQL cannot store it); JSON.stringify writes one as \u0000.
  if (JSON.stringify(json).includes('\\u0000')) {
    throw new AppError(
      'VALIDATION_FAILED',
      'The export holds text with a NUL character (\\u0000), which Barback does not keep.',
    );
  }
  const parsed = accountExportSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError(
      'VALIDATION_FAILED',
      `The export does not read: ${issue?.path.join('.') || 'file'}: ${issue?.message ?? 'not an export'}`,
    );
  }
  return { data: parsed.data, files };
}
