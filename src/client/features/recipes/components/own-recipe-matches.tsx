import { BookOpenTextIcon } from 'lucide-react';
import { Link, type To } from 'react-router';
import { useOwnRecipeSearch } from '../api/own-recipes';

/** Most of the owner's matches shown above the catalogue's results. */
const SHOWN = 6;

/**
 * Above the search results, for a signed-in user: their own recipes that match the search text (name, ingredients,
 * tags), each opening in the recipe dialog (`recipeTo`); nothing while none match. The catalogue's results stay
 * public and cached; these come from the user's own list.
 */
export function OwnRecipeMatches({ userId, q, recipeTo }: { userId: string; q: string; recipeTo: (id: number) => To }) {
  const matches = useOwnRecipeSearch(userId, q);
  const items = q.trim() === '' ? [] : (matches.data?.items ?? []);
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="own-matches" className="flex flex-col gap-2" data-testid="own-recipe-matches">
      <h3 id="own-matches" className="flex items-center gap-2 text-sm font-semibold">
        <BookOpenTextIcon aria-hidden="true" className="size-4 text-accent" />
        From your recipes
      </h3>
      <ul className="flex flex-wrap gap-2">
        {items.slice(0, SHOWN).map((recipe) => (
          <li key={recipe.id}>
            <Link
              to={recipeTo(recipe.id)}
              state={{ recipeFromList: true }}
              preventScrollReset
              className="flex flex-col rounded-xl border border-border bg-surface px-3 py-2 outline-none hover:border-accent focus-visible:outline-2 focus-visible:outline-ring"
            >
              <span className="font-medium">{recipe.name}</span>
              <span className="text-xs text-muted">
                {recipe.base_spirit} · {recipe.strength}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
