import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/client/lib/api-client';
import type { SuggestionList } from '@/shared/schemas/search';
import { cocktailKeys } from '../../api/query-keys';

/**
 * `GET /api/search/suggestions?q=`: what the search box suggests as you type: the first cocktails of the same
 * search and the ingredients the text names, with the API's correction.
 * @throws ApiError (400 for a text over 200 characters, NETWORK_ERROR offline).
 */
export function getSuggestions(q: string, signal?: AbortSignal): Promise<SuggestionList> {
  return apiFetch<SuggestionList>(`/api/search/suggestions?q=${encodeURIComponent(q)}`, null, { signal });
}

/**
 * Suggestions for `text` (trimmed); no request while it is empty or `enabled` is false. The previous suggestions stay
 * while the next load, so the list does not flicker between keystrokes.
 */
export function useSuggestions(text: string, enabled: boolean) {
  const q = text.trim();
  return useQuery({
    queryKey: cocktailKeys.suggestions(q),
    queryFn: ({ signal }) => getSuggestions(q, signal),
    enabled: enabled && q !== '',
    placeholderData: keepPreviousData,
    staleTime: 5 * 60 * 1000,
  });
}
