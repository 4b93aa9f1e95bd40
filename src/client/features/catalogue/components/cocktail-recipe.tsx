import {
  CalculatorIcon,
  ClockIcon,
  DropletIcon,
  FlameIcon,
  GlassWaterIcon,
  InfoIcon,
  SignalIcon,
  SparklesIcon,
  UtensilsCrossedIcon,
} from 'lucide-react';
import { memo } from 'react';
import type * as React from 'react';
import { Link } from 'react-router';
import { hrefs } from '@/client/config/paths';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { DialogDescription, DialogTitle } from '@/client/components/ui/dialog';
import { Skeleton } from '@/client/components/ui/skeleton';
import { UnitToggle } from '@/client/components/unit-toggle';
import { cn } from '@/client/lib/utils';
import { DILUTION_BY_TECHNIQUE, computeCocktailAlcohol, type Technique } from '@/shared/domain/abv';
import { formatComputedVolume, formatRecipeLine, type UnitSystem } from '@/shared/domain/units';
import type { CocktailDetail, IngredientLine } from '@/shared/schemas/cocktail';
import { useUnitSystem } from '@/client/lib/use-unit-system';
import { useCocktailContract, type CocktailContract } from '../lib/cocktail-contract';
import { splitInstructions } from '@/shared/domain/recipe-steps';
import { formatMinutes } from '../lib/recipe-text';
import { useIsServerCheckedRecipe } from '../lib/server-recipe';
import { useCocktailActions, useRecipeExtras } from './cocktail-actions';
import { ShareRecipeButton } from './share-recipe-button';
import { CocktailVisual } from './cocktail-visual';

/**
 * The recipe view of the detail modal (docs/product.md: Screens, Records): name, badges, the favorite heart, description, ingredient
 * lines in ml or oz, method, glassware, garnish, preparation time, strength with the computed ABV, flavour, season and
 * occasion tags.
 *
 * The data has passed the modal's shape check; this view reads it as a full {@link CocktailDetail} and throws when it is
 * not one (the ZodError lands in the modal's render-error view). Render it inside a DialogContent.
 */

/** The recipe's dialog panel: wide, a bottom sheet on phones, scrolling inside (the live modal and the server's sheet). */
export const RECIPE_PANEL_CLASS = 'max-w-2xl gap-0 p-0 max-sm:max-w-none max-sm:pb-[env(safe-area-inset-bottom)]';

/** What the alcohol note says each technique adds as melt water. */
const TECHNIQUE_VERB: Record<Technique, string> = {
  Shake: 'shaking',
  Stir: 'stirring',
  Build: 'building over ice',
  Blend: 'blending',
  Muddle: 'muddling and building',
  Layer: 'layering',
};

function percent(fraction: number): string {
  return `${Math.round(fraction * 100)}%`;
}

/** The cocktail's alcohol figures; optional lines are left out (they may not be poured). */
function alcoholOf(cocktail: CocktailDetail) {
  const lines = cocktail.ingredients.filter((line) => !line.is_optional);
  return computeCocktailAlcohol(lines, cocktail.technique);
}

function Section({
  title,
  children,
  aside,
  id,
}: {
  title: string;
  children: React.ReactNode;
  aside?: React.ReactNode;
  id: string;
}) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-3">
        <h3 id={id} className="text-xs font-semibold tracking-[0.12em] text-muted uppercase">
          {title}
        </h3>
        {aside}
      </div>
      {children}
    </section>
  );
}

function Fact({ icon: Icon, label, value }: { icon: typeof ClockIcon; label: string; value: string }) {
  return (
    <div className="flex min-w-0 flex-col gap-1 rounded-xl border border-border bg-surface-2/60 px-3 py-2.5">
      <dt className="flex items-center gap-1.5 text-xs text-muted">
        <Icon aria-hidden="true" className="size-3.5 text-accent" />
        {label}
      </dt>
      <dd className="truncate text-sm font-medium text-foreground">{value}</dd>
    </div>
  );
}

