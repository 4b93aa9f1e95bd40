import { RECIPE_DATA_ID, RECIPE_SHEET_ID } from '@/shared/first-paint';

/**
 * The browser's side of a deep link the server answered with the recipe drawn (`/?recipe=<id>`, issue 12;
 * src/server/catalogue/recipe-page.ts): the detail embedded in the page, and the static sheet the live modal replaces.
 */

/** The embedded detail as read (null: none, or not JSON), read once per page load. */
let embedded: { id: string; data: unknown } | null | undefined;

/**
 * The detail of cocktail `id` the server embedded in the page (`<script type="application/json" id=RECIPE_DATA_ID>`,
 * exactly the body of `GET /api/cocktails/:id`), so the modal starts from it without a request; undefined when the page
 * holds none, or another cocktail's (the visitor has opened a second recipe since), or outside a browser.
 */
export function embeddedRecipe(id: string | number): unknown {
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
  return embedded && embedded.id === String(id) ? embedded.data : undefined;
}

/** Whether the server's recipe sheet (`#`RECIPE_SHEET_ID) is still in the page. */
export function hasServerRecipeSheet(): boolean {
  return typeof document !== 'undefined' && document.getElementById(RECIPE_SHEET_ID) !== null;
}

/** Removes the server's recipe sheet, when there is one (the live modal, or its load-failure view, takes its place). */
export function removeServerRecipeSheet(): void {
  if (typeof document !== 'undefined') document.getElementById(RECIPE_SHEET_ID)?.remove();
}

/** Forgets the detail read by {@link embeddedRecipe} (tests build a new page per case). */
export function resetEmbeddedRecipe(): void {
  embedded = undefined;
}
