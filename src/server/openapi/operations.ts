/** The table of every published API operation (what /api/openapi.json lists), by area. */
import * as analytics from '@/shared/schemas/analytics';
import * as cocktail from '@/shared/schemas/cocktail';
import * as cocktailQuery from '@/shared/schemas/cocktail-query';
import * as collections from '@/shared/schemas/collections';
import * as devTools from '@/shared/schemas/dev-tools';
import * as health from '@/shared/schemas/health';
import * as ingredient from '@/shared/schemas/ingredient';
import * as offline from '@/shared/schemas/offline';
import * as payments from '@/shared/schemas/payments';
import * as publicMenu from '@/shared/schemas/public-menu';
import * as recipes from '@/shared/schemas/recipes';
import * as search from '@/shared/schemas/search';
import * as session from '@/shared/schemas/session';
import * as support from '@/shared/schemas/support';
import * as venues from '@/shared/schemas/venues';
import { op, type ApiOperation } from './operation';
import { PERSONAL_OPERATIONS } from './personal-operations';
import { SIGN_IN_OPERATIONS } from './sign-in-operations';

export { API_TAGS, type ApiAccess, type ApiOperation, type ApiTag } from './operation';

const { cocktailIdParamSchema: cocktailId } = cocktail;
const venue = venues.venueParamSchema;

/**
 * Every operation the server mounts under /api and /.well-known, by area: what /api/openapi.json publishes. The contract
 * test (openapi.test.ts) fails when the app mounts a route this table lacks, or when a route validates with another
 * schema than the one listed here.
 */
