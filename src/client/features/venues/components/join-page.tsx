import { Building2Icon, CheckCircle2Icon, LogInIcon } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { hrefs, paths } from '@/client/config/paths';
import { LoadFailed } from '@/client/components/load-failed';
import { Button } from '@/client/components/ui/button';
import { Skeleton } from '@/client/components/ui/skeleton';
import { ApiError } from '@/client/lib/api-client';
import { rememberReturnPath } from '@/client/lib/return-path';
import type { SessionState } from '@/client/lib/session';
import { openSignInDialog } from '@/client/lib/sign-in-store';
import { VENUE_ROLE_LABELS } from '@/shared/domain/venues';
import type { InvitationView } from '@/shared/schemas/venues';
import { useAcceptInvitation, useInvitation } from '../api/venues';

/** What the join page says about an invitation that can no longer be accepted. */
const CLOSED_TEXT: Record<Exclude<InvitationView['status'], 'pending'>, string> = {
  accepted: 'This invitation has been accepted already.',
  rejected: 'This invitation was declined.',
  canceled: 'The venue withdrew this invitation. Ask its owner for a new one.',
  expired: 'This invitation has expired. Ask the venue’s owner to send a new one.',
};

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <section
      aria-labelledby="join-title"
      className="mx-auto flex max-w-md flex-col items-center gap-4 rounded-3xl border border-border bg-[radial-gradient(ellipse_at_top,rgb(230_168_79/0.14),transparent_60%)] bg-surface px-6 py-12 text-center shadow-card"
      data-testid="venue-join"
    >
      <span className="flex size-14 items-center justify-center rounded-full bg-accent-soft text-accent">
        <Building2Icon aria-hidden="true" className="size-7" />
      </span>
      {children}
    </section>
  );
}

/** The accept step for a signed-in user. */
function AcceptButton({ userId, invitationId }: { userId: string; invitationId: string }) {
  const navigate = useNavigate();
  const accept = useAcceptInvitation(userId, invitationId);
  return (
    <>
      <Button
        size="lg"
        disabled={accept.isPending}
        onClick={() => accept.mutate(undefined, { onSuccess: ({ venue }) => void navigate(hrefs.venue(venue.slug)) })}
      >
        <CheckCircle2Icon aria-hidden="true" />
        Join the team
      </Button>
      {accept.isError ? (
        <p role="alert" className="text-sm text-danger-text">
          {accept.error instanceof ApiError ? accept.error.message : 'Not joined. Try again.'}
        </p>
      ) : null}
    </>
  );
}

/**
 * /venues/join/:invitationId: what an invitation is (venue, role, who sent it, the address it was sent to, hinted), then
 * sign in (the page remembers itself, so the sign-in comes back here) and join. A closed invitation says why.
 */
export function JoinPage({ invitationId, session }: { invitationId: string; session: SessionState }) {
  const invitation = useInvitation(invitationId);
  if (invitation.isPending) {
    return (
      <Frame>
        <Skeleton className="h-8 w-3/4" />
        <Skeleton className="h-4 w-full" />
      </Frame>
    );
  }
  if (invitation.isError) {
    if (invitation.error instanceof ApiError && invitation.error.status === 404) {
      return (
        <Frame>
          <h1 id="join-title" className="font-display text-2xl font-semibold">
            Invitation not found
          </h1>
          <p className="text-sm text-muted">
            This link does not match an invitation. Check the email, or ask for a new one.
          </p>
        </Frame>
      );
    }
    return (
      <LoadFailed
        variant="banner"
        message="The invitation could not be loaded."
        onRetry={() => void invitation.refetch()}
        retrying={invitation.isFetching}
      />
    );
  }
  const view = invitation.data;
  return (
    <Frame>
      <h1 id="join-title" className="font-display text-2xl font-semibold tracking-[-0.01em]">
        Join {view.venueName}
      </h1>
      <p className="text-sm text-muted">
        {view.invitedBy ? `${view.invitedBy} invited you` : 'You are invited'} to join as{' '}
        {VENUE_ROLE_LABELS[view.role].toLowerCase()}. The venue covers the plan: no subscription needed.
      </p>
      {view.status !== 'pending' ? (
        <>
          <p className="text-sm font-medium">{CLOSED_TEXT[view.status]}</p>
          <Button asChild variant="secondary">
            <Link to={paths.venues}>Your venues</Link>
          </Button>
        </>
      ) : session.status === 'loading' ? (
        <Skeleton className="h-12 w-40 rounded-lg" />
      ) : session.status === 'signed-in' && session.user ? (
        <AcceptButton userId={session.user.id} invitationId={view.id} />
      ) : (
        <>
          <p className="text-sm">
            Sign in or create your account with <strong className="font-semibold">{view.emailHint}</strong>.
          </p>
          <Button
            size="lg"
            onClick={() => {
              rememberReturnPath(hrefs.venueJoin(view.id));
              openSignInDialog('prompt');
            }}
          >
            <LogInIcon aria-hidden="true" />
            Sign in to join
          </Button>
        </>
      )}
    </Frame>
  );
}
