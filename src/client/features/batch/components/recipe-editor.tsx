import { PlusIcon, Trash2Icon } from 'lucide-react';
import { startTransition, useId, useMemo, useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { NativeSelect } from '@/client/components/ui/native-select';
import { defaultLineRole, LINE_ROLES, type LineRole } from '@/shared/domain/batch';
import { UNITS, unitLabel } from '@/shared/domain/units';
import { MAX_BATCH_LINES, MAX_BATCH_NAME, type BatchLineState } from '@/shared/schemas/batch';
import type { IngredientSummary } from '@/shared/schemas/ingredient';
import { useIngredients } from '@/client/lib/ingredients';
import { emptyLine } from '../lib/batch-state';
import { NumberField } from './number-field';

/** What each role is called on the page. */
export const ROLE_LABELS: Record<LineRole, string> = {
  batch: 'Batch it',
  'same-day': 'Same day only',
  'at-service': 'Add at service',
};

/** Small muted labels for the fields of a line. */
const FIELD_LABEL = '[&_label]:text-xs [&_label]:text-muted';

/** Folds case and accents so 'creme de cassis' finds 'Crème de cassis'. */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

/** Props of {@link RecipeEditor}. */
export interface RecipeEditorProps {
  name: string;
  onName: (name: string) => void;
  lines: readonly BatchLineState[];
  onLines: (lines: BatchLineState[]) => void;
}

/**
 * The recipe's lines, editable: ingredient (the catalogue's ingredients offered as the user types, or free text), % ABV
 * (filled from the catalogue, editable), amount, unit and role (defaulted from the ingredient, editable), and removal.
 */
export function RecipeEditor({ name, onName, lines, onLines }: RecipeEditorProps) {
  const listId = useId();
  const nameId = useId();
  const ingredients = useIngredients();
  // The catalogue's ingredients (about 300 options) join the suggestion list when an ingredient field is first focused,
  // in a transition: drawn with the page they were one of its longest tasks at start (issue 12, TBT: 20-30 ms
  // observed here), and no one sees a datalist before typing in its field.
  const [suggesting, setSuggesting] = useState(false);
  const suggest = () => {
    if (!suggesting) startTransition(() => setSuggesting(true));
  };
  const byName = useMemo(() => {
    const map = new Map<string, IngredientSummary>();
    for (const item of ingredients.data ?? []) map.set(fold(item.name), item);
    return map;
  }, [ingredients.data]);

  function update(index: number, patch: Partial<BatchLineState>) {
    onLines(lines.map((line, i) => (i === index ? { ...line, ...patch } : line)));
  }

  function setIngredient(index: number, text: string) {
    const line = lines[index] as BatchLineState;
    const known = byName.get(fold(text));
    const next: BatchLineState = known
      ? { ...line, ingredient: text, ingredientId: known.id, category: known.category, abv: known.abv }
      : { ...line, ingredient: text, ingredientId: null, category: null };
    next.role = defaultLineRole({ unit: next.unit, ingredient: next.ingredient, category: next.category });
    onLines(lines.map((l, i) => (i === index ? next : l)));
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={nameId} className="text-sm font-medium">
          Recipe name
        </label>
        <Input
          id={nameId}
          value={name}
          maxLength={MAX_BATCH_NAME}
          placeholder="My house Negroni"
          onChange={(event) => onName(event.target.value)}
        />
      </div>
      <datalist id={listId}>
        {(suggesting ? (ingredients.data ?? []) : []).map((item) => (
          <option key={item.id} value={item.name}>
            {item.category}
            {item.abv > 0 ? ` · ${item.abv} %` : ''}
          </option>
        ))}
      </datalist>
      {ingredients.isError ? (
        <p className="text-xs text-muted" role="status">
          The ingredient list could not load: type any ingredient and its ABV.
        </p>
      ) : null}
      <ol className="flex flex-col gap-3" aria-label="Recipe lines">
        {lines.map((line, index) => (
          <li key={index} className="flex flex-col gap-2 rounded-lg border border-border bg-surface-2/40 p-3">
            <div className="grid grid-cols-[minmax(0,1fr)_5.5rem_auto] items-end gap-x-3">
              <div className="flex flex-col gap-1.5">
                <label htmlFor={`${listId}-ingredient-${index}`} className="text-xs font-medium text-muted">
                  Ingredient {index + 1}
                </label>
                <Input
                  id={`${listId}-ingredient-${index}`}
                  list={listId}
                  value={line.ingredient}
                  maxLength={MAX_BATCH_NAME}
                  placeholder="Gin, lime juice…"
                  onFocus={suggest}
                  onChange={(event) => setIngredient(index, event.target.value)}
                />
              </div>
              <NumberField
                label="ABV %"
                labelSuffix={`of ingredient ${index + 1}`}
                value={line.abv}
                onValue={(abv) => update(index, { abv: abv ?? 0 })}
                min={0}
                max={100}
                className={FIELD_LABEL}
              />
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Remove ${line.ingredient.trim() || `ingredient ${index + 1}`}`}
                onClick={() => onLines(lines.filter((_, i) => i !== index))}
              >
                <Trash2Icon aria-hidden="true" />
              </Button>
            </div>
            <div className="grid grid-cols-3 gap-x-3">
              <NumberField
                label="Amount"
                labelSuffix={`of ingredient ${index + 1}`}
                value={line.amount}
                onValue={(amount) => update(index, { amount })}
                min={0}
                max={100000}
                allowEmpty
                className={FIELD_LABEL}
              />
              <div className="flex flex-col gap-1.5">
                <label htmlFor={`${listId}-unit-${index}`} className="text-xs font-medium text-muted">
                  Unit<span className="sr-only"> of ingredient {index + 1}</span>
                </label>
                <NativeSelect
                  id={`${listId}-unit-${index}`}
                  value={line.unit}
                  onChange={(event) => update(index, { unit: event.target.value })}
                >
                  {UNITS.map((unit) => (
                    <option key={unit} value={unit}>
                      {unitLabel(unit, 2)}
                    </option>
                  ))}
                </NativeSelect>
              </div>
              <div className="flex flex-col gap-1.5">
                <label htmlFor={`${listId}-role-${index}`} className="text-xs font-medium text-muted">
                  Role<span className="sr-only"> of ingredient {index + 1}</span>
                </label>
                <NativeSelect
                  id={`${listId}-role-${index}`}
                  value={line.role}
                  onChange={(event) => update(index, { role: event.target.value })}
                >
                  {LINE_ROLES.map((role) => (
                    <option key={role} value={role}>
                      {ROLE_LABELS[role]}
                    </option>
                  ))}
                </NativeSelect>
              </div>
            </div>
          </li>
        ))}
      </ol>
      <Button
        type="button"
        variant="secondary"
        className="self-start"
        disabled={lines.length >= MAX_BATCH_LINES}
        onClick={() => onLines([...lines, emptyLine()])}
      >
        <PlusIcon aria-hidden="true" />
        Add ingredient
      </Button>
    </div>
  );
}
