import { z } from 'zod';
import * as account from '@/shared/schemas/account';
import * as analytics from '@/shared/schemas/analytics';
import * as cocktail from '@/shared/schemas/cocktail';
import * as cocktailQuery from '@/shared/schemas/cocktail-query';
import * as collections from '@/shared/schemas/collections';
import * as devTools from '@/shared/schemas/dev-tools';
import * as exports from '@/shared/schemas/export';
import * as favorites from '@/shared/schemas/favorites';
import * as health from '@/shared/schemas/health';
import * as ingredient from '@/shared/schemas/ingredient';
import * as myBar from '@/shared/schemas/my-bar';
import * as payments from '@/shared/schemas/payments';
import * as publicMenu from '@/shared/schemas/public-menu';
import * as recipes from '@/shared/schemas/recipes';
import * as search from '@/shared/schemas/search';
import * as session from '@/shared/schemas/session';
import * as support from '@/shared/schemas/support';
import * as token from '@/shared/schemas/token';
import * as venues from '@/shared/schemas/venues';

/** Who may call an operation (the document's security and its description say it). */
export type ApiAccess =
  | 'public'
  /** A signed-in session (the cookie, or a bearer token for the native app). */
  | 'session'
  /** A session whose account holds the pro entitlement (Individual/Pro or Enterprise): docs/product.md, Roles and plans. */
  | 'pro'
  /** A member of the venue in the path (its role decides the writes: docs/venues.md). */
  | 'venue'
  /** RevenueCat's webhook: its shared secret in Authorization. */
  | 'peer'
  /** Development and test runs only (the dev tools and the wrapper simulator); answered from this machine. */
  | 'dev';

/** The document's groups, in the order the reference shows them. */
export const API_TAGS = [
  'Catalogue',
  'Sign-in',
  'Account',
  'Favorites',
  'My Bar',
  'Collections',
  'My Recipes',
  'Venues',
  'Payments',
  'Support',
  'Health',
  'Development',
] as const;
export type ApiTag = (typeof API_TAGS)[number];

/**
 * One API operation as published: its method and Hono path (`:name` segments, as the routes mount it), what it is for,
 * who may call it, the shared schemas of its path parameters, query and JSON body (the very objects the route validates
 * with), and its answer: a shared schema of the JSON body, or the media type of a non-JSON one.
 */
export interface ApiOperation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  tag: ApiTag;
  summary: string;
  access: ApiAccess;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** Path segments the route reads without a validator (a fixed choice, or one better-auth reads), for the document. */
  pathChoices?: Record<string, readonly [string, ...string[]]>;
  /** The handler checks the documented params or body itself (the same 404 for a malformed share link; a beacon). */
  checkedInHandler?: true;
  /** The body is a raw upload of this media type (an image, a file to import) instead of JSON. */
  upload?: 'image' | 'file';
  /** The success status (200 unless said). */
  status?: 200 | 201 | 202 | 204 | 302;
  /** The JSON answer's shape; absent for a non-JSON answer (see `produces`) or one only better-auth defines. */
  response?: z.ZodType;
  /** The media type of a non-JSON answer. */
  produces?: string;
}

type Method = ApiOperation['method'];
type Rest = Omit<ApiOperation, 'method' | 'path' | 'tag' | 'summary' | 'access'>;

/** Builds one entry, keeping the table one line an operation where it fits. */
function op(
  method: Method,
  path: string,
  tag: ApiTag,
  access: ApiAccess,
  summary: string,
  rest: Rest = {},
): ApiOperation {
  return { method, path, tag, access, summary, ...rest };
}

const { cocktailIdParamSchema: cocktailId } = cocktail;
const ingredientId = myBar.ingredientParamSchema;
const venue = venues.venueParamSchema;

const PROVIDERS = { id: ['google', 'facebook'] } as const;

