import { accountKeys } from '@/client/lib/query-keys';

/** Collections, notes and ratings keys, under the user's account keys (sign-out clears them). */
export const collectionKeys = {
  all: (userId: string) => [...accountKeys.user(userId), 'collections'] as const,
  list: (userId: string) => [...collectionKeys.all(userId), 'list'] as const,
  detail: (userId: string, id: number) => [...collectionKeys.all(userId), 'detail', id] as const,
  ratings: (userId: string) => [...accountKeys.user(userId), 'ratings'] as const,
  note: (userId: string, cocktailId: number) => [...accountKeys.user(userId), 'note', cocktailId] as const,
};
