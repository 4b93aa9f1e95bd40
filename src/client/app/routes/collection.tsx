import { useParams } from 'react-router';
import { SignInRequired } from '@/client/features/account/components/sign-in-required';
import { AccountPageSkeleton } from '@/client/features/account/components/account-page-skeleton';
import { RecipeModalHost } from '@/client/features/catalogue/components/recipe-modal-host';
import { useRecipeParam } from '@/client/features/catalogue/hooks/use-recipe-param';
import { CollectionPage } from '@/client/features/collections/components/collection-page';
import { useSession } from '@/client/lib/session';
import { useDocumentTitle } from '@/client/lib/use-document-title';
import { satisfiesEntitlement } from '@/shared/domain/plans';
import { NotFoundView } from '../shell/not-found-view';

/** Route module of `/collections/:id`: one of the user's collections, its recipes opening in the modal. */
export function Component() {
  useDocumentTitle('Collection');
  const session = useSession();
  const { recipeTo } = useRecipeParam();
  const id = Number(useParams().id);
  if (!Number.isInteger(id) || id <= 0) return <NotFoundView />;
  if (session.status === 'loading') return <AccountPageSkeleton label="Loading the collection…" />;
  if (session.status === 'signed-out' || !session.user) {
    return (
      <SignInRequired title="Sign in to see this collection" description="Your collections live in your account." />
    );
  }
  const canWrite = satisfiesEntitlement(session.user.appMetadata?.entitlements ?? [], 'pro');
  const lapsed = !canWrite && session.user.appMetadata?.lapsed === true;
  return (
    <>
      <CollectionPage userId={session.user.id} id={id} canWrite={canWrite} lapsed={lapsed} recipeTo={recipeTo} />
      <RecipeModalHost />
    </>
  );
}
