import { SearchIcon } from 'lucide-react';
import { useDeferredValue, useId, useState } from 'react';
import { Spinner } from '@/client/components/ui/spinner';
import { cn } from '@/client/lib/utils';
import type { CocktailSummary } from '@/shared/schemas/cocktail';
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
 * Picks a cocktail from the whole catalogue: a combobox (WAI-ARIA combobox pattern with a listbox popup) that searches as
 * the user types. Arrow keys move through the matches, Enter picks, Escape closes; the matches are announced.
 */
export function CocktailPicker({ label, placeholder, onPick, exclude = [], disabled = false }: CocktailPickerProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const query = useDeferredValue(text);
  const matches = useCocktailMatches(query);
  const options = rankByName(
    (text.trim() ? (matches.data ?? []) : []).filter((c) => !exclude.includes(c.id)),
    text,
  );
  const expanded = open && text.trim() !== '';
  const activeIndex = Math.min(active, Math.max(options.length - 1, 0));

  function pick(cocktail: CocktailSummary) {
    onPick(cocktail);
    setText('');
    setOpen(false);
    setActive(0);
  }

  let status = '';
  if (expanded) {
    if (matches.isError) status = 'Search failed. Check your connection and type again.';
    else if (matches.isFetching && options.length === 0) status = 'Searching…';
    else if (options.length === 0) status = `No cocktails match “${text.trim()}”`;
    else status = `${options.length} ${options.length === 1 ? 'match' : 'matches'}`;
  }

  return (
    <div className="relative">
      <label htmlFor={`${id}-input`} className="mb-1.5 block text-sm font-medium">
        {label}
      </label>
      <div className="relative">
        <SearchIcon
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted"
          aria-hidden="true"
        />
        <input
          id={`${id}-input`}
          role="combobox"
          aria-expanded={expanded}
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
          aria-activedescendant={expanded && options.length > 0 ? `${id}-option-${activeIndex}` : undefined}
          autoComplete="off"
          disabled={disabled}
          placeholder={placeholder}
          value={text}
          className="flex h-11 w-full rounded-lg border border-border-strong bg-surface-2 py-2 pr-9 pl-9 text-base text-foreground outline-none placeholder:text-subtle focus-visible:border-accent focus-visible:outline-2 focus-visible:outline-ring/70 disabled:opacity-50 md:text-sm"
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            setActive(0);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown') {
              event.preventDefault();
              setOpen(true);
              setActive((i) => (options.length ? (Math.min(i, options.length - 1) + 1) % options.length : 0));
            } else if (event.key === 'ArrowUp') {
              event.preventDefault();
              setActive((i) =>
                options.length ? (Math.min(i, options.length - 1) - 1 + options.length) % options.length : 0,
              );
            } else if (event.key === 'Enter' && expanded && options[activeIndex]) {
              event.preventDefault();
              pick(options[activeIndex]);
            } else if (event.key === 'Escape') {
              if (expanded) event.preventDefault();
              setOpen(false);
            }
          }}
        />
        {matches.isFetching && expanded ? (
          <Spinner className="absolute top-1/2 right-3 size-4 -translate-y-1/2" label="Searching" />
        ) : null}
      </div>
      <ul
        id={`${id}-list`}
        role="listbox"
        aria-label={`${label}: matches`}
        className={cn(
          'absolute z-30 mt-1 max-h-72 w-full overflow-y-auto rounded-lg border border-border-strong bg-surface py-1 shadow-card',
          (!expanded || options.length === 0) && 'hidden',
        )}
      >
        {options.map((cocktail, index) => (
          <li
            key={cocktail.id}
            id={`${id}-option-${index}`}
            role="option"
            aria-selected={index === activeIndex}
            aria-label={`${cocktail.name} (${cocktail.base_spirit}, ${cocktail.technique})`}
            className={cn(
              'flex cursor-pointer items-baseline justify-between gap-3 px-3 py-2 text-sm',
              index === activeIndex ? 'bg-accent-soft text-foreground' : 'text-foreground',
            )}
            // mousedown, not click: the input's blur would close the list before a click lands.
            onMouseDown={(event) => {
              event.preventDefault();
              pick(cocktail);
            }}
            onMouseMove={() => setActive(index)}
          >
            <span className="font-medium">{cocktail.name}</span>
            <span className="shrink-0 text-xs text-muted">
              {cocktail.base_spirit} · {cocktail.technique}
            </span>
          </li>
        ))}
      </ul>
      <p className="sr-only" role="status" aria-live="polite">
        {status}
      </p>
      {expanded && options.length === 0 && status ? (
        <p className="absolute z-30 mt-1 w-full rounded-lg border border-border bg-surface px-3 py-2 text-sm text-muted shadow-card">
          {status}
        </p>
      ) : null}
    </div>
  );
}
