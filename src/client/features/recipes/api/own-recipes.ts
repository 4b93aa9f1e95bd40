import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/client/lib/api-client';
import { useServerPageData } from '@/client/lib/server-page-data';
import { sharedPageKey } from '@/shared/first-paint';
import { imageUploadInit } from '@/client/lib/image-file';
import { sendWrite, wasKept } from '@/client/lib/offline/write-queue';
import {
  importPreviewSchema,
  importResultSchema,
  ownRecipeListSchema,
  ownRecipeSchema,
  sharedRecipeSchema,
  type ImportReview,
  type OwnRecipe,
  type OwnRecipeList,
  type OwnRecipeWrite,
} from '@/shared/schemas/recipes';
import { recipeKeys } from './query-keys';

/**
 * The user's own recipes (`/api/me/recipes…`) and a shared one (`/api/recipes/shared/:slug`). Calls may throw ApiError:
 * 401 signed out, 403 ENTITLEMENT_REQUIRED (a free account past its limit: the message names the count), 404 NOT_FOUND
 * (not yours, or gone), 400 VALIDATION_FAILED naming the field, 413 PAYLOAD_TOO_LARGE (an import over 5 MB),
 * NETWORK_ERROR offline.
 */

const base = '/api/me/recipes';

const jsonInit = (method: string, body?: unknown): RequestInit & { signal?: AbortSignal } => ({
  method,
  ...(body === undefined ? {} : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
});

/** The user's recipes by name, with how many their plan keeps. */
export function useOwnRecipes(userId: string | null) {
  return useQuery({
    queryKey: recipeKeys.list(userId ?? 'anonymous'),
    queryFn: ({ signal }) => apiFetch(base, ownRecipeListSchema, { signal }),
    enabled: userId !== null,
  });
}

/** The user's recipes whose name, ingredients or tags match `q` (every word the start of one of theirs). */
export function useOwnRecipeSearch(userId: string | null, q: string) {
  const text = q.trim();
  return useQuery({
    queryKey: [...recipeKeys.all(userId ?? 'anonymous'), 'search', text],
    queryFn: ({ signal }) => apiFetch(`${base}?q=${encodeURIComponent(text)}`, ownRecipeListSchema, { signal }),
    enabled: userId !== null && text !== '',
    placeholderData: (previous) => previous,
  });
}

/**
 * A shared recipe, as anyone with its link sees it (404 once its owner turns sharing off); it starts from the recipe
 * the server rendered the page with, when there is one.
 */
export function useSharedRecipe(slug: string) {
  const rendered = sharedRecipeSchema.safeParse(useServerPageData(sharedPageKey('recipe', slug)));
  return useQuery({
    queryKey: ['shared-recipe', slug],
    initialData: rendered.success ? rendered.data : undefined,
    queryFn: ({ signal }) =>
      apiFetch(`/api/recipes/shared/${encodeURIComponent(slug)}`, sharedRecipeSchema, { signal }),
    retry: false,
  });
}

/** Puts `saved` into the cached list (replacing the recipe of the same id, or adding it), kept in name order. */
function putInList(queryClient: QueryClient, userId: string, saved: OwnRecipe) {
  queryClient.setQueryData(recipeKeys.list(userId), (list: OwnRecipeList | undefined) => {
    if (!list) return list;
    const items = list.items.filter((item) => item.id !== saved.id);
    items.push(saved);
    items.sort((a, b) => a.name.localeCompare(b.name));
    return { ...list, items };
  });
}

/** After any change: the list is read again (and whatever else shows own recipes: collections, My Bar). */
function refresh(queryClient: QueryClient, userId: string) {
  void queryClient.invalidateQueries({ queryKey: recipeKeys.all(userId) });
}

/**
 * `current` edited by `body`, made on the device for an edit kept offline: the written fields as they are, each line's
 * ingredient named from the recipe's own lines (or its free text), strength band and ABVs as they were until the server
 * works them out again.
 */
export function editedOffline(current: OwnRecipe, body: OwnRecipeWrite): OwnRecipe {
  const { ingredients, ...fields } = body;
  return {
    ...current,
    ...fields,
    ingredients: ingredients.map((line, position) => {
      const known = current.ingredients.find((kept) => kept.ingredient_id === line.ingredient_id);
      return {
        position,
        ingredient_id: line.ingredient_id ?? -(position + 1),
        ingredient: line.ingredient_name ?? known?.ingredient ?? 'Ingredient',
        amount: line.amount,
        amount_max: line.amount_max,
        unit: line.unit,
        is_optional: line.is_optional,
        note: line.note ?? null,
        abv: known?.abv ?? 0,
        category: known?.category ?? 'Other',
      };
    }),
  };
}

/** A write on the user's recipes. */
export type OwnRecipeChange =
  | { kind: 'save'; id: number | null; body: OwnRecipeWrite }
  | { kind: 'copy'; cocktailId: number }
  | { kind: 'share'; id: number; shared: boolean };

/**
 * Creates or replaces a recipe, copies one ('Make it my own') or turns its share link on or off; answers the recipe. An
 * edit of a recipe in the cached list is kept on the device when offline (lib/offline/write-queue.ts).
 */
export function useOwnRecipeChange(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: OwnRecipeChange) => {
      switch (change.kind) {
        case 'save': {
          const current =
            change.id === null
              ? undefined
              : queryClient.getQueryData<OwnRecipeList>(recipeKeys.list(userId))?.items.find((r) => r.id === change.id);
          if (change.id === null || !current) {
            return apiFetch(
              change.id === null ? base : `${base}/${change.id}`,
              ownRecipeSchema,
              jsonInit(change.id === null ? 'POST' : 'PUT', change.body),
            );
          }
          // An edit of a recipe the device holds is kept when offline and sent later.
          const { body } = change;
          return sendWrite(
            { userId, method: 'PUT', path: `${base}/${change.id}`, body, label: `Your edit of ${current.name}` },
            ownRecipeSchema,
            () => editedOffline(current, body),
          );
        }
        case 'copy':
          return apiFetch(`${base}/copy/${change.cocktailId}`, ownRecipeSchema, jsonInit('POST'));
        case 'share':
          return apiFetch(`${base}/${change.id}/share`, ownRecipeSchema, jsonInit('PUT', { shared: change.shared }));
      }
    },
    onSuccess: (saved) => {
      putInList(queryClient, userId, saved);
      // Kept offline, the screen keeps the edit: a refetch would answer the device's older copy.
      if (!wasKept(saved)) refresh(queryClient, userId);
    },
  });
}