/** The better-auth endpoints Barback serves under /api/auth (the rest answer 404: src/server/auth/served-routes.ts). */
const AUTH_OPERATIONS: ApiOperation[] = [
  op('GET', '/api/auth/get-session', 'Sign-in', 'public', 'The current session, or null', {
    response: session.sessionDataSchema.nullable(),
  }),
  op('POST', '/api/auth/get-session', 'Sign-in', 'public', 'The current session (POST form, for the native app)', {
    response: session.sessionDataSchema.nullable(),
  }),
  op('POST', '/api/auth/sign-out', 'Sign-in', 'session', 'Ends this session'),
  op('GET', '/api/auth/list-sessions', 'Sign-in', 'session', "better-auth's list of the account's sessions"),
  op('POST', '/api/auth/sign-in/magic-link', 'Sign-in', 'public', 'Mails a sign-in link', {
    body: session.magicLinkRequestSchema,
  }),
  op('GET', '/api/auth/magic-link/verify', 'Sign-in', 'public', 'Opens a mailed link: sets the session, redirects', {
    status: 302,
  }),
  op('GET', '/api/auth/callback/:id', 'Sign-in', 'public', "A provider's redirect back (Google, Facebook)", {
    pathChoices: PROVIDERS,
    status: 302,
  }),
  op('POST', '/api/auth/callback/:id', 'Sign-in', 'public', "A provider's form-post back", {
    pathChoices: PROVIDERS,
    status: 302,
  }),
  op('POST', '/api/auth/update-user', 'Account', 'session', 'Changes the name or picture', {
    body: session.updateUserRequestSchema,
  }),
  op('GET', '/api/auth/list-accounts', 'Account', 'session', 'The sign-in methods linked to the account'),
  op('POST', '/api/auth/unlink-account', 'Account', 'session', 'Unlinks a sign-in method (never the last)'),
  op('POST', '/api/auth/two-factor/enable', 'Account', 'session', 'Starts two-factor setup'),
  op('POST', '/api/auth/two-factor/verify-totp', 'Account', 'public', 'Checks an authenticator code', {
    body: session.totpVerifyRequestSchema,
  }),
  op('POST', '/api/auth/two-factor/verify-backup-code', 'Account', 'public', 'Checks a backup code', {
    body: session.backupCodeVerifyRequestSchema,
  }),
  op('POST', '/api/auth/two-factor/get-totp-uri', 'Account', 'session', 'The authenticator URI (needs a current code)'),
  op('POST', '/api/auth/two-factor/generate-backup-codes', 'Account', 'session', 'New backup codes'),
  op('POST', '/api/auth/two-factor/disable', 'Account', 'session', 'Turns two-factor off'),
  op('GET', '/api/auth/token', 'Sign-in', 'session', 'A signed token for the native app and partners', {
    response: token.apiTokenResponseSchema,
  }),
  op('GET', '/api/auth/jwks', 'Sign-in', 'public', 'The public keys tokens are signed with', {
    response: token.jwksSchema,
  }),
  op('GET', '/api/auth/error', 'Sign-in', 'public', "better-auth's error page", { produces: 'text/html' }),
  op('GET', '/api/auth/ok', 'Health', 'public', "better-auth's liveness answer"),
];

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

  // Sign-in
  ...AUTH_OPERATIONS,
  op('GET', '/api/session/providers', 'Sign-in', 'public', 'Which provider sign-ins this server offers', {
    response: session.signInProvidersSchema,
  }),
  op('POST', '/api/session/oauth/:provider', 'Sign-in', 'public', "Starts a provider sign-in: the provider's URL", {
    params: session.oauthProviderParamSchema,
    body: session.oauthStartSchema,
    checkedInHandler: true,
    response: session.oauthStartResponseSchema,
  }),
  op('POST', '/api/session/recovery', 'Sign-in', 'public', 'Mails an account-recovery link', {
    body: devTools.recoveryEmailSchema,
    checkedInHandler: true,
    response: session.recoveryEmailResponseSchema,
  }),
  op('GET', '/.well-known/jwks.json', 'Sign-in', 'public', 'The public keys tokens are signed with', {
    response: token.jwksSchema,
  }),

  // Account
  op('GET', '/api/me', 'Account', 'session', 'The account, its plan and entitlements', {
    response: account.meResponseSchema,
  }),
  op('DELETE', '/api/me', 'Account', 'session', 'Deletes the account and everything in it', {
    body: account.deleteAccountRequestSchema,
    response: account.deleteAccountResponseSchema,
  }),
  op('GET', '/api/me/activity', 'Account', 'session', "The account's counters", {
    response: account.activityResponseSchema,
  }),
  op('GET', '/api/me/sessions', 'Account', 'session', 'Signed-in devices', {
    response: account.accountSessionListSchema,
  }),
  op('DELETE', '/api/me/sessions/:id', 'Account', 'session', 'Signs one other device out', {
    params: account.sessionIdParamSchema,
    response: account.revokeSessionsResponseSchema,
  }),
  op('POST', '/api/me/sessions/revoke-others', 'Account', 'session', 'Signs out everywhere else', {
    response: account.revokeSessionsResponseSchema,
  }),
  op('GET', '/api/me/export', 'Account', 'session', "The account's data as a file (JSON, Markdown, JSON-LD, CSV...)", {
    query: exports.exportQuerySchema,
    produces: 'application/octet-stream',
  }),
  op('POST', '/api/me/import', 'Account', 'session', 'Restores an export (its zip or JSON as the body)', {
    upload: 'file',
    response: exports.accountImportResultSchema,
  }),

  // Favorites
  op('GET', '/api/me/favorites', 'Favorites', 'session', 'The favorites, newest first', {
    response: favorites.favoriteListSchema,
  }),
  op('PUT', '/api/me/favorites/:cocktailId', 'Favorites', 'session', 'Adds a favorite (idempotent)', {
    params: favorites.favoriteParamSchema,
    response: favorites.favoriteWriteResultSchema,
  }),
  op('DELETE', '/api/me/favorites/:cocktailId', 'Favorites', 'session', 'Removes a favorite (idempotent)', {
    params: favorites.favoriteParamSchema,
    response: favorites.favoriteWriteResultSchema,
  }),

  // My Bar
  op('GET', '/api/me/bar', 'My Bar', 'pro', 'The bottles in the bar', { response: myBar.barListSchema }),
  op('POST', '/api/me/bar', 'My Bar', 'pro', 'Adds many bottles', {
    body: myBar.barAddManySchema,
    response: myBar.barListSchema,
  }),
  op('PUT', '/api/me/bar/:ingredientId', 'My Bar', 'pro', 'Adds a bottle (idempotent)', {
    params: ingredientId,
    response: myBar.barListSchema,
  }),
  op('DELETE', '/api/me/bar/:ingredientId', 'My Bar', 'pro', 'Removes a bottle (idempotent)', {
    params: ingredientId,
    response: myBar.barListSchema,
  }),
  op('GET', '/api/me/bar/makeable', 'My Bar', 'pro', "What the bar makes: 'Can make now' or one bottle away", {
    query: myBar.makeableQuerySchema,
    response: myBar.makeablePageSchema,
  }),
  op('GET', '/api/me/bar/makeable-ids', 'My Bar', 'pro', 'The ids of every cocktail the bar makes', {
    response: myBar.makeableIdsSchema,
  }),
  op('GET', '/api/me/bar/match/:cocktailId', 'My Bar', 'pro', "How the bar covers one recipe's lines", {
    params: myBar.cocktailParamSchema,
    response: myBar.recipeMatchSchema,
  }),
  op('GET', '/api/me/bar/suggestions', 'My Bar', 'pro', 'Bottles to buy next', {
    response: myBar.suggestionListSchema,
  }),
  op('GET', '/api/me/shopping-list', 'My Bar', 'pro', 'The shopping list', { response: myBar.shoppingListSchema }),
  op('DELETE', '/api/me/shopping-list', 'My Bar', 'pro', 'Empties the shopping list', {
    response: myBar.shoppingListSchema,
  }),
  op('PUT', '/api/me/shopping-list/:ingredientId', 'My Bar', 'pro', 'Puts an ingredient on the list', {
    params: ingredientId,
    response: myBar.shoppingListSchema,
  }),
  op('DELETE', '/api/me/shopping-list/:ingredientId', 'My Bar', 'pro', 'Takes an ingredient off the list', {
    params: ingredientId,
    response: myBar.shoppingListSchema,
  }),
  op('POST', '/api/me/shopping-list/:ingredientId/bought', 'My Bar', 'pro', 'Bought: off the list, into the bar', {
    params: ingredientId,
    response: myBar.shoppingBoughtSchema,
  }),
  op('GET', '/api/me/made', 'My Bar', 'pro', "The drinks marked 'I made this'", { response: myBar.madeListSchema }),
  op('POST', '/api/me/made', 'My Bar', 'pro', "Marks a drink 'I made this'", {
    body: myBar.madeCreateSchema,
    status: 201,
    response: myBar.madeDrinkSchema,
  }),
  op('GET', '/api/me/swaps', 'My Bar', 'pro', 'The ingredient swaps the user allows', {
    response: myBar.swapListSchema,
  }),
  op('PUT', '/api/me/swaps', 'My Bar', 'pro', 'Allows a swap', {
    body: myBar.swapSchema,
    response: myBar.swapListSchema,
  }),
  op('DELETE', '/api/me/swaps', 'My Bar', 'pro', 'Withdraws a swap', {
    query: myBar.swapSchema,
    response: myBar.swapListSchema,
  }),

  // Collections, notes and ratings
  op('GET', '/api/me/collections', 'Collections', 'session', 'The collections', {
    query: collections.collectionListQuerySchema,
    response: collections.collectionListSchema,
  }),
  op('POST', '/api/me/collections', 'Collections', 'pro', 'Creates a collection', {
    body: collections.collectionCreateSchema,
    status: 201,
    response: collections.collectionDetailSchema,
  }),
  op('GET', '/api/me/collections/:id', 'Collections', 'session', 'One collection', {
    params: collections.collectionParamSchema,
    response: collections.collectionDetailSchema,
  }),
  op('PATCH', '/api/me/collections/:id', 'Collections', 'pro', 'Renames or shares a collection', {
    params: collections.collectionParamSchema,
    body: collections.collectionUpdateSchema,
    response: collections.collectionDetailSchema,
  }),
  op('DELETE', '/api/me/collections/:id', 'Collections', 'session', 'Deletes a collection', {
    params: collections.collectionParamSchema,
    response: collections.collectionListSchema,
  }),
  op('PUT', '/api/me/collections/:id/items/:cocktailId', 'Collections', 'pro', 'Adds a cocktail to a collection', {
    params: collections.collectionItemParamSchema,
    response: collections.collectionDetailSchema,
  }),
  op('DELETE', '/api/me/collections/:id/items/:cocktailId', 'Collections', 'session', 'Takes a cocktail out', {
    params: collections.collectionItemParamSchema,
    response: collections.collectionDetailSchema,
  }),
  op('PUT', '/api/me/collections/:id/order', 'Collections', 'pro', "Reorders a collection's cocktails", {
    params: collections.collectionParamSchema,
    body: collections.collectionOrderSchema,
    response: collections.collectionDetailSchema,
  }),
  op('GET', '/api/me/notes/:cocktailId', 'Collections', 'session', "The user's note on a cocktail", {
    params: collections.cocktailNoteParamSchema,
    response: collections.noteSchema,
  }),
  op('PUT', '/api/me/notes/:cocktailId', 'Collections', 'pro', 'Writes the note', {
    params: collections.cocktailNoteParamSchema,
    body: collections.noteWriteSchema,
    response: collections.noteSchema,
  }),
  op('DELETE', '/api/me/notes/:cocktailId', 'Collections', 'session', 'Deletes the note', {
    params: collections.cocktailNoteParamSchema,
    response: collections.noteSchema,
  }),
  op('GET', '/api/me/ratings', 'Collections', 'session', "The user's ratings", {
    response: collections.ratingListSchema,
  }),
  op('PUT', '/api/me/ratings/:cocktailId', 'Collections', 'pro', 'Rates a cocktail (1 to 5)', {
    params: collections.cocktailNoteParamSchema,
    body: collections.ratingWriteSchema,
    response: collections.ratingSchema,
  }),
  op('DELETE', '/api/me/ratings/:cocktailId', 'Collections', 'session', 'Clears a rating', {
    params: collections.cocktailNoteParamSchema,
    response: collections.ratingSchema,
  }),

  // My Recipes
  op('GET', '/api/me/recipes', 'My Recipes', 'session', "The user's own recipes", {
    query: recipes.ownRecipeListQuerySchema,
    response: recipes.ownRecipeListSchema,
  }),
  op('POST', '/api/me/recipes', 'My Recipes', 'pro', 'Creates an own recipe', {
    body: recipes.ownRecipeWriteSchema,
    status: 201,
    response: recipes.ownRecipeSchema,
  }),
  op('POST', '/api/me/recipes/copy/:cocktailId', 'My Recipes', 'pro', "'Make it my own': copies a recipe", {
    params: recipes.recipeCopyParamSchema,
    status: 201,
    response: recipes.ownRecipeSchema,
  }),
  op('GET', '/api/me/recipes/:id', 'My Recipes', 'session', 'One own recipe', {
    params: recipes.ownRecipeParamSchema,
    response: recipes.ownRecipeSchema,
  }),
  op('PUT', '/api/me/recipes/:id', 'My Recipes', 'pro', 'Rewrites an own recipe', {
    params: recipes.ownRecipeParamSchema,
    body: recipes.ownRecipeWriteSchema,
    response: recipes.ownRecipeSchema,
  }),
  op('DELETE', '/api/me/recipes/:id', 'My Recipes', 'session', 'Deletes an own recipe', {
    params: recipes.ownRecipeParamSchema,
    response: recipes.ownRecipeListSchema,
  }),
  op('PUT', '/api/me/recipes/:id/share', 'My Recipes', 'pro', 'Shares an own recipe by link, or stops', {
    params: recipes.ownRecipeParamSchema,
    body: recipes.recipeShareSchema,
    response: recipes.ownRecipeSchema,
  }),
  op('PUT', '/api/me/recipes/:id/photo', 'My Recipes', 'pro', "Sets the recipe's photo (the image as the body)", {
    params: recipes.ownRecipeParamSchema,
    upload: 'image',
    response: recipes.ownRecipeSchema,
  }),
  op('DELETE', '/api/me/recipes/:id/photo', 'My Recipes', 'session', "Removes the recipe's photo", {
    params: recipes.ownRecipeParamSchema,
    response: recipes.ownRecipeSchema,
  }),
  op('POST', '/api/me/recipes/import', 'My Recipes', 'pro', 'Reads a file of recipes: a preview, or writes it', {
    query: recipes.importQuerySchema,
    upload: 'file',
    response: recipes.importPreviewSchema.or(recipes.importResultSchema),
  }),
  op('POST', '/api/me/recipes/import/reviewed', 'My Recipes', 'pro', 'Writes a preview as the user corrected it', {
    body: recipes.importReviewSchema,
    response: recipes.importResultSchema,
  }),

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
