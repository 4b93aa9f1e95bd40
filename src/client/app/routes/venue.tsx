import { useParams } from 'react-router';
import { AccountPageSkeleton } from '@/client/features/account/components/account-page-skeleton';
import { SignInRequired } from '@/client/features/account/components/sign-in-required';
import { VenuePage } from '@/client/features/venues/components/venue-page';
import { useSession } from '@/client/lib/session';
import { useDocumentTitle } from '@/client/lib/use-document-title';

/** Route module of `/venues/:slug`: a venue's space for its team. Exports `Component`. */
export function Component() {
  useDocumentTitle('Venue');
  const { slug = '' } = useParams();
  const session = useSession();
  if (session.status === 'loading') return <AccountPageSkeleton label="Loading the venue…" />;
  if (session.status === 'signed-out' || !session.user) {
    return (
      <SignInRequired title="Sign in to open this venue" description="A venue's space is open to its team only." />
    );
  }
  return <VenuePage userId={session.user.id} slug={slug} />;
}
