import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '@/client/lib/api-client';
import { imageUploadInit } from '@/client/lib/image-file';
import {
  signatureListSchema,
  signatureSchema,
  type Signature,
  type SignatureList,
  type SignatureWrite,
} from '@/shared/schemas/venues';
import { publicMenuKey, venueKeys } from './query-keys';

/**
 * A venue's signature cocktails (`/api/venues/:slug/signatures…`): its own recipes, with photos. Any member reads them;
 * the owner and managers write them. Calls may throw ApiError: 400 VALIDATION_FAILED naming the field or IMAGE_INVALID
 * (a message for people), 403 FORBIDDEN (staff writing), 404 NOT_FOUND (a recipe of another venue), 409 CONFLICT (a
 * name taken, or too many recipes), 413 PAYLOAD_TOO_LARGE, NETWORK_ERROR offline.
 */

const signaturesPath = (slug: string) => `/api/venues/${encodeURIComponent(slug)}/signatures`;
const signaturePath = (slug: string, cocktailId: number) => `${signaturesPath(slug)}/${cocktailId}`;

/** A 204 answer: no body. */
const noContent = z.undefined();

/** The venue's signature cocktails, by name. */
export function signaturesQueryOptions(userId: string, slug: string) {
  return queryOptions({
    queryKey: venueKeys.signatures(userId, slug),
    queryFn: ({ signal }) => apiFetch(signaturesPath(slug), signatureListSchema, { signal }),
  });
}

/** The venue's signature cocktails (any member). */
export function useSignatures(userId: string, slug: string) {
  return useQuery(signaturesQueryOptions(userId, slug));
}

/** Puts `saved` into the cached list (replacing the recipe of the same id, or adding it), kept in name order. */
function putInList(queryClient: QueryClient, userId: string, slug: string, saved: Signature) {
  queryClient.setQueryData(signaturesQueryOptions(userId, slug).queryKey, (list: SignatureList | undefined) => {
    if (!list) return list;
    const items = list.items.filter((item) => item.id !== saved.id);
    items.push(saved);
    items.sort((a, b) => a.name.localeCompare(b.name));
    return { items };
  });
}

/** After a recipe changed: the team menu (names, availability) and the guests' menu are read again. */
function refreshMenus(queryClient: QueryClient, userId: string, slug: string) {
  void queryClient.invalidateQueries({ queryKey: venueKeys.menu(userId, slug) });
  void queryClient.invalidateQueries({ queryKey: publicMenuKey(slug) });
}

/** What {@link useSaveSignature} sends: a new recipe (`cocktailId` null) or the whole of an existing one. */
export interface SaveSignature {
  cocktailId: number | null;
  body: SignatureWrite;
}

/** Creates (POST) or replaces (PUT) a signature recipe (owner, manager); the list and the menus follow. */
export function useSaveSignature(userId: string, slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ cocktailId, body }: SaveSignature) =>
      apiFetch(cocktailId === null ? signaturesPath(slug) : signaturePath(slug, cocktailId), signatureSchema, {
        method: cocktailId === null ? 'POST' : 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      }),
    onSuccess: (saved) => {
      putInList(queryClient, userId, slug, saved);
      void queryClient.invalidateQueries({ queryKey: signaturesQueryOptions(userId, slug).queryKey });
      refreshMenus(queryClient, userId, slug);
    },
  });
}

/** Deletes a signature recipe (owner, manager): it leaves the menu too. */
export function useDeleteSignature(userId: string, slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cocktailId: number) => apiFetch(signaturePath(slug, cocktailId), noContent, { method: 'DELETE' }),
    onSuccess: (_nothing, cocktailId) => {
      queryClient.setQueryData(signaturesQueryOptions(userId, slug).queryKey, (list: SignatureList | undefined) =>
        list ? { items: list.items.filter((item) => item.id !== cocktailId) } : list,
      );
      void queryClient.invalidateQueries({ queryKey: signaturesQueryOptions(userId, slug).queryKey });
      refreshMenus(queryClient, userId, slug);
    },
  });
}

/** Uploads (or replaces) a signature's photo (owner, manager). Check the file with imageFileProblem first. */
export function useUploadSignaturePhoto(userId: string, slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ cocktailId, file }: { cocktailId: number; file: File }) =>
      apiFetch(`${signaturePath(slug, cocktailId)}/photo`, signatureSchema, imageUploadInit(file)),
    onSuccess: (saved) => {
      putInList(queryClient, userId, slug, saved);
      void queryClient.invalidateQueries({ queryKey: publicMenuKey(slug) });
    },
  });
}

/** Removes a signature's photo (owner, manager). */
export function useRemoveSignaturePhoto(userId: string, slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cocktailId: number) =>
      apiFetch(`${signaturePath(slug, cocktailId)}/photo`, signatureSchema, { method: 'DELETE' }),
    onSuccess: (saved) => {
      putInList(queryClient, userId, slug, saved);
      void queryClient.invalidateQueries({ queryKey: publicMenuKey(slug) });
    },
  });
}
