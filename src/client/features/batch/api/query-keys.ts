/** The batch calculator's React Query keys (public catalogue reads only: nothing here belongs to a user). */
export const batchKeys = {
  all: ['batch'] as const,
  /** `GET /api/cocktails?q=…&pageSize=8`: the cocktail picker's matches for one text. */
  picker: (q: string) => [...batchKeys.all, 'picker', q] as const,
  /** `GET /api/cocktails/:id`: one recipe to batch. */
  recipe: (id: number) => [...batchKeys.all, 'recipe', id] as const,
};
