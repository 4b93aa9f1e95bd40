import { PlusIcon, Trash2Icon } from 'lucide-react';
import { startTransition, useEffect, useEffectEvent, useId, useMemo, useState } from 'react';
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

/** `line` with the role its unit, ingredient and category give by default. */
function withDefaultRole(line: BatchLineState): BatchLineState {
  return { ...line, role: defaultLineRole({ unit: line.unit, ingredient: line.ingredient, category: line.category }) };
}

/**
 * `line` naming the catalogue's ingredient `known`: its id and category, the default role, and with `takeAbv` its % ABV.
 */
function knownLine(line: BatchLineState, known: IngredientSummary, takeAbv: boolean): BatchLineState {
  return withDefaultRole({
    ...line,
    ingredientId: known.id,
    category: known.category,
    abv: takeAbv ? known.abv : line.abv,
  });
}

/**
 * The recipe's lines, editable: ingredient (the catalogue's ingredients offered as the user types, or free text), % ABV
 * (filled from the catalogue, editable), amount, unit and role (defaulted from the ingredient, editable), and removal.
 */
export function RecipeEditor({ name, onName, lines, onLines }: RecipeEditorProps) {
  const listId = useId();
  const nameId = useId();
  // The catalogue's ingredients (about 300) are asked for, and join the suggestion list, when an ingredient field is
  // first used (focused or typed in, in a transition): fetched, checked and drawn with the page they were some of its
  // longest tasks at start (Total Blocking Time; the datalist was the costliest part), and no one sees a datalist
  // before typing in its field. A field focused before the page's code ran is first used when typed in.
  const [suggesting, setSuggesting] = useState(false);
  const suggest = () => {
    if (!suggesting) startTransition(() => setSuggesting(true));
  };
  const ingredients = useIngredients({ enabled: suggesting });
  const byName = useMemo(() => {
    const map = new Map<string, IngredientSummary>();
    for (const item of ingredients.data ?? []) map.set(fold(item.name), item);
    return map;
  }, [ingredients.data]);
  // Lines typed before the list arrived are matched when it does: the catalogue's ingredient, its category and role,
  // and its ABV where the line has none yet.
  const matchTypedLines = useEffectEvent((catalogue: Map<string, IngredientSummary>) => {
    const matched = lines.map((line) => {
      const known = line.ingredientId === null ? catalogue.get(fold(line.ingredient)) : undefined;
      return known ? knownLine(line, known, line.abv === 0) : line;
    });
    if (matched.some((line, i) => line !== lines[i])) onLines(matched);
  });
  useEffect(() => {
    if (byName.size > 0) matchTypedLines(byName);
  }, [byName]);

  function update(index: number, patch: Partial<BatchLineState>) {
    onLines(lines.map((line, i) => (i === index ? { ...line, ...patch } : line)));
  }

  function setIngredient(index: number, text: string) {
    const line = lines[index] as BatchLineState;
    const known = byName.get(fold(text));
    const next: BatchLineState = known
      ? knownLine({ ...line, ingredient: text }, known, true)
      : withDefaultRole({ ...line, ingredient: text, ingredientId: null, category: null });
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
            <div className="grid grid-cols-[minmax(0,1fr)_auto] items-end gap-x-3">
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
                  onChange={(event) => {
                    suggest();
                    setIngredient(index, event.target.value);
                  }}
                />
              </div>
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
            <div className="grid grid-cols-2 gap-x-3 gap-y-2 sm:grid-cols-4">
              <NumberField
                label="ABV %"
                labelSuffix={`of ingredient ${index + 1}`}
                value={line.abv}
                onValue={(abv) => update(index, { abv: abv ?? 0 })}
                min={0}
                max={100}
                className={FIELD_LABEL}
              />
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