function IngredientRow({ line, system, mark }: { line: IngredientLine; system: UnitSystem; mark?: React.ReactNode }) {
  // '22.5 ml' as stated; '1' + 'Sugar cube' rather than '1 cube' + 'Sugar cube' (shared/domain/units.ts formatRecipeLine).
  const { amount, ingredient } = formatRecipeLine(line, system);
  return (
    <li className="grid grid-cols-[5.5rem_1fr] items-baseline gap-3 border-b border-border/70 py-2.5 last:border-b-0">
      <span className="text-right text-sm font-semibold tabular-nums text-accent">{amount}</span>
      <span className="min-w-0 text-base text-foreground">
        {ingredient}
        {line.is_optional ? (
          <Badge variant="secondary" className="ml-2 align-middle">
            optional
          </Badge>
        ) : null}
        {mark}
        {line.note ? <span className="mt-0.5 block text-sm text-muted">{line.note}</span> : null}
      </span>
    </li>
  );
}

function TagList({
  label,
  tags,
  variant,
}: {
  label: string;
  tags: readonly string[];
  variant: 'accent' | 'outline' | 'secondary';
}) {
  if (tags.length === 0) return null;
  return (
    <div className="flex flex-col gap-2">
      <h4 className="text-xs text-muted">{label}</h4>
      <ul className="flex flex-wrap gap-1.5" aria-label={label}>
        {tags.map((tag) => (
          <li key={tag}>
            <Badge variant={variant}>{tag}</Badge>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Reads the detail body as a full recipe with the catalogue's contract; with none (`null`: a recipe the server drew,
 * which it checked against the same schema first), as it is.
 * @throws Error naming every field that does not fit the detail shape (caught by the modal's render-error view).
 */
function parseRecipe(data: unknown, contract: CocktailContract | null): CocktailDetail {
  if (contract === null) return data as CocktailDetail;
  const result = contract.cocktailDetailSchema.safeParse(data);
  if (result.success) return result.data;
  const fields = [...new Set(result.error.issues.map((issue) => issue.path.join('.') || '(root)'))];
  throw new Error(`The recipe data is incomplete or malformed; fields: ${fields.join(', ')}`);
}

/**
 * The recipe view. `data` is the API's detail body (unknown until parsed; parse failure throws). Memoised: the dialog
 * around it renders again on every change of its own state (focus, presence, the page's updates), the recipe only when
 * its data does (or the unit system, the actions and extras it reads).
 */
export const CocktailRecipe = memo(function CocktailRecipe({ data }: { data: unknown }) {
  const serverChecked = useIsServerCheckedRecipe(data);
  const cocktail = parseRecipe(data, useCocktailContract(!serverChecked));
  const [system] = useUnitSystem();
  const renderActions = useCocktailActions();
  const extras = useRecipeExtras();
  const steps = splitInstructions(cocktail.instructions);
  const alcohol = alcoholOf(cocktail);
  const dilution = DILUTION_BY_TECHNIQUE[cocktail.technique];
  const idBase = `recipe-${cocktail.id}`;

  return (
    <article className="flex flex-col" data-testid="cocktail-recipe">
      <header className="relative flex gap-4 border-b border-border bg-[radial-gradient(ellipse_at_top_left,rgb(230_168_79/0.14),transparent_60%)] p-5 pr-14 sm:gap-5 sm:p-6 sm:pr-14">
        <CocktailVisual
          id={cocktail.id}
          glassware={cocktail.glassware}
          technique={cocktail.technique}
          base_spirit={cocktail.base_spirit}
          garnish={cocktail.garnish}
          flavor_profile={cocktail.flavor_profile}
          ingredients={cocktail.ingredients}
          className="h-32 w-24 shrink-0 rounded-xl border border-border sm:h-40 sm:w-32"
        />
        {/* Under the dialog's close button (top right), the same column. */}
        <div className="absolute top-14 right-[0.625rem]">{renderActions(cocktail, 'modal')}</div>
        <div className="flex min-w-0 flex-col justify-center gap-3">
          {cocktail.is_signature ? (
            <span className="flex items-center gap-1 text-xs font-medium tracking-wide text-accent uppercase">
              <SparklesIcon aria-hidden="true" className="size-3.5" />
              Signature
            </span>
          ) : null}
          <DialogTitle className="text-2xl leading-tight sm:text-3xl">{cocktail.name}</DialogTitle>
          <ul className="flex flex-wrap gap-1.5" aria-label="About this cocktail">
            <li>
              <Badge variant="accent">{cocktail.base_spirit}</Badge>
            </li>
            {cocktail.category ? (
              <li>
                <Badge variant="default">{cocktail.category}</Badge>
              </li>
            ) : null}
            <li>
              <Badge variant="outline">
                <FlameIcon aria-hidden="true" />
                <span className="sr-only">Strength: </span>
                {cocktail.strength}
              </Badge>
            </li>
          </ul>
        </div>
      </header>

      <div className="flex flex-col gap-7 p-5 sm:p-6">
        {cocktail.description ? (
          <DialogDescription className="text-base leading-relaxed text-[#e4dacb]">
            {cocktail.description}
          </DialogDescription>
        ) : (
          // A recipe of the user's own may have no description: the dialog is still described, without a blank gap.
          <DialogDescription className="sr-only">
            {cocktail.base_spirit}, {cocktail.strength.toLowerCase()}, {cocktail.technique.toLowerCase()}
          </DialogDescription>
        )}

        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          <Fact icon={ClockIcon} label="Prep time" value={formatMinutes(cocktail.preparation_time)} />
          <Fact icon={GlassWaterIcon} label="Glass" value={cocktail.glassware} />
          <Fact icon={UtensilsCrossedIcon} label="Method" value={cocktail.technique} />
          <Fact icon={SignalIcon} label="Difficulty" value={cocktail.difficulty_level} />
        </dl>

        <Section title="Ingredients" id={`${idBase}-ingredients`} aside={<UnitToggle />}>
          <ul className="rounded-xl border border-border bg-surface-2/40 px-3">
            {cocktail.ingredients.map((line) => (
              <IngredientRow
                key={`${line.position}-${line.ingredient_id}`}
                line={line}
                system={system}
                mark={extras.lineMark(cocktail, line.position)}
              />
            ))}
          </ul>
          {extras.panel(cocktail)}
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="secondary" size="sm" data-testid="batch-this">
              <Link to={hrefs.batchCalculator({ cocktail: cocktail.id })}>
                <CalculatorIcon aria-hidden="true" />
                Batch this
              </Link>
            </Button>
            <ShareRecipeButton cocktail={cocktail} />
            {extras.actions?.(cocktail)}
          </div>
        </Section>

        <Section title="Method" id={`${idBase}-method`}>
          <ol className="flex flex-col gap-3">
            {steps.map((step, index) => (
              <li key={index} className="flex gap-3">
                <span
                  aria-hidden="true"
                  className="flex size-7 shrink-0 items-center justify-center rounded-full bg-accent-soft text-sm font-semibold text-accent"
                >
                  {index + 1}
                </span>
                <span className="pt-0.5 text-base leading-relaxed">{step}</span>
              </li>
            ))}
          </ol>
          <dl className="flex gap-2 text-sm">
            <dt className="text-muted">Garnish</dt>
            <dd className="font-medium">{cocktail.garnish}</dd>
          </dl>
        </Section>

        <Section
          title="Strength"
          id={`${idBase}-strength`}
          aside={<Badge variant="secondary">{cocktail.strength}</Badge>}
        >
          <div className="rounded-xl border border-border bg-surface-2/40 p-4">
            <dl className="grid grid-cols-3 gap-3 text-center">
              <div className="flex flex-col gap-1">
                <dt className="order-2 text-xs text-muted">ABV in the glass</dt>
                <dd className="order-1 font-display text-2xl font-semibold text-accent">
                  {alcohol.finalAbv.toFixed(1)}%
                </dd>
              </div>
              <div className="flex flex-col gap-1">
                <dt className="order-2 text-xs text-muted">Serving volume</dt>
                <dd className="order-1 font-display text-2xl font-semibold">
                  {formatComputedVolume(alcohol.servingVolumeMl, system)}
                </dd>
              </div>
              <div className="flex flex-col gap-1">
                <dt className="order-2 text-xs text-muted">US standard drinks</dt>
                <dd className="order-1 font-display text-2xl font-semibold">{alcohol.usStandardDrinks.toFixed(1)}</dd>
              </div>
            </dl>
            <p className="mt-4 flex gap-2 border-t border-border pt-3 text-xs leading-relaxed text-muted">
              <InfoIcon aria-hidden="true" className="mt-0.5 size-3.5 shrink-0 text-accent" />
              <span>
                <span className="font-medium text-foreground">How we compute this: </span>
                we add up the alcohol in each ingredient
                {cocktail.ingredients.some((line) => line.is_optional) ? ' (optional ones left out)' : ''}, then add the
                melt water that {TECHNIQUE_VERB[cocktail.technique]} typically brings: about {percent(dilution)} of the
                volume. A standard drink holds 14 g of alcohol. Your ice and pour will vary.
              </span>
            </p>
          </div>
        </Section>

        <Section title="Flavour and occasions" id={`${idBase}-tags`}>
          <div className="flex flex-col gap-4">
            <TagList label="Flavour profile" tags={cocktail.flavor_profile} variant="accent" />
            <TagList label="Seasons" tags={cocktail.seasonal_tags} variant="outline" />
            <TagList label="Occasions" tags={cocktail.occasion_tags} variant="secondary" />
          </div>
        </Section>

        {cocktail.source ? (
          <p className="text-xs text-subtle">
            From{' '}
            {cocktail.source.url ? (
              <a href={cocktail.source.url} target="_blank" rel="noopener noreferrer" className="underline">
                {cocktail.source.name}
              </a>
            ) : (
              cocktail.source.name
            )}
            {cocktail.source.licence ? `, ${cocktail.source.licence}` : ''}
          </p>
        ) : null}
        <p className="flex items-center gap-2 text-xs text-subtle">
          <DropletIcon aria-hidden="true" className="size-3.5" />
          Please drink responsibly.
        </p>
      </div>
    </article>
  );
});

/** The loading state of the recipe, the same layout as {@link CocktailRecipe}, with the 'Loading recipe…' status. */
export function CocktailRecipeSkeleton({ className }: { className?: string }) {
  return (
    <div className={cn('flex flex-col', className)}>
      <div className="flex gap-4 border-b border-border p-5 pr-14 sm:gap-5 sm:p-6">
        <Skeleton className="h-32 w-24 shrink-0 rounded-xl sm:h-40 sm:w-32" />
        <div className="flex flex-1 flex-col justify-center gap-3">
          <DialogTitle className="text-2xl sm:text-3xl">
            <span role="status">Loading recipe…</span>
          </DialogTitle>
          <div aria-hidden="true" className="flex gap-1.5">
            <Skeleton className="h-5 w-14 rounded-full" />
            <Skeleton className="h-5 w-16 rounded-full" />
            <Skeleton className="h-5 w-14 rounded-full" />
          </div>
        </div>
      </div>
      <div aria-hidden="true" className="flex flex-col gap-3 p-5 sm:p-6">
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-11/12" />
        <Skeleton className="h-4 w-3/5" />
        <div className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-4">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-16 rounded-xl" />
          ))}
        </div>
        <Skeleton className="mt-4 h-48 rounded-xl" />
      </div>
    </div>
  );
}
