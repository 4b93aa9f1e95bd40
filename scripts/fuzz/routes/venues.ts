/**
 * The route table's venue routes (Enterprise): the venue and its team, inventory, menu, QR code, signatures and
 * invitations.
 */
import {
  availabilityWriteSchema,
  eightySixSchema,
  invitationCreateSchema,
  invitationIdParamSchema,
  invitationParamSchema,
  memberParamSchema,
  menuItemParamSchema,
  menuWriteSchema,
  signatureWriteSchema,
  venueCreateSchema,
  venueUpdateSchema,
} from '@/shared/schemas/venues';
import { VALID_JPEG, VALID_PNG } from '../images';
import type { RouteSpec } from './types';
import {
  someIngredient,
  otherIngredient,
  venueParam,
  venueBarParams,
  signatureParams,
  signatureRecipe,
  freshVenueSlug,
  app,
} from './shared';

export const VENUE_ROUTES: readonly RouteSpec[] = [
  // Venues (Enterprise): B-enterprise owns a venue and calls them all on it; the sweep puts A's venue, member and
  // invitation there instead. The invitation answers take the invitation B-enterprise sent B (accepted by B).
  app({
    id: 'POST /api/venues',
    method: 'POST',
    path: '/api/venues',
    caller: 'enterprise',
    body: () => ({ name: 'Fuzz Bar', slug: freshVenueSlug() }),
    bodySchema: venueCreateSchema,
  }),
  app({ id: 'GET /api/venues', method: 'GET', path: '/api/venues', caller: 'enterprise' }),
  app({
    id: 'GET /api/venues/:slug',
    method: 'GET',
    path: '/api/venues/:slug',
    caller: 'enterprise',
    params: venueParam,
  }),
  app({
    id: 'PATCH /api/venues/:slug',
    method: 'PATCH',
    path: '/api/venues/:slug',
    caller: 'enterprise',
    params: venueParam,
    body: () => ({
      name: 'Fuzz Bar renamed',
      brand: { background: '#1b2a3a', accent: '#f2c14e' },
      address: '1 Fuzz Lane',
      openingHours: 'Tue–Sat 5pm–1am',
      menuListed: true,
    }),
    bodySchema: venueUpdateSchema,
  }),
  app({
    id: 'GET /api/venues/:slug/members',
    method: 'GET',
    path: '/api/venues/:slug/members',
    caller: 'enterprise',
    params: venueParam,
  }),
  app({
    id: 'POST /api/venues/:slug/invitations',
    method: 'POST',
    path: '/api/venues/:slug/invitations',
    caller: 'enterprise',
    params: venueParam,
    body: () => ({ email: 'fuzz-invitee@example.test', role: 'staff' }),
    bodySchema: invitationCreateSchema,
  }),
  app({
    id: 'DELETE /api/venues/:slug/invitations/:invitationId',
    method: 'DELETE',
    path: '/api/venues/:slug/invitations/:invitationId',
    caller: 'enterprise',
    params: {
      ...venueParam,
      invitationId: {
        valid: (ctx) => ctx.ownVenue.spareInvitationId,
        schema: invitationParamSchema.shape.invitationId,
      },
    },
  }),
  app({
    id: 'DELETE /api/venues/:slug/members/:memberId',
    method: 'DELETE',
    path: '/api/venues/:slug/members/:memberId',
    caller: 'enterprise',
    weight: 0.5,
    params: {
      ...venueParam,
      memberId: { valid: (ctx) => ctx.ownVenue.memberId, schema: memberParamSchema.shape.memberId },
    },
  }),
  // The team inventory (any member of the venue).
  app({
    id: 'GET /api/venues/:slug/bar',
    method: 'GET',
    path: '/api/venues/:slug/bar',
    caller: 'enterprise',
    params: venueParam,
  }),
  app({
    id: 'GET /api/venues/:slug/bar/activity',
    method: 'GET',
    path: '/api/venues/:slug/bar/activity',
    caller: 'enterprise',
    params: venueParam,
  }),
  app({
    id: 'PUT /api/venues/:slug/bar/:ingredientId',
    method: 'PUT',
    path: '/api/venues/:slug/bar/:ingredientId',
    caller: 'enterprise',
    params: venueBarParams(someIngredient),
  }),
  app({
    id: 'DELETE /api/venues/:slug/bar/:ingredientId',
    method: 'DELETE',
    path: '/api/venues/:slug/bar/:ingredientId',
    caller: 'enterprise',
    params: venueBarParams(otherIngredient),
  }),
  app({
    id: 'PUT /api/venues/:slug/bar/:ingredientId/86',
    method: 'PUT',
    path: '/api/venues/:slug/bar/:ingredientId/86',
    caller: 'enterprise',
    params: venueBarParams(someIngredient),
    body: () => ({ eightySixed: true }),
    bodySchema: eightySixSchema,
  }),
  // The menu (B-enterprise's venue; the sweep puts A's venue and A's menu item there instead).
  app({
    id: 'GET /api/venues/:slug/menu',
    method: 'GET',
    path: '/api/venues/:slug/menu',
    caller: 'enterprise',
    params: venueParam,
  }),
  app({
    id: 'PUT /api/venues/:slug/menu',
    method: 'PUT',
    path: '/api/venues/:slug/menu',
    caller: 'enterprise',
    params: venueParam,
    body: (ctx) => ({
      sections: [
        {
          title: 'Fuzz classics',
          items: [
            { cocktailId: ctx.cocktailIds[0] ?? 1, priceCents: 1200, availability: 'auto' },
            { cocktailId: ctx.cocktailIds[ctx.cocktailIds.length - 1] ?? 2, priceCents: null, availability: 'off' },
          ],
        },
        { title: 'Coming soon', items: [] },
      ],
    }),
    bodySchema: menuWriteSchema,
  }),
  app({
    id: 'PUT /api/venues/:slug/menu/items/:itemId/availability',
    method: 'PUT',
    path: '/api/venues/:slug/menu/items/:itemId/availability',
    caller: 'enterprise',
    params: {
      ...venueParam,
      itemId: { valid: (ctx) => String(ctx.ownVenue.menuItemId), schema: menuItemParamSchema.shape.itemId },
    },
    // 'on': A's item is 'off' by hand, so the same request aimed at it would show in A's rows.
    body: () => ({ availability: 'on' }),
    bodySchema: availabilityWriteSchema,
  }),
  // The menu's QR code (any member), as SVG and as PNG (a 1024-pixel image: drawn less often).
  app({
    id: 'GET /api/venues/:slug/qr/:format',
    method: 'GET',
    path: '/api/venues/:slug/qr/:format',
    caller: 'enterprise',
    params: { ...venueParam, format: { valid: () => 'svg' } },
    query: () => ({ download: '1' }),
  }),
  app({
    id: 'GET /api/venues/:slug/qr/:format [png]',
    method: 'GET',
    path: '/api/venues/:slug/qr/:format',
    caller: 'enterprise',
    weight: 0.5,
    params: { ...venueParam, format: { valid: () => 'png' } },
  }),
  // Signature cocktails (B-enterprise's venue and signature; the sweep puts A's venue and A's signature there instead,
  // and a catalogue cocktail too): the recipes, their photos and the venue's logo. The uploads take the image itself as
  // the body (RouteSpec.rawBody).
  app({
    id: 'GET /api/venues/:slug/signatures',
    method: 'GET',
    path: '/api/venues/:slug/signatures',
    caller: 'enterprise',
    params: venueParam,
  }),
  app({
    id: 'POST /api/venues/:slug/signatures',
    method: 'POST',
    path: '/api/venues/:slug/signatures',
    caller: 'enterprise',
    params: venueParam,
    body: (ctx) => signatureRecipe(ctx.ingredientIds, 'Fuzz house martini'),
    bodySchema: signatureWriteSchema,
  }),
  app({
    id: 'PUT /api/venues/:slug/signatures/:cocktailId',
    method: 'PUT',
    path: '/api/venues/:slug/signatures/:cocktailId',
    caller: 'enterprise',
    params: signatureParams,
    body: (ctx) => signatureRecipe(ctx.ingredientIds, 'Fuzz house martini, revised'),
    bodySchema: signatureWriteSchema,
  }),
  app({
    // The world creates a new signature when this one is gone (keepActorsSignedIn in world.ts).
    id: 'DELETE /api/venues/:slug/signatures/:cocktailId',
    method: 'DELETE',
    path: '/api/venues/:slug/signatures/:cocktailId',
    caller: 'enterprise',
    weight: 0.5,
    params: signatureParams,
  }),
  app({
    id: 'PUT /api/venues/:slug/signatures/:cocktailId/photo',
    method: 'PUT',
    path: '/api/venues/:slug/signatures/:cocktailId/photo',
    caller: 'enterprise',
    params: signatureParams,
    rawBody: () => VALID_JPEG,
  }),
  app({
    id: 'DELETE /api/venues/:slug/signatures/:cocktailId/photo',
    method: 'DELETE',
    path: '/api/venues/:slug/signatures/:cocktailId/photo',
    caller: 'enterprise',
    params: signatureParams,
  }),
  app({
    id: 'PUT /api/venues/:slug/logo',
    method: 'PUT',
    path: '/api/venues/:slug/logo',
    caller: 'enterprise',
    params: venueParam,
    rawBody: () => VALID_PNG,
  }),
  app({
    id: 'DELETE /api/venues/:slug/logo',
    method: 'DELETE',
    path: '/api/venues/:slug/logo',
    caller: 'enterprise',
    params: venueParam,
  }),
  app({
    // The public menu: anyone, no sign-in. A's is public on purpose (A's venue name, drinks and prices: see publicAt in
    // world.ts's secrets); A's team and private data are not.
    id: 'GET /api/menus/:slug',
    method: 'GET',
    path: '/api/menus/:slug',
    caller: 'anyone',
    params: venueParam,
  }),
  app({
    id: 'GET /api/venue-invitations/:invitationId',
    method: 'GET',
    path: '/api/venue-invitations/:invitationId',
    caller: 'anyone',
    params: {
      invitationId: { valid: (ctx) => ctx.ownVenue.invitationId, schema: invitationIdParamSchema.shape.invitationId },
    },
  }),
  app({
    id: 'POST /api/venue-invitations/:invitationId/accept',
    method: 'POST',
    path: '/api/venue-invitations/:invitationId/accept',
    caller: 'user',
    params: {
      invitationId: { valid: (ctx) => ctx.ownVenue.invitationId, schema: invitationIdParamSchema.shape.invitationId },
    },
  }),
];
