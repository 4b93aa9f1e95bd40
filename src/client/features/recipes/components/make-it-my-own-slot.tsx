import { lazy, Suspense } from 'react';
import { useSession } from '@/client/lib/session';

const LazyMakeItMyOwn = lazy(() => import('./make-it-my-own').then((module) => ({ default: module.MakeItMyOwn })));

/** 'Make it my own' (or Edit on an own recipe) beside 'Batch this', for signed-in users; its code loads only for them. */
export function MakeItMyOwnSlot({ cocktail }: { cocktail: { id: number; name: string } }) {
  const session = useSession();
  if (session.status !== 'signed-in' || !session.user) return null;
  return (
    <Suspense fallback={null}>
      <LazyMakeItMyOwn userId={session.user.id} cocktail={cocktail} />
    </Suspense>
  );
}
