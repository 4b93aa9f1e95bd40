import { PlusIcon, SearchIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { cn } from '@/client/lib/utils';
import { searchIngredients } from '@/client/lib/ingredients';
import type { IngredientSummary } from '@/shared/schemas/ingredient';

/** Props of {@link IngredientSearch}. */
export interface IngredientSearchProps {
  label: string;
  placeholder?: string;
  items: readonly IngredientSummary[];
  /** Ids shown as already there ('In your bar') and not offered again. */
  owned: ReadonlySet<number>;
  onPick: (ingredient: IngredientSummary) => void;
  disabled?: boolean;
}

/**
 * Type-ahead over the catalogue's ingredients (names and aliases, accent- and case-insensitive): a WAI-ARIA combobox with a
 * listbox popup. Arrow keys move, Enter picks, Escape closes; the count of matches is announced.
 */
export function IngredientSearch({
  label,
  placeholder,
  items,
  owned,
  onPick,
  disabled = false,
}: IngredientSearchProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const options = searchIngredients(items, text, 10).filter((item) => !owned.has(item.id));
  const expanded = open && text.trim() !== '';
  const activeIndex = Math.min(active, Math.max(options.length - 1, 0));

  function pick(item: IngredientSummary) {
    onPick(item);
    setText('');
    setActive(0);
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
          aria-expanded={expanded && options.length > 0}
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
          aria-activedescendant={expanded && options.length > 0 ? `${id}-option-${activeIndex}` : undefined}
          autoComplete="off"
          disabled={disabled}
          placeholder={placeholder}
          value={text}
          className="flex h-11 w-full rounded-lg border border-border-strong bg-surface-2 py-2 pr-3 pl-9 text-base text-foreground outline-none placeholder:text-subtle focus-visible:border-accent focus-visible:outline-2 focus-visible:outline-ring/70 disabled:opacity-50 md:text-sm"
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            setActive(0);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown' && options.length) {
              event.preventDefault();
              setActive((i) => (Math.min(i, options.length - 1) + 1) % options.length);
            } else if (event.key === 'ArrowUp' && options.length) {
              event.preventDefault();
              setActive((i) => (Math.min(i, options.length - 1) - 1 + options.length) % options.length);
            } else if (event.key === 'Enter' && expanded && options[activeIndex]) {
              event.preventDefault();
              pick(options[activeIndex]);
            } else if (event.key === 'Escape') {
              if (expanded) event.preventDefault();
              setOpen(false);
            }
          }}
        />
      </div>
      <ul
        id={`${id}-list`}
        role="listbox"
        aria-label={`${label}: matches`}
        className={cn(
          'absolute z-30 mt-1 max-h-80 w-full overflow-y-auto rounded-lg border border-border-strong bg-surface py-1 shadow-card',
          (!expanded || options.length === 0) && 'hidden',
        )}
      >
        {options.map((item, index) => (
          <li
            key={item.id}
            id={`${id}-option-${index}`}
            role="option"
            aria-selected={index === activeIndex}
            aria-label={`${item.name} (${item.category})`}
            className={cn(
              'flex cursor-pointer items-center justify-between gap-3 px-3 py-2 text-sm',
              index === activeIndex && 'bg-accent-soft',
            )}
            onMouseDown={(event) => {
              event.preventDefault();
              pick(item);
            }}
            onMouseMove={() => setActive(index)}
          >
            <span>
              <span className="font-medium">{item.name}</span>
              <span className="ml-2 text-xs text-muted">{item.category}</span>
            </span>
            <PlusIcon className="size-4 text-accent" aria-hidden="true" />
          </li>
        ))}
      </ul>
      <p className="sr-only" role="status" aria-live="polite">
        {expanded ? `${options.length} ${options.length === 1 ? 'match' : 'matches'}` : ''}
      </p>
      {expanded && options.length === 0 ? (
        <p className="absolute z-30 mt-1 w-full rounded-lg border border-border bg-surface px-3 py-2 text-sm text-muted shadow-card">
          No ingredient matches “{text.trim()}”
        </p>
      ) : null}
    </div>
  );
}
