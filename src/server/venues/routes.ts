import { Hono, type Context } from 'hono';
import type { Kysely } from 'kysely';
import {
  availabilityWriteSchema,
  eightySixSchema,
  menuItemParamSchema,
  menuWriteSchema,
  signatureParamSchema,
  signatureWriteSchema,
  invitationCreateSchema,
  invitationIdParamSchema,
  invitationParamSchema,
  memberParamSchema,
  venueCreateSchema,
  venueIngredientParamSchema,
  venueParamSchema,
  venueUpdateSchema,
} from '@/shared/schemas/venues';
import type { VenueAuth } from './organization-plugin';
import type { SessionReader } from '../http/current-session';
import type { Database } from '../db/types';
import { sameOriginGuard } from '../http/origin-guard';
import { jsonBody, validate } from '../http/validate';
import { requireEntitlement } from '../payments';
import type { ImageStore } from '../uploads';
import type { Logger } from '../logger';
import { addVenueBarItem, listVenueBar, listVenueBarActivity, removeVenueBarItem, setEightySixed } from './inventory';
import { getPublicMenu, getTeamMenu, setItemAvailability, writeMenu } from './menu';
import { menuQrCode } from './qr';
import { removeSignaturePhoto, removeVenueLogo, uploadSignaturePhoto, uploadVenueLogo } from './photos';
import { createSignature, deleteSignature, listSignatures, updateSignature } from './signatures';
import { requireVenueMember } from './access';
import { acceptInvitation, cancelInvitation, inviteMember, listMembers, removeMember, viewInvitation } from './members';
import { createVenue, getVenue, listVenues, updateVenue } from './venue';

/** Venue answers are a team's own and change with every write: never stored by any cache. */
const NO_STORE = { 'Cache-Control': 'no-store' } as const;

/** What the venue routes need. */
export interface VenueRouteDeps {
  db: Kysely<Database>;
  /** The app's public address (APP_URL): the menu's QR code points at `<appUrl>/v/<slug>`. */
  appUrl: string;
  auth: VenueAuth;
  sessions: SessionReader;
  trustedOrigins: readonly string[];
  /** Where photos and logos are kept (var/uploads or S3). */
  store: ImageStore;
  /** Told about stale photo files that could not be deleted. */
  logger?: Logger;
}

/**
 * The venue routes, mounted at /api/venues (shapes: src/shared/schemas/venues.ts; rules: operations.ts). Every route
 * needs a signed-in user; writes are refused from another site. Creating a venue needs the enterprise entitlement; every
 * other route needs membership of the venue (checked on each request, so a removed member is out at once) and its
 * owner's enterprise plan (a member needs no plan of their own).
 * - `POST /` `{name, slug?}` -> 201 Venue; `GET /` -> VenueList (the caller's venues);
 * - `GET /:slug` -> Venue (any member); `PATCH /:slug` -> Venue (owner, manager);
 * - `GET /:slug/members` -> VenueMembers (owner); `POST /:slug/invitations` `{email, role}` -> 201 VenueMembers (owner;
 *   mails the invitation); `DELETE /:slug/invitations/:invitationId` and `DELETE /:slug/members/:memberId` ->
 *   VenueMembers (owner);
 * - the team inventory (any member): `GET /:slug/bar` -> VenueBar; `PUT|DELETE /:slug/bar/:ingredientId` -> VenueBar
 *   (idempotent; 404 unknown ingredient; 409 past MAX_BAR_ITEMS); `PUT /:slug/bar/:ingredientId/86` `{eightySixed}` ->
 *   VenueBar (404 for a bottle the venue does not have); `GET /:slug/bar/activity` -> VenueBarActivity;
 * - the menu: `GET /:slug/menu` -> TeamMenu (any member); `PUT /:slug/menu` MenuWrite -> TeamMenu (owner, manager; the
 *   whole menu at once; 404 naming an unknown cocktail, nothing changed); `PUT /:slug/menu/items/:itemId/availability`
 *   `{availability}` -> TeamMenu (any member: 'off'/'on' by hand, 'auto' back to the inventory);
 * - `GET /:slug/qr/svg|png[?download=1]` -> the QR code of the public menu's URL in the venue's colours (any member);
 * - signature cocktails: `GET /:slug/signatures` -> SignatureList (any member); `POST /:slug/signatures` SignatureWrite ->
 *   201 Signature; `PUT|DELETE /:slug/signatures/:cocktailId` -> Signature | 204 (owner, manager; 400 naming a bad line,
 *   404 for a recipe of another venue); `PUT /:slug/signatures/:cocktailId/photo` with the image as the body (JPEG, PNG
 *   or WebP, at most 10 MB) -> Signature, `DELETE` it -> Signature;
 * - `PUT /:slug/logo` with the image as the body -> Venue; `DELETE /:slug/logo` -> Venue (owner, manager).
 * Errors (`{"error": {code, message}}`): 401 signed out; 403 ENTITLEMENT_REQUIRED (no plan, or the owner's lapsed);
 * 403 FORBIDDEN for a role that may not, or a cross-site write; 404 for a venue the caller is not in (the same answer as
 * no venue at all); 409 CONFLICT for a taken slug or an existing member; 409 SEAT_LIMIT_REACHED when every seat is
 * taken; 400 IMAGE_INVALID for an image of the wrong type, over 10 MB, damaged or of too many pixels (nothing stored);
 * 413 for an oversized body; 502 MAIL_FAILED; 503 while the database or the photo storage is away.
 */
