import { GlassWaterIcon, LeafIcon, SearchIcon, XIcon } from 'lucide-react';
import {
  lazy,
  Suspense,
  useId,
  useRef,
  useState,
  type ComponentProps,
  type FormEvent,
  type ReactNode,
  type Ref,
} from 'react';
import { useListCombobox } from '@/client/components/use-list-combobox';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { Spinner } from '@/client/components/ui/spinner';
import { cn } from '@/client/lib/utils';
import { MAX_QUERY_LENGTH } from '@/shared/domain/vocabulary';
import type { CocktailSuggestion, IngredientSuggestion, SuggestionList } from '@/shared/schemas/search';
import { useDebouncedValue } from '../../hooks/use-debounced-value';
import { useSuggestions } from '../api/get-suggestions';

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

/** Props of {@link CocktailSearchBox}. */
export interface CocktailSearchBoxProps {
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
}

/**
 * The catalogue's search field: a search landmark with the label 'Search cocktails' (visually hidden), a magnifier, a
 * spinner while results load and a clear button once there is text. Enter searches at once (`onSubmit`); Escape clears.
 *
 * With `suggestions` it is a combobox ({@link useListCombobox}): as you type, a listbox offers cocktails and ingredients
 * (GET /api/search/suggestions; an ingredient the text names before the cocktails, as the answer's `leadingIngredients`
 * says); Arrow Down / Up move through them while the field keeps focus, Enter picks the active one or, with none active,
 * searches the text, Escape closes the list (and clears the text when it is already closed), Tab and a click elsewhere
 * close it.
 */
export function CocktailSearchBox(props: CocktailSearchBoxProps) {
  return props.suggestions ? (
    <SuggestingSearchBox {...props} suggestions={props.suggestions} />
  ) : (
    <PlainSearchBox {...props} />
  );
}

/** The field without suggestions: Escape clears the text. */
function PlainSearchBox({ value, onChange, onClear, onSubmit, ...frame }: CocktailSearchBoxProps) {
  return (
    <SearchFrame
      {...frame}
      value={value}
      onClear={onClear}
      onSubmit={onSubmit}
      inputProps={{
        value,
        onChange: (event) => onChange(event.target.value),
        onKeyDown: (event) => {
          if (event.key === 'Escape' && value) {
            event.preventDefault();
            onClear();
          }
        },
      }}
    />
  );
}

/** The ingredients the text names first (the answer says how many), then the cocktails, then the other ingredients. */
function suggestionOrder(data: SuggestionList | undefined): Suggestion[] {
  if (!data) return [];
  const lead = data.leadingIngredients;
  return [
    ...data.ingredients.slice(0, lead).map((item) => ({ kind: 'ingredient' as const, item })),
    ...data.cocktails.map((item) => ({ kind: 'cocktail' as const, item })),
    ...data.ingredients.slice(lead).map((item) => ({ kind: 'ingredient' as const, item })),
  ];
}

function SuggestingSearchBox({
  value,
  onChange,
  onClear,
  onSubmit,
  suggestions,
  ...frame
}: CocktailSearchBoxProps & { suggestions: SuggestionHandlers }) {
  const anchor = useRef<HTMLDivElement>(null);
  const settled = useDebouncedValue(value, SUGGESTION_DEBOUNCE_MS);
  // Suggestions are asked for only while the list is wanted (focus or typing): a page opened with text asks nothing.
  const [wanted, setWanted] = useState(false);
  const query = useSuggestions(settled, wanted);
  const options = suggestionOrder(value.trim() !== '' ? query.data : undefined);
  const combobox = useListCombobox<Suggestion>({
    items: options,
    itemToString: (option) => option?.item.name ?? '',
    inputValue: value,
    onInputValue: onChange,
    onEscapeClear: onClear,
    afterPick: 'keep',
    listWanted: wanted,
    onListWantedChange: setWanted,
    onPick: (option) => {
      if (option.kind === 'cocktail') suggestions.onPickCocktail(option.item);
      else suggestions.onPickIngredient(option.item);
    },
  });
  const { open, highlightedIndex } = combobox;
  const menuProps = combobox.getMenuProps({ 'aria-label': 'Suggestions' }, { suppressRefError: true });

  return (
    <SearchFrame
      {...frame}
      value={value}
      onClear={onClear}
      onSubmit={() => {
        combobox.closeList();
        onSubmit?.();
      }}
      anchor={anchor}
      labelProps={combobox.getLabelProps()}
      inputProps={combobox.getInputProps({
        'aria-controls': open ? menuProps.id : undefined,
        onFocus: () => void loadSuggestionPopup(),
      })}
    >
      {open ? (
        <Suspense fallback={null}>
          <SuggestionPopup anchor={anchor}>
            <ul
              {...menuProps}
              className="flex max-h-96 flex-col gap-0.5 overflow-y-auto rounded-xl border border-border-strong bg-surface p-1.5 text-left shadow-card"
            >
              {options.map((option, index) => (
                <li
                  key={`${option.kind}-${option.item.id}`}
                  {...combobox.getItemProps({ item: option, index })}
                  className={cn(
                    'flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2.5 text-sm text-foreground',
                    index === highlightedIndex && 'bg-accent-soft',
                  )}
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
              ))}
            </ul>
          </SuggestionPopup>
        </Suspense>
      ) : null}
      <p className="sr-only" role="status" aria-live="polite">
        {open ? `${options.length} ${options.length === 1 ? 'suggestion' : 'suggestions'}` : ''}
      </p>
    </SearchFrame>
  );
}

/** The search form's look: label, magnifier, field, spinner and clear button; the field's behaviour comes in props. */
function SearchFrame({
  value,
  onClear,
  onSubmit,
  busy = false,
  placeholder = 'Name, spirit or ingredient',
  className,
  size = 'lg',
  anchor,
  labelProps,
  inputProps,
  children,
}: Pick<CocktailSearchBoxProps, 'value' | 'onClear' | 'onSubmit' | 'busy' | 'placeholder' | 'className' | 'size'> & {
  anchor?: Ref<HTMLDivElement>;
  labelProps?: ComponentProps<'label'>;
  inputProps: ComponentProps<'input'>;
  children?: ReactNode;
}) {
  const id = useId();
  const inputId = (inputProps.id as string | undefined) ?? id;
  return (
    <form
      role="search"
      className={cn('relative w-full', className)}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSubmit?.();
      }}
    >
      <Label {...labelProps} htmlFor={inputId} className="sr-only">
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
          {...inputProps}
          id={inputId}
          type="search"
          inputMode="search"
          enterKeyHint="search"
          autoComplete="off"
          spellCheck={false}
          maxLength={MAX_QUERY_LENGTH}
          placeholder={placeholder}
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
      {children}
    </form>
  );
}
