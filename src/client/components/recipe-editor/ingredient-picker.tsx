import { PlusIcon } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Combobox, matchCount, type ComboboxOption } from '@/client/components/combobox';
import { ingredientOption } from '@/client/components/ingredient-search';
import { Button } from '@/client/components/ui/button';
import { useFormField } from '@/client/components/ui/form';
import { searchIngredients, useIngredients } from '@/client/lib/ingredients';
import { MAX_INGREDIENT_NAME } from '@/shared/schemas/recipes';
import type { IngredientSummary } from '@/shared/schemas/ingredient';

/** What a pick is: a catalogue ingredient, or a name typed in free text (an own ingredient, mapped later). */
type Pick = { kind: 'catalogue'; item: IngredientSummary } | { kind: 'free'; name: string };

/** The option that keeps typed text as a new ingredient of the user's own. */
function freeTextOption(name: string): ComboboxOption<Pick> {
  return {
    key: `free:${name}`,
    label: `Add “${name}” as your own ingredient`,
    value: { kind: 'free', name },
    content: (
      <>
        <span>
          Add <span className="font-medium">“{name}”</span>
          <span className="ml-2 text-xs text-muted">your own ingredient</span>
        </span>
        <PlusIcon aria-hidden="true" className="size-4 text-muted" />
      </>
    ),
  };
}

/**
 * The type-ahead over the catalogue's ingredients for one line (inside its FormItem, so it carries the field's invalid
 * state and error message), or, once one is picked, its name with a 'Change' button. With `freeText`, the last option
 * keeps the typed name as an ingredient of the user's own (`onPick(null, name)`), so nothing has to be in the catalogue.
 */
export function IngredientPicker({
  name,
  own,
  freeText,
  onPick,
  fieldRef,
  lineNumber,
}: {
  /** The picked ingredient's name ('' while none is). */
  name: string;
  /** True when the pick is a free-text name rather than a catalogue ingredient. */
  own: boolean;
  freeText: boolean;
  onPick: (id: number | null, name: string) => void;
  fieldRef: (element: HTMLElement | null) => void;
  lineNumber: number;
}) {
  const { error, formMessageId } = useFormField();
  const ingredients = useIngredients();
  const [text, setText] = useState('');
  const [changing, setChanging] = useState(false);
  // Where focus goes once the picker and the chosen name swap places (the button pressed is gone by then).
  const focusNext = useRef<'search' | 'change' | null>(null);
  const searchField = useRef<HTMLInputElement | null>(null);
  const changeButton = useRef<HTMLButtonElement | null>(null);
  const setChangeButton = useCallback(
    (element: HTMLButtonElement | null) => {
      changeButton.current = element;
      fieldRef(element);
    },
    [fieldRef],
  );
  const setSearchField = useCallback(
    (element: HTMLInputElement | null) => {
      searchField.current = element;
      fieldRef(element);
    },
    [fieldRef],
  );
  useEffect(() => {
    if (focusNext.current === 'search') searchField.current?.focus();
    if (focusNext.current === 'change') changeButton.current?.focus();
    focusNext.current = null;
  }, [changing]);
  if (name && !changing) {
    return (
      <div className="flex flex-col gap-1.5">
        <span className="text-sm font-medium">Ingredient</span>
        <div className="flex h-11 items-center justify-between gap-2 rounded-lg border border-border-strong bg-surface-2 pr-1 pl-3">
          <span className="flex min-w-0 items-baseline gap-2">
            <span className="truncate font-medium">{name}</span>
            {own ? <span className="shrink-0 text-xs text-muted">your own</span> : null}
          </span>
          <Button
            ref={setChangeButton}
            variant="ghost"
            size="sm"
            aria-label={`Change ingredient ${lineNumber} (${name})`}
            onClick={() => {
              focusNext.current = 'search';
              setChanging(true);
            }}
          >
            Change
          </Button>
        </div>
      </div>
    );
  }
  const typed = text.trim().slice(0, MAX_INGREDIENT_NAME);
  const found = ingredients.data ? searchIngredients(ingredients.data, text, 8) : [];
  const exact = found.some((item) => item.name.toLocaleLowerCase() === typed.toLocaleLowerCase());
  const options: ComboboxOption<Pick>[] = found.map((item) => {
    const option = ingredientOption(item);
    return { ...option, value: { kind: 'catalogue', item } };
  });
  if (freeText && typed !== '' && !exact) options.push(freeTextOption(typed));
  return (
    <div className="flex flex-col gap-1.5">
      <Combobox
        label="Ingredient"
        placeholder={freeText ? 'Search, or name your own: gin, lime…' : 'Search the catalogue: gin, lime…'}
        text={text}
        onText={setText}
        busy={ingredients.isPending}
        invalid={Boolean(error)}
        describedBy={error ? formMessageId : undefined}
        inputRef={setSearchField}
        emptyText={
          ingredients.isError
            ? 'The ingredient list could not be loaded. Try again later.'
            : ingredients.isPending
              ? 'Loading the ingredients…'
              : `No ingredient matches “${text.trim()}”`
        }
        statusText={matchCount(found.length)}
        options={options}
        onPick={(pick) => {
          if (pick.kind === 'catalogue') onPick(pick.item.id, pick.item.name);
          else onPick(null, pick.name);
          setChanging(false);
        }}
      />
      {name ? (
        <Button
          variant="link"
          size="sm"
          className="self-start"
          onClick={() => {
            focusNext.current = 'change';
            setChanging(false);
          }}
        >
          Keep {name}
        </Button>
      ) : null}
    </div>
  );
}
