import { zodResolver } from '@hookform/resolvers/zod';
import { Building2Icon, ChevronRightIcon, LockIcon, PlusIcon } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { hrefs, paths } from '@/client/config/paths';
import { LoadFailed } from '@/client/components/load-failed';
import { Button } from '@/client/components/ui/button';
import {
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
  FormRootMessage,
} from '@/client/components/ui/form';
import { Input } from '@/client/components/ui/input';
import { Skeleton } from '@/client/components/ui/skeleton';
import { ApiError } from '@/client/lib/api-client';
import { slugFromName, VENUE_ROLE_LABELS } from '@/shared/domain/venues';
import { MAX_VENUE_NAME, venueCreateSchema, type VenueCreate } from '@/shared/schemas/venues';
import { useCreateVenue, useVenues } from '../api/venues';

/** Texts of the venues page. */
export const VENUES_TEXT = {
  title: 'Venues',
  intro: 'Your bar’s shared space: the team, one inventory, signature cocktails and a menu guests open with a QR code.',
  empty: 'You are not part of a venue yet. An invitation from a venue’s owner brings you in.',
  upsell: 'Venues come with Enterprise',
  loadFailed: 'Your venues could not be loaded.',
} as const;

/** The create form's fields: a name and, optionally, the web address of the menu. */
function CreateVenueForm({ userId }: { userId: string }) {
  const navigate = useNavigate();
  const create = useCreateVenue(userId);
  const form = useForm<VenueCreate>({ resolver: zodResolver(venueCreateSchema), defaultValues: { name: '' } });
  const name = useWatch({ control: form.control, name: 'name' });
  const slug = useWatch({ control: form.control, name: 'slug' });
  const preview = slug || (name.trim().length >= 2 ? slugFromName(name) : 'your-bar');

  const onValid = (body: VenueCreate) =>
    create.mutate(body, {
      onSuccess: (venue) => void navigate(hrefs.venue(venue.slug)),
      onError: (error) => {
        const message = error instanceof ApiError ? error.message : 'The venue could not be created. Try again.';
        form.setError(
          error instanceof ApiError && error.code === 'CONFLICT' ? 'slug' : 'root',
          { type: 'server', message },
          { shouldFocus: true },
        );
      },
    });

  return (
    <Form {...form}>
      <form
        noValidate
        onSubmit={(event) => void form.handleSubmit(onValid)(event)}
        className="flex flex-col gap-4 rounded-2xl border border-border bg-surface p-5 shadow-card"
        aria-labelledby="create-venue-title"
      >
        <h2 id="create-venue-title" className="font-display text-xl font-semibold">
          Set up a venue
        </h2>
        <FormField
          control={form.control}
          name="name"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Venue name</FormLabel>
              <FormControl>
                <Input
                  {...field}
                  maxLength={MAX_VENUE_NAME}
                  placeholder="The Copper Still"
                  autoComplete="organization"
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="slug"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Menu address (optional)</FormLabel>
              <FormControl>
                <Input
                  {...field}
                  value={field.value ?? ''}
                  onChange={(event) => field.onChange(event.target.value === '' ? undefined : event.target.value)}
                  placeholder={name.trim().length >= 2 ? slugFromName(name) : 'the-copper-still'}
                  autoCapitalize="none"
                  spellCheck={false}
                />
              </FormControl>
              <FormDescription>Guests will open your menu at /v/{preview}</FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormRootMessage />
        <Button type="submit" className="self-start" disabled={create.isPending}>
          <PlusIcon aria-hidden="true" />
          Create venue
        </Button>
      </form>
    </Form>
  );
}

/**
 * /venues: the venues the user belongs to (each with their role) and, for a user with the enterprise plan, the form that
 * sets one up; others see what Enterprise adds, with the way to it.
 */
export function VenuesPage({ userId, canCreate }: { userId: string; canCreate: boolean }) {
  const venues = useVenues(userId);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6" data-testid="venues-page">
      <header>
        <p className="text-xs font-semibold tracking-[0.18em] text-accent uppercase">Enterprise</p>
        <h1 className="font-display text-3xl font-semibold tracking-[-0.02em] md:text-4xl">{VENUES_TEXT.title}</h1>
        <p className="mt-2 max-w-2xl text-sm text-muted md:text-base">{VENUES_TEXT.intro}</p>
      </header>
      {venues.isPending ? (
        <Skeleton className="h-24 w-full rounded-xl" />
      ) : venues.isError ? (
        <LoadFailed
          variant="banner"
          message={VENUES_TEXT.loadFailed}
          onRetry={() => void venues.refetch()}
          retrying={venues.isFetching}
        />
      ) : venues.data.items.length > 0 ? (
        <ul className="grid gap-3 sm:grid-cols-2" aria-label="Your venues">
          {venues.data.items.map((venue) => (
            <li key={venue.id}>
              <Link
                to={hrefs.venue(venue.slug)}
                className="flex items-center gap-3 rounded-xl border border-border bg-surface p-4 shadow-card outline-none hover:border-border-strong focus-visible:outline-2 focus-visible:outline-ring"
              >
                <span
                  aria-hidden="true"
                  className="flex size-11 shrink-0 items-center justify-center rounded-lg border border-border-strong"
                  style={{ backgroundColor: venue.brand.background, color: venue.brand.accent }}
                >
                  <Building2Icon className="size-5" />
                </span>
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="truncate font-display text-lg font-semibold">{venue.name}</span>
                  <span className="text-xs text-muted">
                    {VENUE_ROLE_LABELS[venue.role]} · /v/{venue.slug}
                  </span>
                </span>
                <ChevronRightIcon aria-hidden="true" className="size-4 text-muted" />
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="rounded-xl border border-dashed border-border-strong p-6 text-sm text-muted">
          {VENUES_TEXT.empty}
        </p>
      )}
      {canCreate ? (
        <CreateVenueForm userId={userId} />
      ) : (
        <Button asChild variant="secondary" className="self-start">
          <Link to={hrefs.upgrade({ from: paths.venues })}>
            <LockIcon aria-hidden="true" />
            {VENUES_TEXT.upsell}
          </Link>
        </Button>
      )}
    </div>
  );
}
