import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/client/lib/api-client';
import { useServerPageData } from '@/client/lib/server-page-data';
import { sharedPageKey } from '@/shared/first-paint';
import {
  collectionDetailSchema,
  collectionListSchema,
  sharedCollectionSchema,
  type CollectionCreate,
  type CollectionDetail,
  type CollectionUpdate,
} from '@/shared/schemas/collections';
import { collectionKeys } from './query-keys';

/**
 * Collections (`/api/me/collections…`) and a shared collection (`/api/collections/shared/:slug`). Reads and deletes work
 * for any signed-in user; writes need pro or enterprise. Calls may throw ApiError: 401 signed out, 403
 * ENTITLEMENT_REQUIRED, 404 NOT_FOUND (not yours, or gone), 400 VALIDATION_FAILED (limits), NETWORK_ERROR offline.
 */

const jsonInit = (method: string, body?: unknown): RequestInit & { signal?: AbortSignal } => ({
  method,
  ...(body === undefined ? {} : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
});

/** The user's collections, most recently changed first; with `cocktailId`, each says whether it holds that cocktail. */
export function useCollections(userId: string | null, cocktailId?: number) {
  const query = cocktailId === undefined ? '' : `?cocktailId=${cocktailId}`;
  return useQuery({
    queryKey: [...collectionKeys.list(userId ?? 'anonymous'), cocktailId ?? null],
    queryFn: ({ signal }) => apiFetch(`/api/me/collections${query}`, collectionListSchema, { signal }),
    enabled: userId !== null,
  });
}

/** One collection with its cocktails in order. */
export function useCollection(userId: string | null, id: number) {
  return useQuery({
    queryKey: collectionKeys.detail(userId ?? 'anonymous', id),
    queryFn: ({ signal }) => apiFetch(`/api/me/collections/${id}`, collectionDetailSchema, { signal }),
    enabled: userId !== null,
  });
}

/**
 * A shared collection, as anyone sees it (404 once its owner turns sharing off); it starts from the collection the
 * server rendered the page with, when there is one.
 */
export function useSharedCollection(slug: string) {
  const rendered = sharedCollectionSchema.safeParse(useServerPageData(sharedPageKey('collection', slug)));
  return useQuery({
    queryKey: ['shared-collection', slug],
    initialData: rendered.success ? rendered.data : undefined,
    queryFn: ({ signal }) =>
      apiFetch(`/api/collections/shared/${encodeURIComponent(slug)}`, sharedCollectionSchema, { signal }),
    retry: false,
  });
}

/** A write on collections. */
export type CollectionChange =
  | { kind: 'create'; body: CollectionCreate }
  | { kind: 'update'; id: number; body: CollectionUpdate }
  | { kind: 'delete'; id: number }
  | { kind: 'add'; id: number; cocktailId: number }
  | { kind: 'remove'; id: number; cocktailId: number }
  | { kind: 'order'; id: number; cocktailIds: number[] };

/** Runs one collection write; the answered collection goes into the cache and the list refreshes. */
export function useChangeCollection(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (change: CollectionChange): Promise<CollectionDetail | null> => {
      const base = '/api/me/collections';
      switch (change.kind) {
        case 'create':
          return apiFetch(base, collectionDetailSchema, jsonInit('POST', change.body));
        case 'update':
          return apiFetch(`${base}/${change.id}`, collectionDetailSchema, jsonInit('PATCH', change.body));
        case 'delete':
          await apiFetch<unknown>(`${base}/${change.id}`, null, jsonInit('DELETE'));
          return null;
        case 'add':
          return apiFetch(`${base}/${change.id}/items/${change.cocktailId}`, collectionDetailSchema, jsonInit('PUT'));
        case 'remove':
          return apiFetch(
            `${base}/${change.id}/items/${change.cocktailId}`,
            collectionDetailSchema,
            jsonInit('DELETE'),
          );
        case 'order':
          return apiFetch(
            `${base}/${change.id}/order`,
            collectionDetailSchema,
            jsonInit('PUT', { cocktailIds: change.cocktailIds }),
          );
      }
    },
    onSuccess: (detail) => {
      if (detail) client.setQueryData(collectionKeys.detail(userId, detail.id), detail);
      void client.invalidateQueries({ queryKey: collectionKeys.list(userId) });
    },
  });
}
