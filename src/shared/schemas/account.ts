import { z } from 'zod';
import { ENTITLEMENT_NAMES } from '../domain/plans';
import { PLANS } from './analytics';
import { entitlementSchema } from './payments';
import { sessionUserSchema } from './session';

/** A way into the account, as `GET /api/me` lists it: better-auth's account row. createdAt: ISO 8601. */
export const linkedAccountSchema = z.object({
  /** better-auth's account row id (what `POST /api/auth/unlink-account` takes as accountId). */
  id: z.string(),
  /** 'google' | 'facebook' | 'magic-link' (other strings are possible for future providers). */
  providerId: z.string(),
  /** The provider's id for the user (the email for 'magic-link'). */
  accountId: z.string(),
  createdAt: z.string(),
});
export type LinkedAccount = z.infer<typeof linkedAccountSchema>;

/** Plan of an account (docs/product.md, Records: derived from the active entitlements by planFromEntitlements). */
export const planSchema = z.enum(PLANS);
export type AccountPlan = z.infer<typeof planSchema>;

/**
 * `GET /api/me` answer: the user, the plan and the active entitlement names (app_metadata.entitlements in
 * docs/product.md, Records) with each entitlement's details (expiry, renewal, source; lapsed ones too), the role
 * (always 'User': docs/product.md, Roles and plans), counts, the linked accounts, and which provider sign-ins this
 * server offers (for the link buttons).
 */
export const meResponseSchema = z.object({
  user: sessionUserSchema,
  plan: planSchema,
  entitlements: z.array(z.enum(ENTITLEMENT_NAMES)),
  entitlementDetails: z.array(entitlementSchema),
  /** True when a paid plan ended and none is active: the pages keep the data readable with a note and /upgrade. */
  lapsed: z.boolean(),
  role: z.literal('User'),
  /** How many favorites the user keeps and how many drinks they recorded as made ('I made this', My Bar). */
  counts: z.object({ favorites: z.number().int().min(0), made: z.number().int().min(0) }),
  accounts: z.array(linkedAccountSchema),
  providers: z.object({ google: z.boolean(), facebook: z.boolean() }),
});
export type MeResponse = z.infer<typeof meResponseSchema>;

/** How many entries each list of `GET /api/me/activity` holds at most. */
export const ACTIVITY_LIMIT = 10;

/**
 * `GET /api/me/activity` answer, each list newest first (ISO 8601 times, at most {@link ACTIVITY_LIMIT} entries): the latest
 * favorites, the latest distinct searches, and the latest made drinks ('I made this': the made drink's id, the cocktail,
 * when it was made).
 */
export const activityResponseSchema = z.object({
  favorites: z.array(z.object({ cocktailId: z.number().int(), name: z.string(), createdAt: z.string() })),
  searches: z.array(z.object({ q: z.string(), occurredAt: z.string() })),
  made: z.array(z.object({ id: z.number().int(), cocktailId: z.number().int(), name: z.string(), madeAt: z.string() })),
});
export type ActivityResponse = z.infer<typeof activityResponseSchema>;

/** The word a user types to confirm deleting their account. */
export const DELETE_CONFIRMATION = 'DELETE';

/** Body of `DELETE /api/me`: the typed confirmation. */
export const deleteAccountRequestSchema = z.object({
  confirm: z.literal(DELETE_CONFIRMATION, { error: `confirm must be '${DELETE_CONFIRMATION}'` }),
});
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;

/** `DELETE /api/me` answer. */
export const deleteAccountResponseSchema = z.object({ deleted: z.literal(true) });
export type DeleteAccountResponse = z.infer<typeof deleteAccountResponseSchema>;

/** The device a session was signed in from, read from its User-Agent: null fields when the agent did not say. */
export const sessionDeviceSchema = z.object({
  /** Browser name as the trade writes it ('Chrome', 'Safari', 'Firefox'), or null. */
  browser: z.string().nullable(),
  /** Operating system ('iOS', 'macOS', 'Android', 'Windows'), or null. */
  os: z.string().nullable(),
  /** 'mobile' | 'tablet' | 'desktop', or null when unknown. */
  type: z.enum(['mobile', 'tablet', 'desktop']).nullable(),
});
export type SessionDevice = z.infer<typeof sessionDeviceSchema>;

/**
 * One signed-in session of the user, as `GET /api/me/sessions` lists it: never its token. Times are ISO 8601;
 * `lastActiveAt` is when the server last extended or refreshed it (better-auth's updatedAt).
 */
export const accountSessionSchema = z.object({
  id: z.string(),
  device: sessionDeviceSchema,
  /** The address it signed in from (as the server saw it), or null. */
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
  lastActiveAt: z.string(),
  expiresAt: z.string(),
  /** True for the session that made this request. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

/** `GET /api/me/sessions` answer: the user's unexpired sessions, the current one first, then the most recently active. */
export const accountSessionListSchema = z.object({ sessions: z.array(accountSessionSchema) });
export type AccountSessionList = z.infer<typeof accountSessionListSchema>;

/** Path parameter of `DELETE /api/me/sessions/:id`: a session id (better-auth ids are 32 characters; 1–200 accepted). */
export const sessionIdParamSchema = z.object({ id: z.string().trim().min(1).max(200) });

/** Answer of `DELETE /api/me/sessions/:id` and `POST /api/me/sessions/revoke-others`: how many sessions were ended. */
export const revokeSessionsResponseSchema = z.object({ revoked: z.number().int().min(0) });
export type RevokeSessionsResponse = z.infer<typeof revokeSessionsResponseSchema>;
