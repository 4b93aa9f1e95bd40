import { SignInRequired } from '@/client/features/account/components/sign-in-required';
import { AccountPageSkeleton } from '@/client/features/account/components/account-page-skeleton';
import { CollectionsPage } from '@/client/features/collections/components/collections-page';
import { useSession } from '@/client/lib/session';
import { useDocumentTitle } from '@/client/lib/use-document-title';
import { satisfiesEntitlement } from '@/shared/domain/plans';

/**
 * Route module of `/collections`: the signed-in user's collections and the export. Writing needs Pro (the page
 * shows a lock to /upgrade otherwise); reading and exporting stay open after a plan lapses. Exports `Component`.
 */
export function Component() {
  useDocumentTitle('Collections');
  const session = useSession();
  if (session.status === 'loading') return <AccountPageSkeleton label="Loading your collections…" />;
  if (session.status === 'signed-out' || !session.user) {
    return (
      <SignInRequired
        title="Sign in to see your collections"
        description="Collections keep the cocktails you want together: a party, a season, a bar's menu. They come with Pro."
      />
    );
  }
  const canWrite = satisfiesEntitlement(session.user.appMetadata?.entitlements ?? [], 'pro');
  const lapsed = !canWrite && session.user.appMetadata?.lapsed === true;
  return <CollectionsPage userId={session.user.id} canWrite={canWrite} lapsed={lapsed} />;
}
