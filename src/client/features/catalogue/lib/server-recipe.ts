import { createContext, useContext, useState } from 'react';
import { APP_ROOT_ID, RECIPE_DATA_ID } from '@/shared/first-paint';

/**
 * A cocktail's page the server answered with the recipe drawn (`/cocktails/<slug>`; src/server/catalogue/recipe-page.ts):
 * the server renders the home page with the recipe modal open in it (src/client/server-render.tsx provides the detail
 * through {@link ServerRecipeContext}), and embeds the detail as a JSON data block; the browser hydrates that page, the
 * modal included, starting from the embedded detail ({@link embeddedRecipe}).
 */

/** A cocktail's detail drawn by the server: its id as written in `?recipe=`, and the body of `GET /api/cocktails/:id`. */
export interface ServerRecipe {
  id: string;
  data: unknown;
}

/**
 * The recipe the server renders with (src/client/server-render.tsx provides it): its first render draws the modal with
 * the recipe instead of nothing, and the browser's hydration draws the same from the page's data block.
 */
export const ServerRecipeContext = createContext<ServerRecipe | null>(null);

/** The embedded detail as read (null: none, or not JSON), read once per page load. */
let embedded: ServerRecipe | null | undefined;

/** The page's data block, parsed once (null when it has none, or it is not JSON with an id). */
function readEmbedded(): ServerRecipe | null {
  if (embedded === undefined) {
    embedded = null;
    const text = typeof document === 'undefined' ? null : document.getElementById(RECIPE_DATA_ID)?.textContent;
    if (text) {
      try {
        const data: unknown = JSON.parse(text);
        const dataId = (data as { id?: unknown } | null)?.id;
        if (typeof dataId === 'number' || typeof dataId === 'string') embedded = { id: String(dataId), data };
      } catch {
        // A broken block: the modal asks the API as on any other page.
      }
    }
  }
  return embedded;
}

/**
 * The detail of cocktail `id` the server embedded in the page (`<script type="application/json" id=RECIPE_DATA_ID>`,
 * exactly the body of `GET /api/cocktails/:id`), so the modal starts from it without a request; undefined when the page
 * holds none, or another cocktail's (the visitor has opened a second recipe since), or outside a browser.
 */
export function embeddedRecipe(id: string | number): unknown {
  const recipe = readEmbedded();
  return recipe && recipe.id === String(id) ? recipe.data : undefined;
}

/** Whether the page holds a recipe the server drew (its data block): boot loads the modal's code before hydrating. */
export function hasEmbeddedRecipe(): boolean {
  return readEmbedded() !== null;
}

/**
 * The detail of cocktail `id` as the server drew it into this page: on the server, the one it renders with; in the
 * browser, the embedded one. Undefined for any other cocktail.
 */
export function useServerDrawnRecipe(id: string | null): unknown {
  const server = useContext(ServerRecipeContext);
  if (id === null) return undefined;
  if (server) return server.id === id ? server.data : undefined;
  return embeddedRecipe(id);
}

/** The slug of a detail body, when it has one. */
function slugOf(data: unknown): unknown {
  return (data as { slug?: unknown } | null | undefined)?.slug;
}

/**
 * The id (as a string) of the cocktail the server drew for the cocktail page `/cocktails/<slug>`: on the server, the one
 * it renders with; in the browser, the embedded one. Null when `slug` is null or the page holds another cocktail (or
 * none: the page then asks the API for the slug's cocktail).
 */
export function useServerDrawnRecipeId(slug: string | null): string | null {
  const server = useContext(ServerRecipeContext);
  if (slug === null) return null;
  const recipe = server ?? readEmbedded();
  return recipe && slugOf(recipe.data) === slug ? recipe.id : null;
}

/**
 * Whether the page holds the recipe modal the server drew, open on cocktail `id`: on the server, when it renders with
 * that recipe; in the browser, when the page embeds its detail and `#root` still holds the drawn dialog (before the
 * app's first commit, or while hydrating). A modal mounted later (the drawn one closed, or another page) is not.
 * Read once, when the calling component mounts: the answer stays the same for its life.
 */
export function useIsServerDrawnModal(id: string | null): boolean {
  const server = useContext(ServerRecipeContext);
  const [drawn] = useState(() => {
    if (id === null) return false;
    if (server) return server.id === id;
    if (typeof document === 'undefined' || embeddedRecipe(id) === undefined) return false;
    return document.getElementById(APP_ROOT_ID)?.querySelector('[data-slot="dialog-content"]') != null;
  });
  return drawn;
}

/**
 * Whether `data` is the detail the server drew into this page (the very object: on the server the one it renders with,
 * in the browser the embedded one, which the query keeps as long as the API answers the same). The server drew it only
 * after it passed the modal's shape check and the full detail's (src/client/server-render.tsx), so the modal draws it
 * without loading the catalogue's contract again.
 */
export function useIsServerCheckedRecipe(data: unknown): boolean {
  const server = useContext(ServerRecipeContext);
  if (data === undefined || data === null) return false;
  if (server) return server.data === data;
  return readEmbedded()?.data === data;
}

/** Forgets the detail read by {@link embeddedRecipe} (tests build a new page per case). */
export function resetEmbeddedRecipe(): void {
  embedded = undefined;
}
