import { MinusIcon, PlusIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { ToggleGroup, ToggleGroupItem } from '@/client/components/ui/toggle-group';
import { formatCount } from '@/client/lib/format-count';
import { cn } from '@/client/lib/utils';
import { PREP_TIME_LIMITS, VALUE_FACETS, type ValueFacetParam } from '@/shared/domain/search-facets';
import type { FacetCountsBody } from '@/shared/schemas/cocktail';

/** Values a facet shows before 'Show all'. */
const FACET_PREVIEW = 8;
/** Ingredients listed before 'More ingredients'. */
const INGREDIENT_PREVIEW = 10;

/** What the facets panel shows as chosen. */
export interface FacetSelection {
  /** Chosen values by query parameter, every value facet (spirit and category included). */
  values: Partial<Record<ValueFacetParam, readonly string[]>>;
  withIngredients: readonly number[];
  withoutIngredients: readonly number[];
  maxPrep: number | null;
}

/** What the panel asks the page to change. */
export interface FacetActions {
  onValues: (param: ValueFacetParam, values: string[]) => void;
  /** Puts an ingredient in 'with', in 'without', or neither. */
  onIngredient: (id: number, mode: 'with' | 'without' | null) => void;
  onMaxPrep: (minutes: number | null) => void;
}

/**
 * The /search facets: per facet its values with their live counts (the API's `facets`, each counted as if the
 * facet's own choices were not made), as toggle chips (arrow keys move, Space or Enter toggles); ingredients with a
 * 'With' and a 'Without' switch each; a preparation time limit. Values no result holds are left out unless chosen.
 * @param counts the API's facet counts for the current search (undefined while the first answer loads: nothing drawn).
 */
export function SearchFacets({
  counts,
  selection,
  actions,
  className,
}: {
  counts: FacetCountsBody | undefined;
  selection: FacetSelection;
  actions: FacetActions;
  className?: string;
}) {
  if (!counts) return null;
  return (
    <div className={cn('flex flex-col gap-6', className)} data-testid="search-facets">
      {VALUE_FACETS.map((facet) => (
        <ValueFacet
          key={facet.param}
          label={facet.label}
          entries={counts.values[facet.field]}
          chosen={selection.values[facet.param] ?? []}
          onChange={(values) => actions.onValues(facet.param, values)}
        />
      ))}
      <IngredientFacet counts={counts} selection={selection} onIngredient={actions.onIngredient} />
      <section className="flex flex-col gap-2.5" aria-labelledby="facet-prep">
        <h3 id="facet-prep" className="text-xs font-semibold tracking-[0.14em] text-subtle uppercase">
          Preparation time
        </h3>
        <ToggleGroup
          type="single"
          variant="outline"
          size="sm"
          aria-labelledby="facet-prep"
          value={selection.maxPrep === null ? 'any' : String(selection.maxPrep)}
          onValueChange={(value) => actions.onMaxPrep(value === '' || value === 'any' ? null : Number(value))}
        >
          <ToggleGroupItem value="any" className="px-3">
            Any
          </ToggleGroupItem>
          {PREP_TIME_LIMITS.map((limit) => {
            const count = counts.preparation_time.find((entry) => entry.max === limit)?.count ?? 0;
            return (
              <ToggleGroupItem key={limit} value={String(limit)} className="px-3" disabled={count === 0}>
                Up to {limit} min <span className="text-[0.6875rem] opacity-75">{formatCount(count)}</span>
              </ToggleGroupItem>
            );
          })}
        </ToggleGroup>
      </section>
    </div>
  );
}

function ValueFacet({
  label,
  entries,
  chosen,
  onChange,
}: {
  label: string;
  entries: readonly { value: string; count: number }[];
  chosen: readonly string[];
  onChange: (values: string[]) => void;
}) {
  const id = useId();
  const [all, setAll] = useState(false);
  if (entries.length === 0) return null;
  const shown = all ? entries : entries.slice(0, FACET_PREVIEW);
  // A chosen value stays visible even past the preview.
  const hidden = entries.slice(shown.length).filter((entry) => chosen.includes(entry.value));
  return (
    <section className="flex flex-col gap-2.5" aria-labelledby={id}>
      <h3 id={id} className="text-xs font-semibold tracking-[0.14em] text-subtle uppercase">
        {label}
      </h3>
      <ToggleGroup
        type="multiple"
        variant="outline"
        size="sm"
        aria-labelledby={id}
        value={[...chosen]}
        onValueChange={onChange}
      >
        {[...shown, ...hidden].map((entry) => (
          <ToggleGroupItem key={entry.value} value={entry.value} className="px-3">
            {entry.value} <span className="text-[0.6875rem] opacity-75">{formatCount(entry.count)}</span>
          </ToggleGroupItem>
        ))}
      </ToggleGroup>
      {entries.length > FACET_PREVIEW ? (
        <Button variant="ghost" size="sm" className="w-fit px-2 text-muted" onClick={() => setAll((value) => !value)}>
          {all ? 'Show fewer' : `Show all ${entries.length}`}
        </Button>
      ) : null}
    </section>
  );
}

function IngredientFacet({
  counts,
  selection,
  onIngredient,
}: {
  counts: FacetCountsBody;
  selection: FacetSelection;
  onIngredient: FacetActions['onIngredient'];
}) {
  const [all, setAll] = useState(false);
  const chosen = new Set([...selection.withIngredients, ...selection.withoutIngredients]);
  const ordered = [
    ...counts.ingredients.filter((entry) => chosen.has(entry.id)),
    ...counts.ingredients.filter((entry) => !chosen.has(entry.id)),
  ];
  if (ordered.length === 0) return null;
  const shown = all ? ordered : ordered.slice(0, Math.max(INGREDIENT_PREVIEW, chosen.size));
  return (
    <section className="flex flex-col gap-2.5" aria-labelledby="facet-ingredients">
      <h3 id="facet-ingredients" className="text-xs font-semibold tracking-[0.14em] text-subtle uppercase">
        Ingredients
      </h3>
      <ul className="flex flex-col gap-1">
        {shown.map((entry) => {
          const withIt = selection.withIngredients.includes(entry.id);
          const withoutIt = selection.withoutIngredients.includes(entry.id);
          return (
            <li key={entry.id} className="flex items-center gap-2 text-sm">
              <span className={cn('min-w-0 flex-1 truncate', withoutIt && 'text-muted line-through')}>
                {entry.name}
              </span>
              <span className="w-10 text-right text-xs text-subtle tabular-nums">{formatCount(entry.count)}</span>
              <IngredientSwitch
                pressed={withIt}
                label={`With ${entry.name}`}
                onClick={() => onIngredient(entry.id, withIt ? null : 'with')}
              >
                <PlusIcon aria-hidden="true" />
              </IngredientSwitch>
              <IngredientSwitch
                pressed={withoutIt}
                label={`Without ${entry.name}`}
                onClick={() => onIngredient(entry.id, withoutIt ? null : 'without')}
              >
                <MinusIcon aria-hidden="true" />
              </IngredientSwitch>
            </li>
          );
        })}
      </ul>
      {ordered.length > shown.length || all ? (
        <Button variant="ghost" size="sm" className="w-fit px-2 text-muted" onClick={() => setAll((value) => !value)}>
          {all ? 'Fewer ingredients' : `More ingredients (${ordered.length - shown.length})`}
        </Button>
      ) : null}
    </section>
  );
}

function IngredientSwitch({
  pressed,
  label,
  onClick,
  children,
}: {
  pressed: boolean;
  label: string;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      aria-label={label}
      title={label}
      onClick={onClick}
      className={cn(
        'inline-flex size-8 shrink-0 items-center justify-center rounded-full border border-border-strong text-muted transition-colors hover:border-accent/60 hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring [&_svg]:size-3.5',
        pressed && 'border-accent bg-accent text-accent-foreground hover:text-accent-foreground',
      )}
    >
      {children}
    </button>
  );
}
