import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import { planFromEntitlements } from '@/shared/domain/plans';
import { exportQuerySchema } from '@/shared/schemas/export';
import type { Database } from '../db/types';
import { sameOriginGuard } from '../http/origin-guard';
import type { SessionReader } from '../http/current-session';
import { validate } from '../http/validate';
import { activeEntitlementsOf } from '../payments';
import type { ImageStore } from '../uploads';
import { buildExportFile } from './export/export-file';
import { restoreAccount } from './import/restore';

/**
 * The whole account out and back in, mounted at /api/me (shapes: src/shared/schemas/export.ts; docs/accounts.md
 * "Export and import"):
 * - `GET /export?format=json|md|jsonld|bar-assistant|csv` -> the export as an attachment named
 *   `barback-export-YYYY-MM-DD.<zip|md|jsonld|csv>` (account/export/export-file.ts says what each holds); any plan, a
 *   lapsed one included;
 * - `POST /import` (the export's zip or its JSON as the body, at most MAX_ACCOUNT_IMPORT_BYTES) -> AccountImportResult:
 *   the counts restored and every refusal with its reason, all written in one transaction (account/import/restore.ts).
 * Errors (`{"error": {code, message}}`): 401 signed out; 400 VALIDATION_FAILED (an unknown format; an upload that is not
 * a Barback export); 403 FORBIDDEN for a cross-site write; 413 for an oversized body; 503 while the database or the
 * photo store is away.
 */
export function accountDataRoutes({
  db,
  sessions,
  trustedOrigins,
  imageStore,
}: {
  db: Kysely<Database>;
  sessions: SessionReader;
  trustedOrigins: readonly string[];
  imageStore: ImageStore;
}): Hono {
  const routes = new Hono();
  routes.use('/export', sameOriginGuard(trustedOrigins));
  routes.use('/import', sameOriginGuard(trustedOrigins));
  routes.get('/export', validate('query', exportQuerySchema), async (c) => {
    const { user } = await sessions.require(c);
    const file = await buildExportFile({ db, userId: user.id, format: c.req.valid('query').format, store: imageStore });
    return c.body(new Uint8Array(file.body), 200, {
      'Cache-Control': 'no-store',
      'Content-Type': file.contentType,
      'Content-Disposition': `attachment; filename="${file.filename}"`,
    });
  });
  routes.post('/import', async (c) => {
    const { user, entitlementRows: rows } = await sessions.require(c);
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    const plan = planFromEntitlements(await activeEntitlementsOf({ db, userId: user.id, rows }));
    const result = await restoreAccount({ db, userId: user.id, plan, bytes, store: imageStore });
    return c.json(result, 200, { 'Cache-Control': 'no-store' });
  });
  return routes;
}
