import { zodResolver } from '@hookform/resolvers/zod';
import { MailIcon, UserMinusIcon, UsersIcon, XIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { LoadFailed } from '@/client/components/load-failed';
import { Button } from '@/client/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/client/components/ui/dialog';
import {
  Form,
  FormControl,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
  FormRootMessage,
} from '@/client/components/ui/form';
import { Input } from '@/client/components/ui/input';
import { NativeSelect } from '@/client/components/ui/native-select';
import { Skeleton } from '@/client/components/ui/skeleton';
import { ApiError } from '@/client/lib/api-client';
import { showToast } from '@/client/lib/toast-events';
import { VENUE_ROLE_LABELS } from '@/shared/domain/venues';
import { invitationCreateSchema, type InvitationCreate, type VenueMember } from '@/shared/schemas/venues';
import { useChangeTeam, useVenueMembers } from '../api/venues';

/** The invitation form: an email and a role; the server mails the link. */
function InviteForm({ userId, slug, full }: { userId: string; slug: string; full: boolean }) {
  const change = useChangeTeam(userId, slug);
  const form = useForm<z.input<typeof invitationCreateSchema>, unknown, InvitationCreate>({
    resolver: zodResolver(invitationCreateSchema),
    defaultValues: { email: '', role: 'staff' },
  });
  const onValid = (body: InvitationCreate) =>
    change.mutate(
      { kind: 'invite', body },
      {
        onSuccess: () => {
          form.reset({ email: '', role: body.role });
          showToast({ title: 'Invitation sent', description: `${body.email} will get an email with the link.` });
        },
        onError: (error) =>
          form.setError(
            error instanceof ApiError && error.code === 'SEAT_LIMIT_REACHED' ? 'root' : 'email',
            {
              type: 'server',
              message: error instanceof ApiError ? error.message : 'The invitation was not sent. Try again.',
            },
            { shouldFocus: true },
          ),
      },
    );
  return (
    <Form {...form}>
      <form
        noValidate
        onSubmit={(event) => void form.handleSubmit(onValid)(event)}
        className="flex flex-col gap-3"
        aria-label="Invite to the team"
      >
        <div className="grid gap-3 sm:grid-cols-[1fr_10rem_auto] sm:items-start">
          <FormField
            control={form.control}
            name="email"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Email address</FormLabel>
                <FormControl>
                  <Input {...field} type="email" autoComplete="off" placeholder="bartender@example.com" />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="role"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Role</FormLabel>
                <FormControl>
                  <NativeSelect {...field}>
                    <option value="staff">{VENUE_ROLE_LABELS.staff}</option>
                    <option value="manager">{VENUE_ROLE_LABELS.manager}</option>
                  </NativeSelect>
                </FormControl>
              </FormItem>
            )}
          />
          <Button type="submit" className="sm:mt-[1.625rem]" disabled={change.isPending || full}>
            <MailIcon aria-hidden="true" />
            Send invitation
          </Button>
        </div>
        {form.formState.errors.root ? (
          <FormRootMessage />
        ) : full ? (
          <p className="text-sm text-muted">Every seat is taken: remove a member or withdraw an invitation first.</p>
        ) : null}
      </form>
    </Form>
  );
}