export function venueRoutes({ db, appUrl, auth, sessions, trustedOrigins, store, logger }: VenueRouteDeps): Hono {
  const app = new Hono();
  app.use(sameOriginGuard(trustedOrigins));
  const userId = async (c: Context) => (await sessions.require(c)).user.id;
  const access = async (c: Context, slug: string) => requireVenueMember({ db, userId: await userId(c), slug });

  app.post('/', requireEntitlement({ db, sessions }, 'enterprise'), jsonBody(venueCreateSchema), async (c) =>
    c.json(
      await createVenue({ db, auth, headers: await sessions.authHeaders(c), body: c.req.valid('json') }),
      201,
      NO_STORE,
    ),
  );
  app.get('/', async (c) => c.json(await listVenues({ db, userId: await userId(c) }), 200, NO_STORE));
  app.get('/:slug', validate('param', venueParamSchema), async (c) =>
    c.json(await getVenue({ db, access: await access(c, c.req.valid('param').slug) }), 200, NO_STORE),
  );
  app.patch('/:slug', validate('param', venueParamSchema), jsonBody(venueUpdateSchema), async (c) =>
    c.json(
      await updateVenue({ db, access: await access(c, c.req.valid('param').slug), body: c.req.valid('json') }),
      200,
      NO_STORE,
    ),
  );
  app.get('/:slug/members', validate('param', venueParamSchema), async (c) =>
    c.json(await listMembers({ db, access: await access(c, c.req.valid('param').slug) }), 200, NO_STORE),
  );
  app.post('/:slug/invitations', validate('param', venueParamSchema), jsonBody(invitationCreateSchema), async (c) =>
    c.json(
      await inviteMember({
        db,
        auth,
        headers: await sessions.authHeaders(c),
        access: await access(c, c.req.valid('param').slug),
        body: c.req.valid('json'),
      }),
      201,
      NO_STORE,
    ),
  );
  app.delete('/:slug/invitations/:invitationId', validate('param', invitationParamSchema), async (c) => {
    const { slug, invitationId } = c.req.valid('param');
    return c.json(
      await cancelInvitation({
        db,
        auth,
        headers: await sessions.authHeaders(c),
        access: await access(c, slug),
        invitationId,
      }),
      200,
      NO_STORE,
    );
  });
  app.delete('/:slug/members/:memberId', validate('param', memberParamSchema), async (c) => {
    const { slug, memberId } = c.req.valid('param');
    return c.json(
      await removeMember({ db, auth, headers: await sessions.authHeaders(c), access: await access(c, slug), memberId }),
      200,
      NO_STORE,
    );
  });

  const member = async (c: Context, slug: string) => {
    const id = await userId(c);
    return { db, userId: id, access: await requireVenueMember({ db, userId: id, slug }) };
  };
  app.get('/:slug/bar', validate('param', venueParamSchema), async (c) =>
    c.json(await listVenueBar(await member(c, c.req.valid('param').slug)), 200, NO_STORE),
  );
  app.get('/:slug/bar/activity', validate('param', venueParamSchema), async (c) =>
    c.json(await listVenueBarActivity(await member(c, c.req.valid('param').slug)), 200, NO_STORE),
  );
  app.put('/:slug/bar/:ingredientId', validate('param', venueIngredientParamSchema), async (c) => {
    const { slug, ingredientId } = c.req.valid('param');
    return c.json(await addVenueBarItem({ ...(await member(c, slug)), ingredientId }), 200, NO_STORE);
  });
  app.delete('/:slug/bar/:ingredientId', validate('param', venueIngredientParamSchema), async (c) => {
    const { slug, ingredientId } = c.req.valid('param');
    return c.json(await removeVenueBarItem({ ...(await member(c, slug)), ingredientId }), 200, NO_STORE);
  });
  app.put(
    '/:slug/bar/:ingredientId/86',
    validate('param', venueIngredientParamSchema),
    jsonBody(eightySixSchema),
    async (c) => {
      const { slug, ingredientId } = c.req.valid('param');
      const { eightySixed } = c.req.valid('json');
      return c.json(await setEightySixed({ ...(await member(c, slug)), ingredientId, eightySixed }), 200, NO_STORE);
    },
  );

  app.get('/:slug/qr/:format{(svg|png)}', validate('param', venueParamSchema), async (c) => {
    const format = c.req.param('format') === 'png' ? 'png' : 'svg';
    const { access } = await member(c, c.req.valid('param').slug);
    const qr = await menuQrCode({ db, access, appUrl, format });
    const filename = `${access.slug}-menu-qr.${format}`;
    return c.body(qr.body as never, 200, {
      'Content-Type': qr.contentType,
      'Content-Disposition': `${c.req.query('download') === '1' ? 'attachment' : 'inline'}; filename="${filename}"`,
      'Cache-Control': 'private, no-cache',
    });
  });
  app.get('/:slug/menu', validate('param', venueParamSchema), async (c) =>
    c.json(await getTeamMenu(await member(c, c.req.valid('param').slug)), 200, NO_STORE),
  );
  app.put('/:slug/menu', validate('param', venueParamSchema), jsonBody(menuWriteSchema), async (c) =>
    c.json(
      await writeMenu({ ...(await member(c, c.req.valid('param').slug)), body: c.req.valid('json') }),
      200,
      NO_STORE,
    ),
  );
  app.put(
    '/:slug/menu/items/:itemId/availability',
    validate('param', menuItemParamSchema),
    jsonBody(availabilityWriteSchema),
    async (c) => {
      const { slug, itemId } = c.req.valid('param');
      const { availability } = c.req.valid('json');
      return c.json(await setItemAvailability({ ...(await member(c, slug)), itemId, availability }), 200, NO_STORE);
    },
  );

  app.get('/:slug/signatures', validate('param', venueParamSchema), async (c) =>
    c.json(await listSignatures(await member(c, c.req.valid('param').slug)), 200, NO_STORE),
  );
  app.post('/:slug/signatures', validate('param', venueParamSchema), jsonBody(signatureWriteSchema), async (c) =>
    c.json(
      await createSignature({ ...(await member(c, c.req.valid('param').slug)), body: c.req.valid('json') }),
      201,
      NO_STORE,
    ),
  );
  app.put(
    '/:slug/signatures/:cocktailId',
    validate('param', signatureParamSchema),
    jsonBody(signatureWriteSchema),
    async (c) => {
      const { slug, cocktailId } = c.req.valid('param');
      return c.json(
        await updateSignature({ ...(await member(c, slug)), cocktailId, body: c.req.valid('json') }),
        200,
        NO_STORE,
      );
    },
  );
  const onOrphan = (keys: string[], error: unknown) =>
    logger?.warn({ keys, err: error }, 'stale photo files could not be deleted');
  app.delete('/:slug/signatures/:cocktailId', validate('param', signatureParamSchema), async (c) => {
    const { slug, cocktailId } = c.req.valid('param');
    const keys = await deleteSignature({ ...(await member(c, slug)), cocktailId });
    if (keys.length > 0) await store.deleteMany(keys).catch((error: unknown) => onOrphan(keys, error));
    return c.body(null, 204, NO_STORE);
  });
  app.put('/:slug/signatures/:cocktailId/photo', validate('param', signatureParamSchema), async (c) => {
    const { slug, cocktailId } = c.req.valid('param');
    const scope = { ...(await member(c, slug)), store, onOrphan, cocktailId };
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    return c.json(await uploadSignaturePhoto({ ...scope, bytes }), 200, NO_STORE);
  });
  app.delete('/:slug/signatures/:cocktailId/photo', validate('param', signatureParamSchema), async (c) => {
    const { slug, cocktailId } = c.req.valid('param');
    return c.json(
      await removeSignaturePhoto({ ...(await member(c, slug)), store, onOrphan, cocktailId }),
      200,
      NO_STORE,
    );
  });
  app.put('/:slug/logo', validate('param', venueParamSchema), async (c) => {
    const scope = { ...(await member(c, c.req.valid('param').slug)), store, onOrphan };
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    return c.json(await uploadVenueLogo({ ...scope, bytes }), 200, NO_STORE);
  });
  app.delete('/:slug/logo', validate('param', venueParamSchema), async (c) =>
    c.json(await removeVenueLogo({ ...(await member(c, c.req.valid('param').slug)), store, onOrphan }), 200, NO_STORE),
  );
  return app;
}