export const API_OPERATIONS: readonly ApiOperation[] = [
  // Catalogue
  op('GET', '/api/cocktails', 'Catalogue', 'public', 'A page of cocktail cards, searched, filtered and ordered', {
    query: cocktailQuery.cocktailListQuerySchema,
    response: cocktail.cocktailPageSchema,
  }),
  op('GET', '/api/cocktails/sample', 'Catalogue', 'public', 'A random sample of cocktail cards', {
    query: cocktailQuery.cocktailSampleQuerySchema,
    response: cocktail.cocktailSampleSchema,
  }),
  op('GET', '/api/cocktails/offline-index', 'Catalogue', 'session', 'Every card, kept by the app for offline use', {
    response: offline.offlineIndexSchema,
  }),
  op('GET', '/api/cocktails/by-slug/:slug', 'Catalogue', 'public', "A catalogue cocktail's whole recipe, by its slug", {
    params: cocktail.cocktailSlugParamSchema,
    response: cocktail.cocktailDetailSchema,
  }),
  op('GET', '/api/cocktails/:id', 'Catalogue', 'public', "A cocktail's whole recipe (or the caller's own recipe)", {
    params: cocktailId,
    response: cocktail.cocktailDetailSchema,
  }),
  op('GET', '/api/ingredients', 'Catalogue', 'public', 'The ingredients, by category or type-ahead', {
    query: ingredient.ingredientListQuerySchema,
    response: ingredient.ingredientListSchema,
  }),
  op('GET', '/api/search/suggestions', 'Catalogue', 'public', 'Type-ahead suggestions: cocktails and ingredients', {
    query: search.suggestionQuerySchema,
    response: search.suggestionListSchema,
  }),
  op('GET', '/api/collections/shared/:slug', 'Collections', 'public', 'A collection its owner shares', {
    params: collections.shareSlugSchema,
    checkedInHandler: true,
    response: collections.sharedCollectionSchema,
  }),
  op('GET', '/api/recipes/shared/:slug', 'My Recipes', 'public', 'An own recipe its owner shares', {
    params: collections.shareSlugSchema,
    checkedInHandler: true,
    response: recipes.sharedRecipeSchema,
  }),
  op('GET', '/api/menus/:slug', 'Venues', 'public', "A venue's public menu (what its QR code opens)", {
    params: venue,
    response: publicMenu.publicMenuSchema,
  }),
  op('POST', '/api/events', 'Catalogue', 'public', 'A batch of analytics events', {
    body: analytics.analyticsBatchSchema,
    checkedInHandler: true,
    status: 202,
    response: analytics.analyticsAcceptedSchema,
  }),

  ...SIGN_IN_OPERATIONS,
  ...PERSONAL_OPERATIONS,

  // Venues
  op('GET', '/api/venues', 'Venues', 'session', "The caller's venues", { response: venues.venueListSchema }),
  op('POST', '/api/venues', 'Venues', 'session', 'Creates a venue (Enterprise)', {
    body: venues.venueCreateSchema,
    status: 201,
    response: venues.venueSchema,
  }),
  op('GET', '/api/venues/:slug', 'Venues', 'venue', 'One venue', { params: venue, response: venues.venueSchema }),
  op('PATCH', '/api/venues/:slug', 'Venues', 'venue', "Changes the venue's name or brand", {
    params: venue,
    body: venues.venueUpdateSchema,
    response: venues.venueSchema,
  }),
  op('PUT', '/api/venues/:slug/logo', 'Venues', 'venue', "Sets the venue's logo (the image as the body)", {
    params: venue,
    upload: 'image',
    response: venues.venueSchema,
  }),
  op('DELETE', '/api/venues/:slug/logo', 'Venues', 'venue', "Removes the venue's logo", {
    params: venue,
    response: venues.venueSchema,
  }),
  op('GET', '/api/venues/:slug/members', 'Venues', 'venue', 'The staff and waiting invitations (owner)', {
    params: venue,
    response: venues.venueMembersSchema,
  }),
  op('POST', '/api/venues/:slug/invitations', 'Venues', 'venue', 'Invites staff by email (a seat each)', {
    params: venue,
    body: venues.invitationCreateSchema,
    status: 201,
    response: venues.venueMembersSchema,
  }),
  op('DELETE', '/api/venues/:slug/invitations/:invitationId', 'Venues', 'venue', 'Withdraws an invitation', {
    params: venues.invitationParamSchema,
    response: venues.venueMembersSchema,
  }),
  op('DELETE', '/api/venues/:slug/members/:memberId', 'Venues', 'venue', 'Removes a staff member', {
    params: venues.memberParamSchema,
    response: venues.venueMembersSchema,
  }),
  op('GET', '/api/venues/:slug/bar', 'Venues', 'venue', 'The team inventory', {
    params: venue,
    response: venues.venueBarSchema,
  }),
  op('PUT', '/api/venues/:slug/bar/:ingredientId', 'Venues', 'venue', 'Adds a bottle to the team inventory', {
    params: venues.venueIngredientParamSchema,
    response: venues.venueBarSchema,
  }),
  op('DELETE', '/api/venues/:slug/bar/:ingredientId', 'Venues', 'venue', 'Removes a bottle', {
    params: venues.venueIngredientParamSchema,
    response: venues.venueBarSchema,
  }),
  op('PUT', '/api/venues/:slug/bar/:ingredientId/86', 'Venues', 'venue', '86s a bottle, or brings it back', {
    params: venues.venueIngredientParamSchema,
    body: venues.eightySixSchema,
    response: venues.venueBarSchema,
  }),
  op('GET', '/api/venues/:slug/bar/activity', 'Venues', 'venue', 'Who changed the team inventory, and when', {
    params: venue,
    response: venues.venueBarActivitySchema,
  }),
  op('GET', '/api/venues/:slug/menu', 'Venues', 'venue', "The team's view of the menu", {
    params: venue,
    response: venues.teamMenuSchema,
  }),
  op('PUT', '/api/venues/:slug/menu', 'Venues', 'venue', 'Writes the whole menu', {
    params: venue,
    body: venues.menuWriteSchema,
    response: venues.teamMenuSchema,
  }),
  op('PUT', '/api/venues/:slug/menu/items/:itemId/availability', 'Venues', 'venue', 'Sets an item on, off or auto', {
    params: venues.menuItemParamSchema,
    body: venues.availabilityWriteSchema,
    response: venues.teamMenuSchema,
  }),
  op('GET', '/api/venues/:slug/qr/:format', 'Venues', 'venue', "The public menu's QR code, as SVG or PNG", {
    params: venue,
    pathChoices: { format: ['svg', 'png'] },
    produces: 'image/svg+xml',
  }),
  op('GET', '/api/venues/:slug/signatures', 'Venues', 'venue', "The venue's signature cocktails", {
    params: venue,
    response: venues.signatureListSchema,
  }),
  op('POST', '/api/venues/:slug/signatures', 'Venues', 'venue', 'Creates a signature cocktail', {
    params: venue,
    body: venues.signatureWriteSchema,
    status: 201,
    response: venues.signatureSchema,
  }),
  op('PUT', '/api/venues/:slug/signatures/:cocktailId', 'Venues', 'venue', 'Rewrites a signature cocktail', {
    params: venues.signatureParamSchema,
    body: venues.signatureWriteSchema,
    response: venues.signatureSchema,
  }),
  op('DELETE', '/api/venues/:slug/signatures/:cocktailId', 'Venues', 'venue', 'Deletes a signature cocktail', {
    params: venues.signatureParamSchema,
    status: 204,
  }),
  op('PUT', '/api/venues/:slug/signatures/:cocktailId/photo', 'Venues', 'venue', 'Sets its photo (the image as body)', {
    params: venues.signatureParamSchema,
    upload: 'image',
    response: venues.signatureSchema,
  }),
  op('DELETE', '/api/venues/:slug/signatures/:cocktailId/photo', 'Venues', 'venue', 'Removes its photo', {
    params: venues.signatureParamSchema,
    response: venues.signatureSchema,
  }),
  op('GET', '/api/venue-invitations/:invitationId', 'Venues', 'public', 'What an invitation link offers', {
    params: venues.invitationIdParamSchema,
    response: venues.invitationViewSchema,
  }),
  op('POST', '/api/venue-invitations/:invitationId/accept', 'Venues', 'session', 'Joins the venue', {
    params: venues.invitationIdParamSchema,
    response: venues.invitationAcceptedSchema,
  }),

  // Payments
  op('POST', '/api/me/purchases/sync', 'Payments', 'session', "'Restore Purchases': reconciles with RevenueCat", {
    response: payments.purchaseSyncResponseSchema,
  }),
  op('POST', '/api/webhooks/revenuecat', 'Payments', 'peer', "RevenueCat's webhook", {
    body: payments.revenueCatWebhookSchema,
    checkedInHandler: true,
    response: payments.webhookReceiptSchema,
  }),
  op('GET', '/api/wrapper-sim', 'Development', 'dev', "The wrapper simulator's offerings", {
    response: payments.wrapperSimulatorInfoSchema,
  }),
  op('POST', '/api/wrapper-sim/purchase', 'Development', 'dev', 'Plays a purchase in the iOS wrapper', {
    body: payments.simulatedPurchaseSchema,
    response: payments.simulatedStoreResultSchema,
  }),
  op('POST', '/api/wrapper-sim/restore', 'Development', 'dev', 'Plays a restore in the iOS wrapper', {
    body: payments.simulatedRestoreSchema,
    response: payments.simulatedStoreResultSchema,
  }),

  // Support, health, development
  op('POST', '/api/support', 'Support', 'public', 'Sends a message to support', {
    body: support.supportMessageSchema,
    status: 201,
    response: support.supportReceiptSchema,
  }),
  op('GET', '/api/health', 'Health', 'public', 'Whether the server and its database answer (503 when not)', {
    response: health.healthSchema,
  }),
  op('GET', '/api/dev/auth-health', 'Development', 'dev', 'The auth configuration, without secrets', {
    response: devTools.authHealthSchema,
  }),
  op('GET', '/api/dev/mailbox', 'Development', 'dev', 'The dev outbox, newest first', {
    response: devTools.mailboxResponseSchema,
  }),
  op('POST', '/api/dev/recovery-email', 'Development', 'dev', 'Mails a recovery link (the reset tool)', {
    body: devTools.recoveryEmailSchema,
    checkedInHandler: true,
    response: session.recoveryEmailResponseSchema,
  }),
  op('GET', '/api/openapi.json', 'Health', 'public', 'This document'),
  op('GET', '/api/docs', 'Health', 'public', 'The interactive reference of this document', { produces: 'text/html' }),
  op('GET', '/api/docs/:asset', 'Health', 'public', "The reference's script and style sheet", {
    pathChoices: { asset: ['swagger-ui.css', 'swagger-ui-bundle.js', 'init.js'] },
    produces: 'text/javascript',
  }),
];
