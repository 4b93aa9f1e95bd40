import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { MAX_QUERY_LENGTH } from '@/shared/domain/vocabulary';
import { useDebouncedValue } from '../../hooks/use-debounced-value';

/** Search debounce, ms (docs/product.md, Constants and limits: 300 ms default). */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * Search text kept in the URL (`?q=`): the box shows what is typed at once, the URL (and so the query) follows once the text
 * has been still for 300 ms. Back/forward and links that change `q` update the box. URL writes replace the history entry
 * and keep every other parameter.
 *
 * @returns `text` (the box's value), `setText`, `query` (the text in the URL: what to search for), `commit()` (write the
 *   typed text now, e.g. on Enter), `clear()` (empty both at once) and `replace(text)` (put a new text in both at once,
 *   e.g. a 'did you mean' correction).
 */
export function useUrlSearchText(delayMs = SEARCH_DEBOUNCE_MS) {
  const [params, setParams] = useSearchParams();
  const query = (params.get('q') ?? '').slice(0, MAX_QUERY_LENGTH);
  const [text, setTextState] = useState(query);
  const settled = useDebouncedValue(text, delayMs);
  const written = useRef(query);

  const write = useCallback(
    (value: string) => {
      written.current = value;
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (value.trim()) next.set('q', value);
          else next.delete('q');
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [setParams],
  );

  // The URL changed from outside (back/forward, a link): show it in the box.
  useEffect(() => {
    if (query !== written.current) {
      written.current = query;
      setTextState(query);
    }
  }, [query]);

  // The typed text settled: put it in the URL.
  useEffect(() => {
    if (settled !== written.current) write(settled);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a newly settled text is written
  }, [settled]);

  const setText = useCallback((value: string) => setTextState(value.slice(0, MAX_QUERY_LENGTH)), []);
  const commit = useCallback(() => {
    if (text !== written.current) write(text);
  }, [text, write]);
  const clear = useCallback(() => {
    setTextState('');
    write('');
  }, [write]);
  const replace = useCallback(
    (value: string) => {
      const cut = value.slice(0, MAX_QUERY_LENGTH);
      setTextState(cut);
      write(cut);
    },
    [write],
  );

  return { text, setText, query, commit, clear, replace };
}
