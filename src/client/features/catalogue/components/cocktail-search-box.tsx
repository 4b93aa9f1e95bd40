import { GlassWaterIcon, LeafIcon, SearchIcon, XIcon } from 'lucide-react';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { Spinner } from '@/client/components/ui/spinner';
import { cn } from '@/client/lib/utils';
import { MAX_QUERY_LENGTH } from '@/shared/domain/vocabulary';
import type { CocktailSuggestion, IngredientSuggestion } from '@/shared/schemas/search';
import { useSuggestions } from '../api/get-suggestions';
import { useDebouncedValue } from '../hooks/use-debounced-value';

/** The floating list, loaded the first time a suggesting field takes focus (not part of the page's first load). */
const loadSuggestionPopup = () => import('./suggestion-popup');
const SuggestionPopup = lazy(loadSuggestionPopup);

/** Quiet time before the suggestions follow the typed text, ms (shorter than the search's own 300 ms). */
export const SUGGESTION_DEBOUNCE_MS = 120;

/** What picking a suggestion does (each page decides: open the recipe, filter by the ingredient). */
export interface SuggestionHandlers {
  onPickCocktail: (cocktail: CocktailSuggestion) => void;
  onPickIngredient: (ingredient: IngredientSuggestion) => void;
}

type Suggestion = { kind: 'cocktail'; item: CocktailSuggestion } | { kind: 'ingredient'; item: IngredientSuggestion };

/**
 * The catalogue's search field: a search landmark with the label 'Search cocktails' (visually hidden), a magnifier, a
 * spinner while results load and a clear button once there is text. Enter searches at once (`onSubmit`).
 *
 * With `suggestions` it is a combobox after the WAI-ARIA pattern: as you type, a listbox offers cocktails
 * and ingredients (GET /api/search/suggestions; an ingredient the text names before the cocktails, as the answer's
 * `leadingIngredients` says); Arrow Down / Up move through them (the field keeps focus,
 * aria-activedescendant names the active option), Enter picks the active one or, with none active, searches the text,
 * Escape closes the list (and clears the text when it is already closed), Tab and a click elsewhere close it.
 */
