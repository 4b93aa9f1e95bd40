import { useEffect } from 'react';

/** Suffix added to page titles. */
export const TITLE_SUFFIX = 'Barback';
/** Title of the home page and fallback title (also in index.html). */
export const DEFAULT_TITLE = 'Barback — cocktail recipes & bar tools';

/**
 * Sets `document.title` to "{title} · Barback" while the calling component is mounted ({@link DEFAULT_TITLE} when
 * `title` is null), and restores the previous title on unmount; undefined leaves the document's title as it is (a
 * page whose title the server wrote).
 */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (title === undefined) return;
    const previous = document.title;
    document.title = title ? `${title} · ${TITLE_SUFFIX}` : DEFAULT_TITLE;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
