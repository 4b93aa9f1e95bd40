import { PlusIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Combobox, matchCount, type ComboboxOption } from '@/client/components/combobox';
import { searchIngredients } from '@/client/lib/ingredients';
import type { IngredientSummary } from '@/shared/schemas/ingredient';

/** Props of {@link IngredientSearch}. */
export interface IngredientSearchProps {
  label: string;
  placeholder?: string;
  items: readonly IngredientSummary[];
  /** Ids already in the bar: not offered again. */
  owned: ReadonlySet<number>;
  onPick: (ingredient: IngredientSummary) => void;
  disabled?: boolean;
}

/**
 * One ingredient as a {@link Combobox} option: named 'Campari (Liqueurs)', shown as its name with its category, and an
 * optional `trailing` mark (a plus where picking adds it).
 */
export function ingredientOption(item: IngredientSummary, trailing?: ReactNode): ComboboxOption<IngredientSummary> {
  return {
    key: item.id,
    label: `${item.name} (${item.category})`,
    value: item,
    content: (
      <>
        <span>
          <span className="font-medium">{item.name}</span>
          <span className="ml-2 text-xs text-muted">{item.category}</span>
        </span>
        {trailing}
      </>
    ),
  };
}

/**
 * Type-ahead over the catalogue's ingredients (names and aliases, accent- and case-insensitive; see searchIngredients), as
 * a {@link Combobox}: Arrow keys move, Enter adds, Escape closes; the count of matches is announced. My Bar and a venue's
 * team inventory add bottles with it.
 */
export function IngredientSearch({
  label,
  placeholder,
  items,
  owned,
  onPick,
  disabled = false,
}: IngredientSearchProps) {
  const [text, setText] = useState('');
  const found = searchIngredients(items, text, 10).filter((item) => !owned.has(item.id));
  return (
    <Combobox
      label={label}
      placeholder={placeholder}
      text={text}
      onText={setText}
      disabled={disabled}
      onPick={onPick}
      emptyText={`No ingredient matches “${text.trim()}”`}
      statusText={matchCount(found.length)}
      options={found.map((item) =>
        ingredientOption(item, <PlusIcon className="size-4 text-accent" aria-hidden="true" />),
      )}
    />
  );
}