/** The confirmation before a member is removed (their access ends at once). */
function RemoveMemberButton({
  member,
  onConfirm,
  busy,
}: {
  member: VenueMember;
  onConfirm: () => void;
  busy: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => setOpen(true)}
        aria-label={`Remove ${member.name || member.email}`}
      >
        <UserMinusIcon aria-hidden="true" />
        Remove
      </Button>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Remove {member.name || member.email}?</DialogTitle>
          <DialogDescription>
            They lose access to the venue at once and their seat is free again. You can invite them again later.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary">Keep</Button>
          </DialogClose>
          <Button
            variant="destructive"
            disabled={busy}
            onClick={() => {
              onConfirm();
              setOpen(false);
            }}
          >
            Remove
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** The owner's team panel: seats, the invitation form, members and waiting invitations. */
export function TeamPanel({ userId, slug }: { userId: string; slug: string }) {
  const team = useVenueMembers(userId, slug, true);
  const change = useChangeTeam(userId, slug);
  const failed = (title: string) => (error: unknown) =>
    showToast({ title, description: error instanceof ApiError ? error.message : 'Try again.', variant: 'error' });

  return (
    <section
      aria-labelledby="team-title"
      className="flex flex-col gap-4 rounded-2xl border border-border bg-surface p-5 shadow-card"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="team-title" className="flex items-center gap-2 font-display text-xl font-semibold">
          <UsersIcon aria-hidden="true" className="size-5 text-accent" />
          Team
        </h2>
        {team.data ? (
          <p className="text-sm text-muted" data-testid="seats">
            {team.data.seats.used} of {team.data.seats.limit} staff seats used
          </p>
        ) : null}
      </div>
      {team.data ? (
        <div
          className="h-2 overflow-hidden rounded-full bg-surface-3"
          role="meter"
          aria-label="Staff seats used"
          aria-valuemin={0}
          aria-valuemax={team.data.seats.limit}
          aria-valuenow={team.data.seats.used}
        >
          <div
            className="h-full rounded-full bg-accent transition-[width]"
            style={{ width: `${Math.min(100, (team.data.seats.used / Math.max(1, team.data.seats.limit)) * 100)}%` }}
          />
        </div>
      ) : null}
      <InviteForm
        userId={userId}
        slug={slug}
        full={team.data ? team.data.seats.used >= team.data.seats.limit : false}
      />
      {team.isPending ? (
        <Skeleton className="h-24 w-full rounded-xl" />
      ) : team.isError ? (
        <LoadFailed
          variant="banner"
          message="The team could not be loaded."
          onRetry={() => void team.refetch()}
          retrying={team.isFetching}
        />
      ) : (
        <>
          <ul className="flex flex-col divide-y divide-border" aria-label="Members">
            {team.data.members.map((member) => (
              <li key={member.id} className="flex items-center gap-3 py-3">
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="truncate font-medium">{member.name || member.email}</span>
                  <span className="truncate text-xs text-muted">{member.email}</span>
                </span>
                <span className="rounded-full bg-surface-2 px-2.5 py-0.5 text-xs text-muted">
                  {VENUE_ROLE_LABELS[member.role]}
                </span>
                {member.role === 'owner' ? null : (
                  <RemoveMemberButton
                    member={member}
                    busy={change.isPending}
                    onConfirm={() =>
                      change.mutate({ kind: 'remove', memberId: member.id }, { onError: failed('Not removed') })
                    }
                  />
                )}
              </li>
            ))}
          </ul>
          {team.data.invitations.length > 0 ? (
            <div className="flex flex-col gap-2">
              <h3 className="text-sm font-semibold text-muted">Waiting for an answer</h3>
              <ul className="flex flex-col divide-y divide-border" aria-label="Invitations">
                {team.data.invitations.map((invitation) => (
                  <li key={invitation.id} className="flex items-center gap-3 py-3">
                    <span className="flex min-w-0 flex-1 flex-col">
                      <span className="truncate font-medium">{invitation.email}</span>
                      <span className="text-xs text-muted">
                        {VENUE_ROLE_LABELS[invitation.role]} · expires{' '}
                        {new Date(invitation.expiresAt).toLocaleDateString(undefined, {
                          month: 'short',
                          day: 'numeric',
                        })}
                      </span>
                    </span>
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Withdraw the invitation to ${invitation.email}`}
                      disabled={change.isPending}
                      onClick={() =>
                        change.mutate(
                          { kind: 'cancel', invitationId: invitation.id },
                          { onError: failed('Not withdrawn') },
                        )
                      }
                    >
                      <XIcon aria-hidden="true" />
                      Withdraw
                    </Button>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
