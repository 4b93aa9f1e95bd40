import { createContext, useContext } from 'react';
import { SHARED_DATA_ID } from '@/shared/first-paint';

/**
 * The data a shared page (a shared collection or a shared own recipe) was rendered with on the server
 * (src/server/seo/shared-pages.ts): its query key, written as text ('shared-recipe:<slug>'), and the API's body for
 * it. The server render provides it through {@link ServerPageDataContext}; the browser reads the same from the page's
 * data block (`<script type="application/json" id=SHARED_DATA_ID>`), so the page's first render equals the server's
 * and React hydrates it without a request.
 */
export interface ServerPageData {
  key: string;
  data: unknown;
}

/** The page data the server renders with (src/client/server-render.tsx provides it); null in the browser. */
export const ServerPageDataContext = createContext<ServerPageData | null>(null);

/** The embedded block as read (null: none, or not JSON of that shape), read once per page load. */
let embedded: ServerPageData | null | undefined;

function readEmbedded(): ServerPageData | null {
  if (embedded === undefined) {
    embedded = null;
    const text = typeof document === 'undefined' ? null : document.getElementById(SHARED_DATA_ID)?.textContent;
    if (text) {
      try {
        const block = JSON.parse(text) as Partial<ServerPageData> | null;
        if (typeof block?.key === 'string' && block.data !== undefined) embedded = { key: block.key, data: block.data };
      } catch {
        // A broken block: the page asks the API as it would without one.
      }
    }
  }
  return embedded;
}

/**
 * The body the server rendered this page with for query `key`, as `initialData` for that query: on the server the
 * rendered page's, in the browser the embedded block's; undefined when the page was rendered with another key or none
 * (the query then asks the API).
 */
export function useServerPageData(key: string): unknown {
  const server = useContext(ServerPageDataContext);
  const page = server ?? readEmbedded();
  return page && page.key === key ? page.data : undefined;
}

/** Forgets the embedded block (tests render several pages in one document). */
export function resetServerPageData(): void {
  embedded = undefined;
}
