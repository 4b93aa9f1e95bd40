import { Skeleton } from '@/client/components/ui/skeleton';

/** The loading state of an account page (profile, settings, favorites) while the session or the account loads. */
export function AccountPageSkeleton({ label = 'Loading your account…' }: { label?: string }) {
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6" data-testid="account-loading">
      <span role="status" className="sr-only">
        {label}
      </span>
      <div aria-hidden="true" className="flex items-center gap-4">
        <Skeleton className="size-16 rounded-full" />
        <div className="flex flex-1 flex-col gap-2">
          <Skeleton className="h-7 w-40" />
          <Skeleton className="h-4 w-56" />
        </div>
      </div>
      <Skeleton aria-hidden="true" className="h-32 rounded-xl" />
      <Skeleton aria-hidden="true" className="h-48 rounded-xl" />
    </div>
  );
}
