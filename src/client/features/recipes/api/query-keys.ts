import { accountKeys } from '@/client/lib/query-keys';

/** Own-recipe keys, under the user's account keys (sign-out clears them). */
export const recipeKeys = {
  all: (userId: string) => [...accountKeys.user(userId), 'own-recipes'] as const,
  list: (userId: string) => [...recipeKeys.all(userId), 'list'] as const,
  detail: (userId: string, id: number) => [...recipeKeys.all(userId), 'detail', id] as const,
};
