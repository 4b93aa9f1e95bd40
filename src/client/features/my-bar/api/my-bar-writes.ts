import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/client/lib/api-client';
import { withBottle, withBought, withShoppingChange, type PickedIngredient } from '@/client/lib/offline/bar-changes';
import { sendWrite, wasKept } from '@/client/lib/offline/write-queue';
import { accountKeys } from '@/client/lib/query-keys';
import {
  barListSchema,
  madeDrinkSchema,
  shoppingBoughtSchema,
  shoppingListSchema,
  swapListSchema,
  type BarList,
  type MadeCreate,
  type MadeDrink,
  type ShoppingListBody,
  type SwapList,
} from '@/shared/schemas/my-bar';
import { myBarKeys } from './query-keys';

/**
 * My Bar's writes and their React Query hooks (same errors as my-bar-api.ts). Adding or removing one bottle, the
 * shopping list's add, remove, clear and 'bought', and 'I made this' are kept on the device when there is no network and
 * sent later (lib/offline/write-queue.ts): the screen shows them at once from what it already holds.
 */

const json = (method: string, body?: unknown): RequestInit & { signal?: AbortSignal } => ({
  method,
  ...(body === undefined ? {} : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
});

/** A change to the bar: add one (with the ingredient as picked, for the screen offline), add many, or remove one. */
export type BarChange =
  | { kind: 'add'; ingredientId: number; ingredient?: PickedIngredient }
  | { kind: 'add-many'; ingredientIds: number[] }
  | { kind: 'remove'; ingredientId: number };

/**
 * Puts a bar answer in the cache and refreshes everything derived from the bar (offline, the service worker's matcher
 * answers those with the waiting change applied: lib/offline/worker-bar.ts).
 */
function takeBar(client: QueryClient, userId: string, bar: BarList): void {
  client.setQueryData(myBarKeys.bar(userId), bar);
  void client.invalidateQueries({ queryKey: myBarKeys.derived(userId) });
}

/**
 * Changes the bar (PUT / POST / DELETE /api/me/bar…) and puts the answer (the whole bar) in the cache; everything derived
 * from the bar is refetched. The previous bar stays on screen until the server answers; offline, one bottle's change
 * shows at once and waits to be sent.
 * @throws ApiError also 404 NOT_FOUND for an unknown ingredient.
 */
export function useChangeBar(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: BarChange): Promise<BarList> => {
      if (change.kind === 'add-many') {
        return apiFetch('/api/me/bar', barListSchema, json('POST', { ingredientIds: change.ingredientIds }));
      }
      const name = change.kind === 'add' ? (change.ingredient?.name ?? 'a bottle') : 'a bottle';
      const current = client.getQueryData<BarList>(myBarKeys.bar(userId));
      const removed = current?.items.find((item) => item.id === change.ingredientId)?.name ?? name;
      return sendWrite(
        {
          userId,
          method: change.kind === 'add' ? 'PUT' : 'DELETE',
          path: `/api/me/bar/${change.ingredientId}`,
          label: change.kind === 'add' ? `Add ${name} to My Bar` : `Remove ${removed} from My Bar`,
        },
        barListSchema,
        () => withBottle(current, change, new Date().toISOString()),
      );
    },
    onSuccess: (bar) => takeBar(client, userId, bar),
  });
}

/** A change to the shopping list: add, remove, clear, or mark bought (which moves it into the bar). */
export type ShoppingChange =
  | { kind: 'add'; ingredientId: number; ingredient?: PickedIngredient }
  | { kind: 'remove'; ingredientId: number }
  | { kind: 'clear' }
  | { kind: 'bought'; ingredientId: number };

/**
 * Changes the shopping list; 'bought' also puts its bar in the cache and refreshes everything derived from it. Offline,
 * each change shows at once and waits to be sent.
 * @throws ApiError also 404 NOT_FOUND for an unknown ingredient; 409 CONFLICT for a full list, or a full bar on 'bought'.
 */