/** Adds or replaces a recipe's photo (check the file with imageFileProblem first), and removes it. */
export function useOwnRecipePhoto(userId: string, id: number) {
  const queryClient = useQueryClient();
  const onSuccess = (saved: OwnRecipe) => {
    putInList(queryClient, userId, saved);
    refresh(queryClient, userId);
  };
  const upload = useMutation({
    mutationFn: (file: File) => apiFetch(`${base}/${id}/photo`, ownRecipeSchema, imageUploadInit(file)),
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: () => apiFetch(`${base}/${id}/photo`, ownRecipeSchema, jsonInit('DELETE')),
    onSuccess,
  });
  return { upload, remove };
}

/** Deletes a recipe; answers the list left. */
export function useDeleteOwnRecipe(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch(`${base}/${id}`, ownRecipeListSchema, jsonInit('DELETE')),
    onSuccess: (list) => {
      queryClient.setQueryData(recipeKeys.list(userId), list);
      refresh(queryClient, userId);
    },
  });
}

/** Reads an upload and answers what it would import, writing nothing. */
export function previewImport(file: Blob) {
  return apiFetch(`${base}/import?preview=1`, importPreviewSchema, { method: 'POST', body: file });
}

/** Imports a reviewed preview (lines corrected, recipes left out): each recipe written whole or refused with its reason. */
export function useImport(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reviewed: ImportReview) =>
      apiFetch(`${base}/import/reviewed`, importResultSchema, jsonInit('POST', reviewed)),
    onSuccess: () => refresh(queryClient, userId),
  });
}
