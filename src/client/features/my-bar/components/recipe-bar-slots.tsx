import { lazy, Suspense } from 'react';
import { useSession } from '@/client/lib/session';
import { satisfiesEntitlement } from '@/shared/domain/plans';

/**
 * The light entry to My Bar's marks around the catalogue: each slot checks the session (no request, no schema library)
 * and only for a user whose plan includes My Bar (pro or enterprise) loads the marks' code (recipe-bar-extras.tsx), so
 * the first page load of everyone else carries none of it.
 */

const extras = () => import('./recipe-bar-extras');
const LazyCanMakeMark = lazy(() => extras().then((m) => ({ default: m.CanMakeMark })));
const LazyRecipeLineMark = lazy(() => extras().then((m) => ({ default: m.RecipeLineMark })));
const LazyRecipeBarPanel = lazy(() => extras().then((m) => ({ default: m.RecipeBarPanel })));

/** The signed-in user's id when their plan includes My Bar, else null. */
export function useBarUser(): string | null {
  const session = useSession();
  if (session.status !== 'signed-in' || !session.user) return null;
  return satisfiesEntitlement(session.user.appMetadata?.entitlements ?? [], 'pro') ? session.user.id : null;
}

/** A card's 'Can make' mark (see recipe-bar-extras.tsx). */
export function CanMakeSlot({ cocktailId }: { cocktailId: number }) {
  const userId = useBarUser();
  if (!userId) return null;
  return (
    <Suspense fallback={null}>
      <LazyCanMakeMark userId={userId} cocktailId={cocktailId} />
    </Suspense>
  );
}

/** A recipe line's mark (see recipe-bar-extras.tsx). */
export function RecipeLineSlot({ cocktailId, position }: { cocktailId: number; position: number }) {
  const userId = useBarUser();
  if (!userId) return null;
  return (
    <Suspense fallback={null}>
      <LazyRecipeLineMark userId={userId} cocktailId={cocktailId} position={position} />
    </Suspense>
  );
}

/** The panel under a recipe's ingredients (see recipe-bar-extras.tsx). */
export function RecipeBarSlot({ cocktail }: { cocktail: { id: number; name: string } }) {
  const userId = useBarUser();
  if (!userId) return null;
  return (
    <Suspense fallback={null}>
      <LazyRecipeBarPanel userId={userId} cocktail={cocktail} />
    </Suspense>
  );
}

const LazyShoppingStatus = lazy(() => extras().then((m) => ({ default: m.ShoppingStatus })));

/** A shopping-list row's My Bar status ('In your bar', or 'Add to list') in the batch calculator (see recipe-bar-extras.tsx). */
export function ShoppingStatusSlot({ ingredient }: { ingredient: string }) {
  const userId = useBarUser();
  if (!userId) return null;
  return (
    <Suspense fallback={null}>
      <LazyShoppingStatus userId={userId} ingredient={ingredient} />
    </Suspense>
  );
}
