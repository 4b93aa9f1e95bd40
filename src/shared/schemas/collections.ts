import { z } from 'zod';
import { recordIdParamSchema, recordIdSchema } from './record-id';
import { recipeSummarySchema } from './recipe-summary';
import { ONE_LINE_TEXT, oneLineMessage, PARAGRAPH_TEXT, paragraphMessage } from './text';

/**
 * Pro's collections, private notes and ratings. Every route is the signed-in user's own data under /api/me;
 * writes need the pro entitlement (pro or enterprise: 403 ENTITLEMENT_REQUIRED otherwise), reads, export and deletes stay
 * open after a lapse (nothing is ever deleted by a lapse). A shared collection is read by anyone at
 * `GET /api/collections/shared/:slug` while its owner keeps sharing on.
 */

/** Longest collection name, characters (at least 1 after trimming). */
export const MAX_COLLECTION_NAME = 80;
/** Longest collection description, characters. */
export const MAX_COLLECTION_DESCRIPTION = 500;
/** Most cocktails in one collection. */
export const MAX_COLLECTION_ITEMS = 500;
/** Most collections one user keeps. */
export const MAX_COLLECTIONS = 200;
/** Longest private note, characters (plain text). */
export const MAX_NOTE_LENGTH = 5000;

/** Path parameters: `:id` of a collection, `:cocktailId` of a cocktail. */
export const collectionParamSchema = z.object({ id: recordIdParamSchema('id') });
export const collectionItemParamSchema = z.object({
  id: recordIdParamSchema('id'),
  cocktailId: recordIdParamSchema('cocktailId'),
});
export const cocktailNoteParamSchema = z.object({ cocktailId: recordIdParamSchema('cocktailId') });

/** A shared collection's public slug: 22 URL-safe random characters (128 bits or more), unguessable. */
export const shareSlugSchema = z.object({
  slug: z.string().regex(/^[A-Za-z0-9_-]{22,64}$/, 'not a share link'),
});

const nameSchema = z
  .string()
  .trim()
  .min(1, 'name must not be empty')
  .max(MAX_COLLECTION_NAME, `name must be at most ${MAX_COLLECTION_NAME} characters`)
  .regex(ONE_LINE_TEXT, oneLineMessage('name'));
const descriptionSchema = z
  .string()
  .trim()
  .max(MAX_COLLECTION_DESCRIPTION, `description must be at most ${MAX_COLLECTION_DESCRIPTION} characters`)
  .regex(PARAGRAPH_TEXT, paragraphMessage('description'));

/** Body of `POST /api/me/collections`: a name, an optional description and optional first cocktails. */
export const collectionCreateSchema = z.object({
  name: nameSchema,
  description: descriptionSchema.default(''),
  cocktailIds: z.array(recordIdSchema('cocktailIds')).max(MAX_COLLECTION_ITEMS).default([]),
});
export type CollectionCreate = z.infer<typeof collectionCreateSchema>;

/** Body of `PATCH /api/me/collections/:id`: rename, describe, or turn sharing on or off (at least one field). */
export const collectionUpdateSchema = z
  .object({ name: nameSchema.optional(), description: descriptionSchema.optional(), shared: z.boolean().optional() })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: 'nothing to change' });
export type CollectionUpdate = z.infer<typeof collectionUpdateSchema>;

/** Body of `PUT /api/me/collections/:id/order`: every cocktail of the collection, in the new order (no more, no less). */
export const collectionOrderSchema = z.object({
  cocktailIds: z.array(recordIdSchema('cocktailIds')).max(MAX_COLLECTION_ITEMS),
});

/** A collection in a list: counts and sharing, no items. Times are ISO 8601. */
export const collectionSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  itemCount: z.number().int().min(0),
  /** The public slug while sharing is on, else null. */
  shareSlug: z.string().nullable(),
  /** The first cocktails' ids (up to 4), for a cover. */
  coverIds: z.array(z.number().int()),
  /** With `GET /api/me/collections?cocktailId=N`: whether this collection holds cocktail N (false without the query). */
  contains: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CollectionSummary = z.infer<typeof collectionSummarySchema>;

/** Query of `GET /api/me/collections`: `cocktailId` marks the collections holding that cocktail (`contains`). */
export const collectionListQuerySchema = z.object({ cocktailId: recordIdParamSchema('cocktailId').optional() });

/** `GET /api/me/collections`: the user's collections, most recently changed first. */
export const collectionListSchema = z.object({ items: z.array(collectionSummarySchema) });
export type CollectionList = z.infer<typeof collectionListSchema>;

/**
 * One collection with its cocktails in the owner's order (the answer of every collection write, and of GET): catalogue
 * cocktails and the owner's own recipes (`own: true`, recipe-summary.ts).
 */
export const collectionDetailSchema = collectionSummarySchema.extend({ items: z.array(recipeSummarySchema) });
export type CollectionDetail = z.infer<typeof collectionDetailSchema>;

/**
 * `GET /api/collections/shared/:slug`: what anyone sees (no owner, no ids of other collections). The owner's own recipes
 * are listed only while each is shared itself (`own: true` with its `shareSlug`); a private one is left out.
 */
export const sharedCollectionSchema = z.object({
  name: z.string(),
  description: z.string(),
  items: z.array(recipeSummarySchema),
  updatedAt: z.string(),
});
export type SharedCollection = z.infer<typeof sharedCollectionSchema>;

/** Body of `PUT /api/me/notes/:cocktailId`: the note's text (an empty text deletes the note). */
export const noteWriteSchema = z.object({
  text: z.string().max(MAX_NOTE_LENGTH, `a note is at most ${MAX_NOTE_LENGTH} characters`),
});
/** A private note: the text and when it was last saved (ISO 8601); `GET` of a cocktail without one answers text ''. */
export const noteSchema = z.object({
  cocktailId: z.number().int(),
  text: z.string(),
  updatedAt: z.string().nullable(),
});
export type Note = z.infer<typeof noteSchema>;

/** A rating: 0.5 to 5 stars in half stars. */
export const ratingValueSchema = z
  .number()
  .min(0.5, 'a rating is 0.5 to 5 stars')
  .max(5, 'a rating is 0.5 to 5 stars')
  .refine((value) => Number.isInteger(value * 2), { message: 'a rating is in half stars' });
/** Body of `PUT /api/me/ratings/:cocktailId`. (`DELETE` removes the rating.) */
export const ratingWriteSchema = z.object({ stars: ratingValueSchema });
/** A rating as answered. */
export const ratingSchema = z.object({ cocktailId: z.number().int(), stars: ratingValueSchema.nullable() });
/** `GET /api/me/ratings`: every rating of the user (for cards, sorts and the 'rated 4+' filter). */
export const ratingListSchema = z.object({
  items: z.array(z.object({ cocktailId: z.number().int(), stars: ratingValueSchema, updatedAt: z.string() })),
});
export type RatingList = z.infer<typeof ratingListSchema>;