/**
 * The public menus, mounted at /api/menus: `GET /:slug` -> PublicMenu for anyone (no sign-in), computed on every request
 * so availability follows the inventory within the guests' next refresh; `Cache-Control: no-cache` (stored, but
 * revalidated every time). A lapsed plan's menu answers 200 with `state` 'not-updated' for MENU_GRACE_DAYS days, then
 * 'paused' without sections; 404 only when no venue has this address; 503 while the database is away.
 */
export function publicMenuRoutes({ db }: { db: Kysely<Database> }): Hono {
  const app = new Hono();
  app.get('/:slug', validate('param', venueParamSchema), async (c) =>
    c.json(await getPublicMenu({ db, slug: c.req.valid('param').slug }), 200, { 'Cache-Control': 'no-cache' }),
  );
  return app;
}

/**
 * Invitation answers, mounted at /api/venue-invitations: `GET /:invitationId` -> InvitationView (anyone with the link:
 * the id is a random secret; no sign-in, so the join page can say what it is before asking to sign in);
 * `POST /:invitationId/accept` -> InvitationAccepted (signed in as the invited email; same-origin). Errors: 401 signed
 * out (accept); 403 FORBIDDEN for another email or a full venue; 404 for an unknown, withdrawn or expired invitation.
 */
export function venueInvitationRoutes({
  db,
  auth,
  sessions,
  trustedOrigins,
}: Pick<VenueRouteDeps, 'db' | 'auth' | 'sessions' | 'trustedOrigins'>): Hono {
  const app = new Hono();
  app.use(sameOriginGuard(trustedOrigins));
  app.get('/:invitationId', validate('param', invitationIdParamSchema), async (c) =>
    c.json(await viewInvitation({ db, invitationId: c.req.valid('param').invitationId }), 200, NO_STORE),
  );
  app.post('/:invitationId/accept', validate('param', invitationIdParamSchema), async (c) => {
    await sessions.require(c);
    return c.json(
      await acceptInvitation({
        db,
        auth,
        headers: await sessions.authHeaders(c),
        invitationId: c.req.valid('param').invitationId,
      }),
      200,
      NO_STORE,
    );
  });
  return app;
}
