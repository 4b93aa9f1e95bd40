import { z } from 'zod';
import { recordIdParamSchema } from './record-id';
import { cocktailSummarySchema } from './cocktail';

import { FAVORITES_PAGE_SIZE } from './favorites-page-size';

export { FAVORITES_PAGE_SIZE };

/** Path parameter of `PUT|DELETE /api/me/favorites/:cocktailId`: a positive whole number. */
export const favoriteParamSchema = z.object({
  cocktailId: recordIdParamSchema('cocktailId'),
});

/** Query string of `GET /api/me/favorites`: the 0-based page (default 0); a page past the end has no items. */
export const favoriteListQuerySchema = z.object({
  page: z.coerce.number().int('page must be a whole number').min(0, 'page must be 0 or more').default(0),
});
export type FavoriteListQuery = z.infer<typeof favoriteListQuerySchema>;

/**
 * `GET /api/me/favorites` answer, newest favorite first (ties by cocktail id): `ids` every favorite's cocktail id,
 * `items` the cards of this page only (`ids.slice(page * pageSize, (page + 1) * pageSize)`, at most `pageSize`, same
 * order), `total` the number of favorites (the length of `ids`).
 */
export const favoriteListSchema = z.object({
  ids: z.array(z.number().int()),
  items: z.array(cocktailSummarySchema),
  page: z.number().int().min(0),
  pageSize: z.number().int().min(1),
  total: z.number().int().min(0),
});
export type FavoriteList = z.infer<typeof favoriteListSchema>;

/** `PUT|DELETE /api/me/favorites/:cocktailId` answer: the cocktail and whether it is now a favorite. */
export const favoriteWriteResultSchema = z.object({ cocktailId: z.number().int(), favorite: z.boolean() });
export type FavoriteWriteResult = z.infer<typeof favoriteWriteResultSchema>;
