import { CompassIcon, WineIcon } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { paths } from '@/client/config/paths';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Skeleton } from '@/client/components/ui/skeleton';
import { LoadFailed } from '@/client/components/load-failed';
import { planLabel, type PlanName } from '@/shared/domain/plans';
import { ApiError } from '@/client/lib/api-client';
import { useMyBar } from '../api/get-my-bar';

/** Texts of My Bar until its contents land. */
export const MY_BAR_TEXT = {
  title: 'My Bar',
  settingUp: 'My Bar is being set up',
  settingUpDetail:
    'Soon you will add the bottles you own here and see what you can make with them tonight, what is one bottle away, and what to buy next. Your plan already includes it.',
  browse: 'Browse cocktails',
  loadFailed: 'My Bar could not be loaded.',
} as const;

/**
 * The My Bar page for a user the server lets in (`GET /api/me/bar`, behind the pro entitlement): the page frame with the
 * user's plan and, until the My Bar issue lands, a plain note that My Bar is being set up. No made-up contents.
 * A failure shows in the page with a retry; the server's refusal (403 ENTITLEMENT_REQUIRED: the plan lapsed since the
 * session was read) calls `onEntitlementLost`.
 */
export function MyBarPage({
  userId,
  plan,
  onEntitlementLost,
}: {
  userId: string;
  plan: PlanName;
  onEntitlementLost: () => void;
}) {
  const bar = useMyBar(userId);
  const lost = bar.error instanceof ApiError && bar.error.code === 'ENTITLEMENT_REQUIRED';
  useEffect(() => {
    if (lost) onEntitlementLost();
  }, [lost, onEntitlementLost]);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6" data-testid="my-bar-page">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <p className="text-xs font-semibold tracking-[0.18em] text-accent uppercase">Your bottles</p>
          <h1 className="font-display text-3xl font-semibold tracking-[-0.02em]">{MY_BAR_TEXT.title}</h1>
        </div>
        <Badge variant="accent" data-testid="my-bar-plan">
          {planLabel(plan)}
        </Badge>
      </header>
      {bar.isPending ? (
        <Skeleton className="h-48 w-full rounded-3xl" />
      ) : bar.isError ? (
        <LoadFailed
          variant="banner"
          message={MY_BAR_TEXT.loadFailed}
          onRetry={() => void bar.refetch()}
          retrying={bar.isFetching}
        />
      ) : (
        <section
          aria-labelledby="my-bar-setting-up"
          className="flex flex-col items-center gap-4 rounded-3xl border border-border bg-[radial-gradient(ellipse_at_top,rgb(230_168_79/0.14),transparent_60%)] bg-surface px-6 py-12 text-center shadow-card"
        >
          <span className="flex size-14 items-center justify-center rounded-full bg-accent-soft text-accent">
            <WineIcon aria-hidden="true" className="size-7" />
          </span>
          <h2 id="my-bar-setting-up" className="font-display text-2xl font-semibold">
            {MY_BAR_TEXT.settingUp}
          </h2>
          <p className="max-w-md text-sm text-muted">{MY_BAR_TEXT.settingUpDetail}</p>
          <Button asChild variant="secondary" className="mt-2">
            <Link to={paths.discover}>
              <CompassIcon aria-hidden="true" />
              {MY_BAR_TEXT.browse}
            </Link>
          </Button>
        </section>
      )}
    </div>
  );
}
