import { z } from 'zod';
import { recordIdParamSchema, recordIdSchema } from './record-id';
import { barIngredientSchema } from './my-bar';
import {
  brandContrastProblem,
  INVITABLE_ROLES,
  normalizeHexColor,
  RESERVED_VENUE_SLUGS,
  VENUE_ROLES,
  VENUE_SLUG_PATTERN,
} from '../domain/venues';
import { ONE_LINE_TEXT, oneLineMessage, PARAGRAPH_TEXT, paragraphMessage } from './text';
export * from './signatures';

export {
  publicMenuItemSchema,
  publicMenuSchema,
  storedPhotoSchema,
  type PublicMenu,
  type PublicMenuItem,
  type StoredPhoto,
} from './public-menu';

/**
 * Enterprise venues: the venue, its members, seats and invitations. Routes under /api/venues need a signed-in
 * member of the venue (and its owner's enterprise plan); creating one needs the enterprise entitlement. Invitation
 * answers live under /api/venue-invitations.
 */

/** Longest venue name, characters (at least 2 after trimming). */
export const MAX_VENUE_NAME = 80;
/** Longest address, characters. */
export const MAX_VENUE_ADDRESS = 200;
/** Longest opening-hours text, characters (free text, e.g. 'Tue–Sat 5pm–1am'). */
export const MAX_VENUE_HOURS = 300;

/** A venue's slug in a path or a body: see VENUE_SLUG_PATTERN; a few words are reserved for the app's own paths. */
export const venueSlugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(VENUE_SLUG_PATTERN, 'slug must be 3 to 48 lowercase letters, digits and single hyphens')
  .refine((slug) => !RESERVED_VENUE_SLUGS.has(slug), 'this slug is reserved: choose another');

/** `:slug` path parameter. */
export const venueParamSchema = z.object({ slug: venueSlugSchema });

const nameSchema = z
  .string({ error: 'name is required' })
  .trim()
  .min(2, 'name must be at least 2 characters')
  .max(MAX_VENUE_NAME, `name must be at most ${MAX_VENUE_NAME} characters`)
  .regex(ONE_LINE_TEXT, oneLineMessage('name'));

const colorSchema = (field: string) =>
  z.string({ error: `${field} must be a colour like #1a2b3c` }).transform((value, ctx) => {
    const hex = normalizeHexColor(value);
    if (hex === null) {
      ctx.addIssue({ code: 'custom', message: `${field} must be a colour like #1a2b3c` });
      return z.NEVER;
    }
    return hex;
  });

/** Brand colours: the menu's background and accent, checked for readable contrast with the menu's text. */
export const brandSchema = z
  .object({ background: colorSchema('background'), accent: colorSchema('accent') })
  .superRefine((brand, ctx) => {
    const problem = brandContrastProblem(brand);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['background'] });
  });
/** Brand colours as stored and sent. */
export type Brand = z.infer<typeof brandSchema>;

/** `POST /api/venues`: a name, and a slug (made from the name when left out). */
export const venueCreateSchema = z.object({ name: nameSchema, slug: venueSlugSchema.optional() });
export type VenueCreate = z.infer<typeof venueCreateSchema>;

