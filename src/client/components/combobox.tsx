import { SearchIcon } from 'lucide-react';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { Spinner } from '@/client/components/ui/spinner';
import { useKeepTypedText } from '@/client/lib/use-keep-typed-text';
import { cn } from '@/client/lib/utils';
import { useListCombobox } from './use-list-combobox';

/** One option of a {@link Combobox}: a key, its accessible name, and what the row shows. */
export interface ComboboxOption<T> {
  key: string | number;
  /** The option's accessible name (read out as the active option). */
  label: string;
  content: ReactNode;
  value: T;
}

/** Props of {@link Combobox}. */
export interface ComboboxProps<T> {
  label: string;
  placeholder?: string;
  /** The typed text and its setter (the caller turns text into options: a local filter or a query). */
  text: string;
  onText: (text: string) => void;
  options: readonly ComboboxOption<T>[];
  onPick: (value: T) => void;
  /** Shown (and announced) under the field while the text has no options: 'Searching…', 'No matches'. */
  emptyText?: string;
  /** The status announced while options show ('3 matches'). */
  statusText?: string;
  busy?: boolean;
  disabled?: boolean;
  /** Marks the field invalid (`aria-invalid`), e.g. while a form says no option was picked. */
  invalid?: boolean;
  /** Ids of elements that describe the field (an error message, a hint): its `aria-describedby`. */
  describedBy?: string;
  /** A callback ref that also receives the text field (a form library focuses it on an error). */
  inputRef?: (element: HTMLInputElement | null) => void;
}

/**
 * A text field with a list of suggestions ({@link useListCombobox}: Downshift's WAI-ARIA combobox): typing opens the
 * list, Arrow Down / Up move through it (the first option is active until they do), Enter picks, Escape closes (and
 * empties a closed field); a pick clears the field. Used by the batch calculator's cocktail picker, the ingredient
 * pickers of My Bar, venues and the recipe editor, and the import's line fixer. Text typed into the pre-rendered field
 * before the page hydrated is kept.
 */
export function Combobox<T>({
  label,
  placeholder,
  text,
  onText,
  options,
  onPick,
  emptyText,
  statusText,
  busy = false,
  disabled = false,
  invalid = false,
  describedBy,
  inputRef,
}: ComboboxProps<T>) {
  const field = useRef<HTMLInputElement>(null);
  const setField = useCallback(
    (node: HTMLInputElement | null) => {
      field.current = node;
      inputRef?.(node);
    },
    [inputRef],
  );
  useKeepTypedText(field, text);
  const [focused, setFocused] = useState(false);
  const combobox = useListCombobox({
    items: options,
    itemToString: (option) => option?.label ?? '',
    inputValue: text,
    onInputValue: onText,
    onPick: (option) => onPick(option.value),
    afterPick: 'clear',
    autoHighlight: true,
  });
  const { open, highlightedIndex } = combobox;
  const expanded = focused && text.trim() !== '';
  const menuProps = combobox.getMenuProps({ 'aria-label': `${label}: matches` });
  // eslint-disable-next-line react-hooks/refs -- Downshift merges the callback ref with its own and calls it on commit only
  const inputProps = combobox.getInputProps({
    ref: setField,
    disabled,
    placeholder,
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy,
    'aria-controls': open ? menuProps.id : undefined,
    onFocus: () => setFocused(true),
    onBlur: () => setFocused(false),
  });

  return (
    <div className="relative">
      <label {...combobox.getLabelProps()} className="mb-1.5 block text-sm font-medium">
        {label}
      </label>
      <div className="relative">
        <SearchIcon
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted"
          aria-hidden="true"
        />
        <input
          {...inputProps}
          autoComplete="off"
          className="flex h-11 w-full rounded-lg border border-border-strong bg-surface-2 py-2 pr-9 pl-9 text-base text-foreground outline-none placeholder:text-subtle focus-visible:border-accent focus-visible:outline-2 focus-visible:outline-ring/70 disabled:opacity-50 aria-invalid:border-destructive md:text-sm"
        />
        {busy && expanded ? (
          <Spinner className="absolute top-1/2 right-3 size-4 -translate-y-1/2" label="Searching" />
        ) : null}
      </div>
      <ul
        {...menuProps}
        className={cn(
          'absolute z-30 mt-1 max-h-80 w-full overflow-y-auto rounded-lg border border-border-strong bg-surface py-1 shadow-card',
          !open && 'hidden',
        )}
      >
        {open
          ? options.map((option, index) => (
              <li
                key={option.key}
                {...combobox.getItemProps({ item: option, index, 'aria-label': option.label })}
                className={cn(
                  'flex cursor-pointer items-center justify-between gap-3 px-3 py-2 text-sm',
                  index === highlightedIndex && 'bg-accent-soft',
                )}
              >
                {option.content}
              </li>
            ))
          : null}
      </ul>
      <p className="sr-only" role="status" aria-live="polite">
        {expanded ? (options.length ? (statusText ?? '') : (emptyText ?? '')) : ''}
      </p>
      {expanded && options.length === 0 && emptyText ? (
        <p className="absolute z-30 mt-1 w-full rounded-lg border border-border bg-surface px-3 py-2 text-sm text-muted shadow-card">
          {emptyText}
        </p>
      ) : null}
    </div>
  );
}

/** '1 match' / '3 matches'. */
export function matchCount(count: number): string {
  return `${count} ${count === 1 ? 'match' : 'matches'}`;
}
