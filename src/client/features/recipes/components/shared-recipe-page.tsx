import { ClockIcon, GlassWaterIcon, SignalIcon, UtensilsCrossedIcon } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/client/config/paths';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Skeleton } from '@/client/components/ui/skeleton';
import { ApiError } from '@/client/lib/api-client';
import { LoadFailed } from '@/client/components/load-failed';
import { useDocumentTitle } from '@/client/lib/use-document-title';
import { formatLine } from '@/shared/domain/line-format';
import { splitInstructions } from '@/shared/domain/recipe-steps';
import type { Unit } from '@/shared/domain/units';
import type { SharedRecipe } from '@/shared/schemas/recipes';
import { useSharedRecipe } from '../api/own-recipes';

/** A shared recipe, read-only: name, what it is, its lines, method and garnish. */
function RecipeBody({ recipe }: { recipe: SharedRecipe }) {
  const facts = [
    { icon: ClockIcon, label: 'Prep time', value: `${recipe.preparation_time} min` },
    { icon: GlassWaterIcon, label: 'Glass', value: recipe.glassware },
    { icon: UtensilsCrossedIcon, label: 'Method', value: recipe.technique },
    { icon: SignalIcon, label: 'Difficulty', value: recipe.difficulty_level },
  ];
  return (
    <article className="flex flex-col gap-6 rounded-2xl border border-border bg-surface p-5 shadow-card sm:p-7">
      <header className="flex flex-col gap-3">
        <p className="text-xs font-semibold tracking-[0.18em] text-accent uppercase">A shared recipe</p>
        <h1 className="font-display text-3xl font-semibold tracking-[-0.02em] md:text-4xl">{recipe.name}</h1>
        <ul className="flex flex-wrap gap-1.5" aria-label="About this cocktail">
          <li>
            <Badge variant="accent">{recipe.base_spirit}</Badge>
          </li>
          <li>
            <Badge variant="outline">
              <span className="sr-only">Strength: </span>
              {recipe.strength}
            </Badge>
          </li>
        </ul>
        {recipe.description ? <p className="text-base leading-relaxed">{recipe.description}</p> : null}
      </header>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {facts.map(({ icon: Icon, label, value }) => (
          <div key={label} className="flex flex-col gap-1 rounded-xl border border-border bg-surface-2/40 p-3">
            <dt className="flex items-center gap-1.5 text-xs text-muted">
              <Icon aria-hidden="true" className="size-3.5" />
              {label}
            </dt>
            <dd className="text-sm font-medium">{value}</dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="shared-ingredients" className="flex flex-col gap-2">
        <h2 id="shared-ingredients" className="font-display text-xl font-semibold">
          Ingredients
        </h2>
        <ul className="rounded-xl border border-border bg-surface-2/40 px-3">
          {[...recipe.ingredients]
            .sort((a, b) => a.position - b.position)
            .map((line) => (
              <li key={line.position} className="border-b border-border py-2.5 text-base last:border-b-0">
                {formatLine({
                  amount: line.amount,
                  amountMax: line.amount_max,
                  unit: line.unit as Unit,
                  ingredient: line.ingredient,
                  note: line.note,
                  optional: line.is_optional,
                })}
              </li>
            ))}
        </ul>
      </section>
      <section aria-labelledby="shared-method" className="flex flex-col gap-2">
        <h2 id="shared-method" className="font-display text-xl font-semibold">
          Method
        </h2>
        <ol className="flex list-decimal flex-col gap-2 pl-5">
          {splitInstructions(recipe.instructions).map((step, index) => (
            <li key={index} className="leading-relaxed">
              {step}
            </li>
          ))}
        </ol>
        {recipe.garnish ? (
          <p className="text-sm text-muted">
            <span className="font-medium text-foreground">Garnish:</span> {recipe.garnish}
          </p>
        ) : null}
      </section>
    </article>
  );
}

/** /recipes/shared/:slug: a recipe someone shared, for anyone with the link; a link turned off says so. */
export function SharedRecipePage({ slug }: { slug: string }) {
  const recipe = useSharedRecipe(slug);
  // The recipe's own name, as the server's head gives it: 'Paper Plane cocktail recipe · Barback'.
  useDocumentTitle(recipe.data ? `${recipe.data.name} cocktail recipe` : 'Shared recipe');
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6" data-testid="shared-recipe-page">
      {recipe.isPending ? (
        <Skeleton className="h-96 w-full rounded-2xl" />
      ) : recipe.isError ? (
        recipe.error instanceof ApiError && recipe.error.status === 404 ? (
          <div className="flex flex-col items-start gap-3 rounded-2xl border border-border bg-surface p-6">
            <h1 className="font-display text-2xl font-semibold">This recipe is not shared</h1>
            <p className="text-muted">Its owner turned the link off, or the address is mistyped.</p>
            <Button asChild variant="secondary">
              <Link to={paths.discover}>Discover cocktails</Link>
            </Button>
          </div>
        ) : (
          <LoadFailed
            message="The recipe could not be loaded."
            onRetry={() => void recipe.refetch()}
            retrying={recipe.isFetching}
          />
        )
      ) : (
        <RecipeBody recipe={recipe.data} />
      )}
    </div>
  );
}