const optionalText = (field: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${field} must be at most ${max} characters`)
    .regex(PARAGRAPH_TEXT, paragraphMessage(field))
    .transform((value) => (value === '' ? null : value))
    .nullable();

/**
 * `PATCH /api/venues/:slug`: any of name, brand colours, address, opening hours and `menuListed` (true lists the public
 * menu in the sitemap; owner and manager).
 */
export const venueUpdateSchema = z
  .object({
    name: nameSchema,
    brand: brandSchema,
    address: optionalText('address', MAX_VENUE_ADDRESS),
    openingHours: optionalText('openingHours', MAX_VENUE_HOURS),
    menuListed: z.boolean({ error: 'menuListed must be true or false' }),
  })
  .partial()
  .refine(
    (body) => Object.keys(body).length > 0,
    'nothing to change: send name, brand, address, openingHours or menuListed',
  );
export type VenueUpdate = z.infer<typeof venueUpdateSchema>;

/** A member's role. */
export const venueRoleSchema = z.enum(VENUE_ROLES);
/** A role an invitation gives. */
export const invitableRoleSchema = z.enum(INVITABLE_ROLES, { error: 'role must be manager or staff' });

/** Seats: how many the venue has, how many are taken (members but the owner, and waiting invitations). */
export const seatsSchema = z.object({ limit: z.number().int(), used: z.number().int() });
export type Seats = z.infer<typeof seatsSchema>;

/** A venue as its members see it. `role` is the caller's own. */
export const venueSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  logoUrl: z.string().nullable(),
  brand: z.object({ background: z.string(), accent: z.string() }),
  address: z.string().nullable(),
  openingHours: z.string().nullable(),
  /** Whether the public menu is listed in Barback's sitemap for search engines (off until the venue turns it on). */
  menuListed: z.boolean(),
  role: venueRoleSchema,
  seats: seatsSchema,
  createdAt: z.string(),
});
export type Venue = z.infer<typeof venueSchema>;

/** `GET /api/venues`: the venues the caller belongs to, by name. */
export const venueListSchema = z.object({ items: z.array(venueSchema) });
export type VenueList = z.infer<typeof venueListSchema>;

/** One member of a venue. */
export const venueMemberSchema = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: venueRoleSchema,
  joinedAt: z.string(),
});
export type VenueMember = z.infer<typeof venueMemberSchema>;

/** One invitation still waiting for an answer. */
export const venueInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: invitableRoleSchema,
  expiresAt: z.string(),
  invitedBy: z.string().nullable(),
});
export type VenueInvitation = z.infer<typeof venueInvitationSchema>;

/** `GET /api/venues/:slug/members` (owner): the members, waiting invitations and seats. */
export const venueMembersSchema = z.object({
  members: z.array(venueMemberSchema),
  invitations: z.array(venueInvitationSchema),
  seats: seatsSchema,
});
export type VenueMembers = z.infer<typeof venueMembersSchema>;

/** `POST /api/venues/:slug/invitations` (owner): who to invite, and as what. */
export const invitationCreateSchema = z.object({
  email: z.string({ error: 'email is required' }).trim().toLowerCase().email('email is not a valid email address'),
  role: invitableRoleSchema.default('staff'),
});
export type InvitationCreate = z.infer<typeof invitationCreateSchema>;

/** `:slug/invitations/:invitationId` and `:slug/members/:memberId` path parameters. */
export const invitationParamSchema = z.object({ slug: venueSlugSchema, invitationId: z.string().min(1).max(64) });
export const memberParamSchema = z.object({ slug: venueSlugSchema, memberId: z.string().min(1).max(64) });
/** `/api/venue-invitations/:invitationId`. */
export const invitationIdParamSchema = z.object({ invitationId: z.string().min(1).max(64) });

/** `GET /api/venue-invitations/:id`: what the join page shows before and after sign-in. */
export const invitationViewSchema = z.object({
  id: z.string(),
  venueName: z.string(),
  role: invitableRoleSchema,
  status: z.enum(['pending', 'accepted', 'rejected', 'canceled', 'expired']),
  /** The invited address, partly hidden ('j•••@example.com'): the visitor sees which account to sign in with. */
  emailHint: z.string(),
  invitedBy: z.string().nullable(),
});
export type InvitationView = z.infer<typeof invitationViewSchema>;

/** `POST /api/venue-invitations/:id/accept`: the venue joined. */
export const invitationAcceptedSchema = z.object({ venue: venueSchema });
export type InvitationAccepted = z.infer<typeof invitationAcceptedSchema>;

/** One bottle of a venue's team inventory: the ingredient, when it was added, whether it is 86'd tonight, and who changed
 * it last. */
export const venueBarItemSchema = barIngredientSchema.extend({
  addedAt: z.string(),
  eightySixed: z.boolean(),
  updatedBy: z.string().nullable(),
});
export type VenueBarItem = z.infer<typeof venueBarItemSchema>;

/** `GET /api/venues/:slug/bar` (and every inventory write's answer): the bottles by name, and how many catalogue
 * cocktails the bar can make now (86'd bottles count as missing). */
export const venueBarSchema = z.object({ items: z.array(venueBarItemSchema), canMake: z.number().int() });
export type VenueBar = z.infer<typeof venueBarSchema>;

/** What happened to a bottle: added, removed, 86'd (ran out tonight), or back in stock. */
export const VENUE_BAR_ACTIONS = ['added', 'removed', '86', 'back'] as const;
export type VenueBarAction = (typeof VENUE_BAR_ACTIONS)[number];

/** `GET /api/venues/:slug/bar/activity`: the newest changes first (at most 50). */
export const venueBarActivitySchema = z.object({
  items: z.array(
    z.object({
      id: z.number().int(),
      action: z.enum(VENUE_BAR_ACTIONS),
      ingredient: z.object({ id: z.number().int(), name: z.string() }),
      by: z.string(),
      at: z.string(),
    }),
  ),
});
export type VenueBarActivity = z.infer<typeof venueBarActivitySchema>;

/** `PUT /api/venues/:slug/bar/:ingredientId/86`: run out tonight (true) or back in stock (false). */
export const eightySixSchema = z.object({ eightySixed: z.boolean({ error: 'eightySixed must be true or false' }) });

/** `:slug/bar/:ingredientId` path parameters. */
export const venueIngredientParamSchema = z.object({
  slug: venueSlugSchema,
  ingredientId: recordIdParamSchema('ingredientId'),
});

/** Most sections on one menu, and most cocktails in one section. */
export const MAX_MENU_SECTIONS = 20;
export const MAX_MENU_SECTION_ITEMS = 100;
/** Longest section title, characters. */
export const MAX_MENU_SECTION_TITLE = 60;
/** Highest price, cents ($10,000: a typo guard). */
export const MAX_PRICE_CENTS = 1_000_000;

/** How an item's availability is decided: 'auto' by the team inventory, or set by hand 'off' or 'on'. */
export const MENU_AVAILABILITY = ['auto', 'off', 'on'] as const;
export const menuAvailabilitySchema = z.enum(MENU_AVAILABILITY, { error: 'availability must be auto, off or on' });
export type MenuAvailability = z.infer<typeof menuAvailabilitySchema>;

/** `PUT /api/venues/:slug/menu` (owner, manager): the whole menu, sections and cocktails in order. */
export const menuWriteSchema = z.object({
  sections: z
    .array(
      z.object({
        title: z
          .string({ error: 'every section needs a title' })
          .trim()
          .min(1, 'every section needs a title')
          .max(MAX_MENU_SECTION_TITLE, `section titles are at most ${MAX_MENU_SECTION_TITLE} characters`)
          .regex(ONE_LINE_TEXT, oneLineMessage('a section title')),
        items: z
          .array(
            z.object({
              cocktailId: recordIdSchema('cocktailId'),
              priceCents: z
                .number({ error: 'priceCents must be a number of cents' })
                .int('priceCents must be whole cents')
                .min(0, 'priceCents cannot be negative')
                .max(MAX_PRICE_CENTS, `priceCents must be at most ${MAX_PRICE_CENTS}`)
                .nullable()
                .default(null),
              availability: menuAvailabilitySchema.default('auto'),
            }),
          )
          .max(MAX_MENU_SECTION_ITEMS, `a section holds at most ${MAX_MENU_SECTION_ITEMS} cocktails`),
      }),
    )
    .max(MAX_MENU_SECTIONS, `a menu has at most ${MAX_MENU_SECTIONS} sections`),
});
export type MenuWrite = z.infer<typeof menuWriteSchema>;

/** One cocktail on the menu as the team sees it (editor): the cocktail, price, hand-set and resulting availability. */
export const teamMenuItemSchema = z.object({
  id: z.number().int(),
  cocktail: z.object({ id: z.number().int(), name: z.string() }),
  priceCents: z.number().int().nullable(),
  availability: menuAvailabilitySchema,
  /** Whether guests can order it now: by hand ('on'/'off'), or the team inventory covers the recipe ('auto'). */
  available: z.boolean(),
  /** For 'auto': the ingredients the inventory lacks (86'd ones included), by name. */
  missing: z.array(z.string()),
});
export type TeamMenuItem = z.infer<typeof teamMenuItemSchema>;

/** `GET /api/venues/:slug/menu` (any member) and the answer of every menu write. */
export const teamMenuSchema = z.object({
  sections: z.array(z.object({ id: z.number().int(), title: z.string(), items: z.array(teamMenuItemSchema) })),
});
export type TeamMenu = z.infer<typeof teamMenuSchema>;

/** `PUT /api/venues/:slug/menu/items/:itemId/availability` (any member): set by hand or back to the inventory. */
export const availabilityWriteSchema = z.object({ availability: menuAvailabilitySchema });
export const menuItemParamSchema = z.object({
  slug: venueSlugSchema,
  itemId: recordIdParamSchema('itemId'),
});

/** `/api/venues/:slug/signatures/:cocktailId`. */
export const signatureParamSchema = z.object({
  slug: venueSlugSchema,
  cocktailId: recordIdParamSchema('cocktailId'),
});