export function useChangeShoppingList(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (change: ShoppingChange): Promise<ShoppingListBody> => {
      const current = client.getQueryData<ShoppingListBody>(myBarKeys.shopping(userId));
      if (change.kind === 'bought') {
        const bar = client.getQueryData<BarList>(myBarKeys.bar(userId));
        const name = current?.items.find((item) => item.ingredient.id === change.ingredientId)?.ingredient.name;
        const answer = await sendWrite(
          {
            userId,
            method: 'POST',
            path: `/api/me/shopping-list/${change.ingredientId}/bought`,
            label: `Move ${name ?? 'an ingredient'} from your shopping list to My Bar`,
          },
          shoppingBoughtSchema,
          () => withBought({ bar, list: current }, change.ingredientId, new Date().toISOString()),
        );
        // Kept with no bar on screen to add it to, the bar is read again (offline, the worker lays the write over it).
        if (wasKept(answer) && !bar) void client.invalidateQueries({ queryKey: myBarKeys.all(userId) });
        else takeBar(client, userId, answer.bar);
        return answer.list;
      }
      const named =
        change.kind === 'add'
          ? change.ingredient?.name
          : change.kind === 'remove'
            ? current?.items.find((item) => item.ingredient.id === change.ingredientId)?.ingredient.name
            : undefined;
      const label =
        change.kind === 'clear'
          ? 'Clear your shopping list'
          : `${change.kind === 'add' ? 'Add' : 'Remove'} ${named ?? 'an ingredient'} ${change.kind === 'add' ? 'to' : 'from'} your shopping list`;
      return sendWrite(
        {
          userId,
          method: change.kind === 'add' ? 'PUT' : 'DELETE',
          path: change.kind === 'clear' ? '/api/me/shopping-list' : `/api/me/shopping-list/${change.ingredientId}`,
          label,
        },
        shoppingListSchema,
        () => withShoppingChange(current, change, new Date().toISOString()),
      );
    },
    onSuccess: (list) => client.setQueryData(myBarKeys.shopping(userId), list),
  });
}

/**
 * Records a made drink ('I made this'); refreshes the made list and the account counts (profile's counter). Offline it
 * is kept with the time it was made and counted once when it is sent.
 * @param name the cocktail's name, for the screen and the messages of a change made offline.
 */
export function useRecordMade(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: MadeCreate & { name?: string }): Promise<MadeDrink> => {
      const { name = 'a cocktail', ...create } = input;
      const body = { ...create, madeAt: create.madeAt ?? new Date().toISOString() };
      return sendWrite(
        { userId, method: 'POST', path: '/api/me/made', body, label: `Record ${name} as made` },
        madeDrinkSchema,
        () => ({ id: 0, cocktail: { id: create.cocktailId, name }, madeAt: body.madeAt, note: create.note ?? null }),
      );
    },
    onSuccess: (made) => {
      if (wasKept(made)) return;
      void client.invalidateQueries({ queryKey: myBarKeys.made(userId) });
      void client.invalidateQueries({ queryKey: accountKeys.me(userId) });
      void client.invalidateQueries({ queryKey: accountKeys.activity(userId) });
    },
  });
}

/** Adds ('I use `toId` for `fromId`') or removes a swap; matching changes, so derived views refresh. */
export function useChangeSwap(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ fromId, toId, remove }: { fromId: number; toId: number; remove?: boolean }): Promise<SwapList> =>
      remove
        ? apiFetch(`/api/me/swaps?fromId=${fromId}&toId=${toId}`, swapListSchema, json('DELETE'))
        : apiFetch('/api/me/swaps', swapListSchema, json('PUT', { fromId, toId })),
    onSuccess: (swaps) => {
      client.setQueryData(myBarKeys.swaps(userId), swaps);
      void client.invalidateQueries({ queryKey: myBarKeys.derived(userId) });
    },
  });
}
