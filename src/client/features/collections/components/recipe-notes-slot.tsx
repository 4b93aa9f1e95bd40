import { lazy, Suspense } from 'react';
import { useSession } from '@/client/lib/session';
import { satisfiesEntitlement } from '@/shared/domain/plans';

/**
 * The light entry to a recipe's rating and private note: shown to signed-in users (a user without the plan sees them
 * read-only with a lock to /upgrade), loading the panel's code only then, so anonymous first page loads carry none of it.
 */
const LazyRecipeNotesPanel = lazy(() =>
  import('./recipe-notes-panel').then((module) => ({ default: module.RecipeNotesPanel })),
);

/** The rating and note under a recipe's ingredients (see recipe-notes-panel.tsx). */
export function RecipeNotesSlot({ cocktail }: { cocktail: { id: number; name: string } }) {
  const session = useSession();
  if (session.status !== 'signed-in' || !session.user) return null;
  const canWrite = satisfiesEntitlement(session.user.appMetadata?.entitlements ?? [], 'pro');
  return (
    <Suspense fallback={null}>
      <LazyRecipeNotesPanel userId={session.user.id} cocktail={cocktail} canWrite={canWrite} />
    </Suspense>
  );
}

const LazyCardExtras = lazy(() => import('./card-extras').then((module) => ({ default: module.CardExtras })));

/** On a card, for a user with the plan: their rating and 'add to a collection' (see card-extras.tsx); nothing otherwise. */
export function CardCollectionsSlot({ cocktail }: { cocktail: { id: number; name: string } }) {
  const session = useSession();
  if (session.status !== 'signed-in' || !session.user) return null;
  if (!satisfiesEntitlement(session.user.appMetadata?.entitlements ?? [], 'pro')) return null;
  return (
    <Suspense fallback={null}>
      <LazyCardExtras userId={session.user.id} cocktail={cocktail} />
    </Suspense>
  );
}
