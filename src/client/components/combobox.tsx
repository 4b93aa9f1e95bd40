import { SearchIcon } from 'lucide-react';
import { useCallback, useId, useRef, useState, type ReactNode } from 'react';
import { Spinner } from '@/client/components/ui/spinner';
import { useKeepTypedText } from '@/client/lib/use-keep-typed-text';
import { cn } from '@/client/lib/utils';

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
 * A text field with a list of suggestions, after the WAI-ARIA combobox pattern (listbox popup, aria-activedescendant):
 * typing opens the list, Arrow Down / Up move through it, Enter picks, Escape closes; a pick clears the field. Options are
 * picked on mousedown, before the field's blur closes the list. Used by the batch calculator's cocktail picker and My
 * Bar's ingredient type-ahead. Text typed into the pre-rendered field before the page hydrated is kept.
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
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const setField = useCallback(
    (node: HTMLInputElement | null) => {
      field.current = node;
      inputRef?.(node);
    },
    [inputRef],
  );
  useKeepTypedText(field, text);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const expanded = open && text.trim() !== '';
  const showList = expanded && options.length > 0;
  const activeIndex = Math.min(active, Math.max(options.length - 1, 0));

  function pick(option: ComboboxOption<T>) {
    onPick(option.value);
    onText('');
    setActive(0);
  }

  const move = (step: number) =>
    setActive((i) => (options.length ? (Math.min(i, options.length - 1) + step + options.length) % options.length : 0));

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
          ref={setField}
          id={`${id}-input`}
          role="combobox"
          aria-expanded={showList}
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          aria-activedescendant={showList ? `${id}-option-${activeIndex}` : undefined}
          autoComplete="off"
          disabled={disabled}
          placeholder={placeholder}
          value={text}
          className="flex h-11 w-full rounded-lg border border-border-strong bg-surface-2 py-2 pr-9 pl-9 text-base text-foreground outline-none placeholder:text-subtle focus-visible:border-accent focus-visible:outline-2 focus-visible:outline-ring/70 disabled:opacity-50 aria-invalid:border-destructive md:text-sm"
          onChange={(event) => {
            onText(event.target.value);
            setOpen(true);
            setActive(0);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown') {
              event.preventDefault();
              setOpen(true);
              move(1);
            } else if (event.key === 'ArrowUp') {
              event.preventDefault();
              move(-1);
            } else if (event.key === 'Enter' && showList && options[activeIndex]) {
              event.preventDefault();
              pick(options[activeIndex]);
            } else if (event.key === 'Escape') {
              if (expanded) event.preventDefault();
              setOpen(false);
            }
          }}
        />
        {busy && expanded ? (
          <Spinner className="absolute top-1/2 right-3 size-4 -translate-y-1/2" label="Searching" />
        ) : null}
      </div>
      <ul
        id={`${id}-list`}
        role="listbox"
        aria-label={`${label}: matches`}
        className={cn(
          'absolute z-30 mt-1 max-h-80 w-full overflow-y-auto rounded-lg border border-border-strong bg-surface py-1 shadow-card',
          !showList && 'hidden',
        )}
      >
        {options.map((option, index) => (
          <li
            key={option.key}
            id={`${id}-option-${index}`}
            role="option"
            aria-selected={index === activeIndex}
            aria-label={option.label}
            className={cn(
              'flex cursor-pointer items-center justify-between gap-3 px-3 py-2 text-sm',
              index === activeIndex && 'bg-accent-soft',
            )}
            onMouseDown={(event) => {
              event.preventDefault();
              pick(option);
            }}
            onMouseMove={() => setActive(index)}
          >
            {option.content}
          </li>
        ))}
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
