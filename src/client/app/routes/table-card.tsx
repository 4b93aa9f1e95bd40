import { useParams } from 'react-router';
import { SignInRequired } from '@/client/features/account/components/sign-in-required';
import { TableCardPage } from '@/client/features/venues/components/table-card-page';
import { useSession } from '@/client/lib/session';
import { useDocumentTitle } from '@/client/lib/use-document-title';

/** Route module of `/venues/:slug/table-card`: the printable QR table card, outside the shell. */
export function Component() {
  useDocumentTitle('Table card');
  const { slug = '' } = useParams();
  const session = useSession();
  if (session.status === 'signed-out') {
    return (
      <SignInRequired title="Sign in to print the table card" description="Table cards are made by the venue's team." />
    );
  }
  if (!session.user) return null;
  return <TableCardPage userId={session.user.id} slug={slug} />;
}
