import { AccountPageSkeleton } from '@/client/features/account/components/account-page-skeleton';
import { SignInRequired } from '@/client/features/account/components/sign-in-required';
import { VenuesPage } from '@/client/features/venues/components/venues-page';
import { useSession } from '@/client/lib/session';
import { useDocumentTitle } from '@/client/lib/use-document-title';
import { satisfiesEntitlement } from '@/shared/domain/plans';

/** Route module of `/venues`: the user's venues, and setting one up with Enterprise. Exports `Component`. */
export function Component() {
  useDocumentTitle('Venues');
  const session = useSession();
  if (session.status === 'loading') return <AccountPageSkeleton label="Loading your venues…" />;
  if (session.status === 'signed-out' || !session.user) {
    return (
      <SignInRequired
        title="Sign in to see your venues"
        description="Venues give a bar's team one inventory, signature cocktails and a menu guests open with a QR code."
      />
    );
  }
  const canCreate = satisfiesEntitlement(session.user.appMetadata?.entitlements ?? [], 'enterprise');
  return <VenuesPage userId={session.user.id} canCreate={canCreate} />;
}
