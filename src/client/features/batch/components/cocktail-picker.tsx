import { useDeferredValue, useState } from 'react';
import { Combobox, matchCount } from '@/client/components/combobox';
import type { CocktailSummary } from '@/shared/schemas/cocktail';
import { useSession } from '@/client/lib/session';
import { useCocktailMatches } from '../api/get-recipe';

/** Lower case without accents. */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

/**
 * The matches with the names the user is typing first: the exact name, then names starting with the text, then names with
 * a word starting with it, then the rest in the API's order ('Negroni' before 'Kingston Negroni').
 */
export function rankByName<T extends { name: string }>(items: readonly T[], text: string): T[] {
  const typed = fold(text);
  const rank = (name: string) => {
    const folded = fold(name);
    if (folded === typed) return 0;
    if (folded.startsWith(typed)) return 1;
    return folded.split(/[^a-z0-9]+/).some((word) => word.startsWith(typed)) ? 2 : 3;
  };
  return items
    .map((item, index) => ({ item, index, rank: rank(item.name) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ item }) => item);
}

/** Props of {@link CocktailPicker}. */
export interface CocktailPickerProps {
  label: string;
  placeholder?: string;
  onPick: (cocktail: CocktailSummary) => void;
  /** Ids that cannot be picked again (already in a party plan). */
  exclude?: readonly number[];
  disabled?: boolean;
}

/**
 * Picks a cocktail from the whole catalogue: a {@link Combobox} that searches as the user types, names matching the text
 * first. Arrow keys move through the matches, Enter picks, Escape closes; the matches are announced.
 */
export function CocktailPicker({ label, placeholder, onPick, exclude = [], disabled = false }: CocktailPickerProps) {
  const [text, setText] = useState('');
  const query = useDeferredValue(text);
  const session = useSession();
  const matches = useCocktailMatches(query, session.status === 'signed-in' ? (session.user?.id ?? null) : null);
  const found = rankByName(
    (text.trim() ? (matches.data ?? []) : []).filter((c) => !exclude.includes(c.id)),
    text,
  );
  let emptyText = `No cocktails match “${text.trim()}”`;
  if (matches.isError) emptyText = 'Search failed. Check your connection and type again.';
  else if (matches.isFetching) emptyText = 'Searching…';
  return (
    <Combobox
      label={label}
      placeholder={placeholder}
      text={text}
      onText={setText}
      disabled={disabled}
      busy={matches.isFetching}
      onPick={onPick}
      emptyText={emptyText}
      statusText={matchCount(found.length)}
      options={found.map((cocktail) => ({
        key: cocktail.id,
        label: `${cocktail.name} (${cocktail.base_spirit}, ${cocktail.technique})`,
        value: cocktail,
        content: (
          <>
            <span className="font-medium">{cocktail.name}</span>
            <span className="shrink-0 text-xs text-muted">
              {cocktail.base_spirit} · {cocktail.technique}
            </span>
          </>
        ),
      }))}
    />
  );
}