export function CocktailSearchBox({
  value,
  onChange,
  onSubmit,
  onClear,
  busy = false,
  placeholder = 'Name, spirit or ingredient',
  className,
  size = 'lg',
  suggestions,
}: {
  value: string;
  onChange: (value: string) => void;
  onSubmit?: () => void;
  onClear: () => void;
  /** True while the results of the current text are loading. */
  busy?: boolean;
  placeholder?: string;
  className?: string;
  /** lg: 56 px hero field; default: 44 px. */
  size?: 'default' | 'lg';
  /** Offer suggestions as you type, and what picking one does. */
  suggestions?: SuggestionHandlers;
}) {
  const id = useId();
  const listId = `${id}-suggestions`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const anchor = useRef<HTMLDivElement>(null);
  const settled = useDebouncedValue(value, SUGGESTION_DEBOUNCE_MS);
  const query = useSuggestions(settled, suggestions !== undefined && open);
  const data = value.trim() !== '' ? query.data : undefined;
  // The ingredients the text names come first (the answer says how many), then the cocktails, then other ingredients.
  const lead = data?.leadingIngredients ?? 0;
  const options: Suggestion[] = data
    ? [
        ...data.ingredients.slice(0, lead).map((item) => ({ kind: 'ingredient' as const, item })),
        ...data.cocktails.map((item) => ({ kind: 'cocktail' as const, item })),
        ...data.ingredients.slice(lead).map((item) => ({ kind: 'ingredient' as const, item })),
      ]
    : [];
  const expanded = suggestions !== undefined && open && value.trim() !== '' && options.length > 0;
  const activeIndex = expanded && active < options.length ? active : -1;
  const optionId = (index: number) => `${id}-suggestion-${index}`;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const pick = (option: Suggestion) => {
    close();
    if (option.kind === 'cocktail') suggestions?.onPickCocktail(option.item);
    else suggestions?.onPickIngredient(option.item);
  };
  const renderOption = (option: Suggestion, index: number) => (
    <li
      key={`${option.kind}-${option.item.id}`}
      id={optionId(index)}
      role="option"
      aria-selected={index === activeIndex}
      className={cn(
        'flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2.5 text-sm',
        index === activeIndex ? 'bg-accent-soft text-foreground' : 'text-foreground',
      )}
      onMouseDown={(event) => {
        event.preventDefault();
        pick(option);
      }}
      onMouseMove={() => setActive(index)}
    >
      {option.kind === 'cocktail' ? (
        <GlassWaterIcon aria-hidden="true" className="size-4 shrink-0 text-accent" />
      ) : (
        <LeafIcon aria-hidden="true" className="size-4 shrink-0 text-muted" />
      )}
      <span className="min-w-0 flex-1 truncate font-medium">{option.item.name}</span>
      <span className="shrink-0 text-xs text-muted">
        {option.kind === 'cocktail' ? `${option.item.base_spirit} cocktail` : 'Ingredient'}
      </span>
    </li>
  );

  return (
    <form
      role="search"
      className={cn('relative w-full', className)}
      onSubmit={(event) => {
        event.preventDefault();
        close();
        onSubmit?.();
      }}
    >
      <Label htmlFor={id} className="sr-only">
        Search cocktails
      </Label>
      <div className="relative" ref={anchor}>
        <SearchIcon
          aria-hidden="true"
          className={cn(
            'pointer-events-none absolute top-1/2 left-4 -translate-y-1/2 text-muted',
            size === 'lg' ? 'size-5' : 'size-4',
          )}
        />
        <Input
          id={id}
          type="search"
          inputMode="search"
          enterKeyHint="search"
          autoComplete="off"
          spellCheck={false}
          maxLength={MAX_QUERY_LENGTH}
          value={value}
          placeholder={placeholder}
          {...(suggestions
            ? {
                role: 'combobox',
                'aria-expanded': expanded,
                'aria-controls': expanded ? listId : undefined,
                'aria-autocomplete': 'list' as const,
                'aria-activedescendant': activeIndex >= 0 ? optionId(activeIndex) : undefined,
              }
            : {})}
          onChange={(event) => {
            onChange(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => {
            setOpen(true);
            if (suggestions) void loadSuggestionPopup();
          }}
          onBlur={close}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown' && suggestions) {
              event.preventDefault();
              setOpen(true);
              if (options.length > 0) setActive((activeIndex + 1) % options.length);
            } else if (event.key === 'ArrowUp' && expanded) {
              event.preventDefault();
              setActive(activeIndex <= 0 ? options.length - 1 : activeIndex - 1);
            } else if (event.key === 'Enter' && activeIndex >= 0 && options[activeIndex]) {
              event.preventDefault();
              pick(options[activeIndex]);
            } else if (event.key === 'Escape') {
              if (expanded) {
                event.preventDefault();
                close();
              } else if (value) {
                event.preventDefault();
                onClear();
              }
            }
          }}
          className={cn(
            'rounded-xl [&::-webkit-search-cancel-button]:hidden',
            value || busy ? 'pr-20' : 'pr-4',
            size === 'lg' ? 'h-14 pl-12 text-base md:text-base' : 'h-11 pl-10',
          )}
        />
        <div className="absolute top-1/2 right-2 flex -translate-y-1/2 items-center gap-1">
          {busy ? <Spinner label="Searching" className="size-4" /> : null}
          {value ? (
            <button
              type="button"
              onClick={onClear}
              aria-label="Clear text"
              className="inline-flex size-9 items-center justify-center rounded-full text-muted transition-colors hover:bg-surface-3 hover:text-foreground"
            >
              <XIcon aria-hidden="true" className="size-4" />
            </button>
          ) : null}
        </div>
      </div>
      {expanded ? (
        <Suspense fallback={null}>
          <SuggestionPopup anchor={anchor}>
            <ul
              id={listId}
              role="listbox"
              aria-label="Suggestions"
              className="flex max-h-96 flex-col gap-0.5 overflow-y-auto rounded-xl border border-border-strong bg-surface p-1.5 text-left shadow-card"
            >
              {options.map(renderOption)}
            </ul>
          </SuggestionPopup>
        </Suspense>
      ) : null}
      {suggestions ? (
        <p className="sr-only" role="status" aria-live="polite">
          {expanded ? `${options.length} ${options.length === 1 ? 'suggestion' : 'suggestions'}` : ''}
        </p>
      ) : null}
    </form>
  );
}
