import { z } from 'zod';
import { recordIdParamSchema } from './record-id';
import { cocktailSummarySchema } from './cocktail';

/** Path parameter of `PUT|DELETE /api/me/favorites/:cocktailId`: a positive whole number. */
export const favoriteParamSchema = z.object({
  cocktailId: recordIdParamSchema('cocktailId'),
});

/** `GET /api/me/favorites` answer: the ids and the list items, newest favorite first. */
export const favoriteListSchema = z.object({
  ids: z.array(z.number().int()),
  items: z.array(cocktailSummarySchema),
});
export type FavoriteList = z.infer<typeof favoriteListSchema>;

/** `PUT|DELETE /api/me/favorites/:cocktailId` answer: the cocktail and whether it is now a favorite. */
export const favoriteWriteResultSchema = z.object({ cocktailId: z.number().int(), favorite: z.boolean() });
export type FavoriteWriteResult = z.infer<typeof favoriteWriteResultSchema>;
