import { useParams } from 'react-router';
import { JoinPage } from '@/client/features/venues/components/join-page';
import { useSession } from '@/client/lib/session';
import { useDocumentTitle } from '@/client/lib/use-document-title';

/** Route module of `/venues/join/:invitationId`: an invitation to a venue's team. Exports `Component`. */
export function Component() {
  useDocumentTitle('Join a venue');
  const { invitationId = '' } = useParams();
  const session = useSession();
  return <JoinPage invitationId={invitationId} session={session} />;
}
