import {
  ChevronRightIcon,
  Building2Icon,
  BookOpenTextIcon,
  FolderHeartIcon,
  GlassWaterIcon,
  HeartIcon,
  HistoryIcon,
  LogOutIcon,
  SettingsIcon,
  SparklesIcon,
  type LucideIcon,
} from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/client/config/paths';
import { Button } from '@/client/components/ui/button';
import { Badge } from '@/client/components/ui/badge';
import { Skeleton } from '@/client/components/ui/skeleton';
import { useMe } from '@/client/features/account/api/get-me';
import { AccountPageSkeleton } from '@/client/features/account/components/account-page-skeleton';
import { SignInRequired } from '@/client/features/account/components/sign-in-required';
import { RestorePurchases } from '@/client/features/payments/components/restore-purchases';
import { planStatusLine } from '@/client/features/payments/lib/plan-status';
import { planLabel } from '@/shared/domain/plans';
import { useSession } from '@/client/lib/session';
import { signOut } from '@/client/features/auth/lib/sign-out';
import { showToast } from '@/client/lib/toast-events';
import { cn } from '@/client/lib/utils';
import { useDocumentTitle } from '@/client/lib/use-document-title';
import { LoadFailed } from '@/client/components/load-failed';

/** Texts of /profile. */
export const PROFILE_TEXT = {
  title: 'Profile',
  signInTitle: 'Sign in to see your profile',
  signInText:
    'Your plan, favorites and settings live in your account. Sign in with Google, Facebook or an emailed link.',
  plan: 'Current Plan',
  planNote: {
    free: 'Browse the whole catalogue, search it and keep your favorite recipes.',
    paid: 'Thank you for supporting Barback.',
  },
  upgrade: 'See plans',
  favorites: 'Favorites',
  made: 'Recipes made',
  settings: 'Settings',
  myFavorites: 'My Favorites',
  myRecipes: 'My Recipes',
  collections: 'My Collections',
  venues: 'Venues',
  activity: 'Recent Activity',
  signOut: 'Sign Out',
  signingOut: 'Signing out…',
  loadFailed: 'Your account details could not be loaded.',
  /** Toast when the page is opened with ?restored=1 (docs/product.md, Screens). */
  restored: 'Purchases restored',
} as const;

/** "Member since June 2025" from an ISO 8601 time; '' when it cannot be read. */
function memberSince(iso: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  return `Member since ${new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' }).format(time)}`;
}

/** A row of the profile's action list: icon, label, optional detail and a chevron (links) or nothing (buttons). */
function ActionRow({
  icon: Icon,
  label,
  detail,
  to,
  onClick,
  disabled,
  tone = 'default',
}: {
  icon: LucideIcon;
  label: string;
  detail?: ReactNode;
  to?: string;
  onClick?: () => void;
  disabled?: boolean;
  tone?: 'default' | 'danger';
}) {
  const body = (
    <>
      <span
        className={cn(
          'flex size-9 shrink-0 items-center justify-center rounded-full',
          tone === 'danger' ? 'bg-destructive-soft text-danger-text' : 'bg-surface-3 text-accent',
        )}
      >
        <Icon aria-hidden="true" className="size-4" />
      </span>
      <span className="flex-1 font-medium">{label}</span>
      {detail}
      {to ? <ChevronRightIcon aria-hidden="true" className="size-4 text-subtle" /> : null}
    </>
  );
  const rowClass =
    'flex min-h-14 w-full items-center gap-3 px-4 py-2 text-left text-sm transition-colors hover:bg-surface-2 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring disabled:opacity-60';
  return (
    <li className="border-b border-border last:border-b-0">
      {to ? (
        <Link to={to} className={rowClass}>
          {body}
        </Link>
      ) : (
        <button type="button" onClick={onClick} disabled={disabled} className={rowClass}>
          {body}
        </button>
      )}
    </li>
  );
}

/**
 * Shows 'Purchases restored' once when the URL has restored=1 and cleans the URL to /profile (docs/product.md, Screens, /profile;
 * the native wrapper's restore sends the user here).
 */
function useRestoredNotice(): void {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const shown = useRef(false);
  const restored = params.get('restored') === '1';
  useEffect(() => {
    if (!restored || shown.current) return;
    shown.current = true;
    showToast({ title: PROFILE_TEXT.restored, variant: 'success' });
    void navigate(paths.profile, { replace: true });
  }, [restored, navigate]);
}

/**
 * The page of `/profile` (docs/product.md: Screens, Roles and plans): for a signed-in user the account summary: who they are, the Current
 * Plan (from `GET /api/me`: Free, Pro or Enterprise, with the renewal or end date when known), 'See plans' for the free
 * plan, 'Restore Purchases' ('Checking…' while it runs), the number of favorites, and Settings, My Favorites, Recent
 * Activity and Sign Out. Anonymous visitors get a sign-in prompt. `?restored=1` shows the 'Purchases restored' toast and
 * the URL becomes /profile. Exports `Component` (react-router lazy convention).
 */
export function ProfilePage() {
  useDocumentTitle(PROFILE_TEXT.title);
  useRestoredNotice();
  const session = useSession();
  const me = useMe();
  const [signingOut, setSigningOut] = useState(false);

  if (session.status === 'loading') return <AccountPageSkeleton />;
  if (session.status === 'signed-out' || !session.user) {
    return <SignInRequired title={PROFILE_TEXT.signInTitle} description={PROFILE_TEXT.signInText} />;
  }

  const { user } = session;
  const initial = (user.email.trim()[0] ?? '?').toUpperCase();
  const since = memberSince(user.createdAt);
  const plan = me.data ? planLabel(me.data.plan) : null;
  const planStatus = me.data ? planStatusLine(me.data.plan, me.data.entitlementDetails) : null;
  const favorites = me.data?.counts.favorites;
  const made = me.data?.counts.made;

  const onSignOut = () => {
    setSigningOut(true);
    void signOut().finally(() => setSigningOut(false));
  };

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <header className="flex items-center gap-4">
        <span
          aria-hidden="true"
          className="flex size-16 shrink-0 items-center justify-center rounded-full border border-accent/50 bg-accent-soft font-display text-3xl font-semibold text-accent"
        >
          {initial}
        </span>
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-[0.18em] text-accent uppercase">Your account</p>
          <h1 className="font-display text-3xl font-semibold tracking-[-0.02em]">{PROFILE_TEXT.title}</h1>
          <p className="truncate text-sm text-foreground">{user.email}</p>
          {since ? <p className="text-xs text-muted">{since}</p> : null}
        </div>
      </header>

      {me.isError && !me.data ? (
        <LoadFailed
          variant="banner"
          message={PROFILE_TEXT.loadFailed}
          onRetry={() => void me.refetch()}
          retrying={me.isFetching}
        />
      ) : null}

      <div className="grid gap-4 sm:grid-cols-[1.4fr_1fr]">
        <section
          aria-labelledby="profile-plan"
          className="flex flex-col gap-3 rounded-2xl border border-border bg-[radial-gradient(ellipse_at_top_right,rgb(230_168_79/0.16),transparent_60%)] bg-surface p-5 shadow-card"
        >
          <div className="flex items-center justify-between gap-3">
            <h2 id="profile-plan" className="text-xs font-semibold tracking-[0.12em] text-muted uppercase">
              {PROFILE_TEXT.plan}
            </h2>
            <SparklesIcon aria-hidden="true" className="size-4 text-accent" />
          </div>
          {plan ? (
            <p className="font-display text-3xl font-semibold" data-testid="current-plan">
              {plan}
            </p>
          ) : (
            <Skeleton className="h-9 w-24" />
          )}
          <p className="text-sm text-muted" data-testid="plan-status">
            {planStatus ??
              (me.data && me.data.plan !== 'free' ? PROFILE_TEXT.planNote.paid : PROFILE_TEXT.planNote.free)}
          </p>
          <div className="mt-auto flex flex-wrap items-start gap-2 pt-1">
            {me.data?.plan === 'free' ? (
              <Button asChild size="sm">
                <Link to={paths.upgrade}>
                  <SparklesIcon aria-hidden="true" />
                  {PROFILE_TEXT.upgrade}
                </Link>
              </Button>
            ) : null}
            <RestorePurchases />
          </div>
        </section>

        <section
          aria-labelledby="profile-counts"
          className="rounded-2xl border border-border bg-surface px-5 py-4 shadow-card sm:p-5"
        >
          <h2 id="profile-counts" className="sr-only">
            Your numbers
          </h2>
          <dl className="grid h-full grid-cols-2 gap-4">
            <div className="flex flex-col gap-1">
              <dt className="flex items-center gap-2 text-xs font-semibold tracking-[0.12em] text-muted uppercase">
                <HeartIcon aria-hidden="true" className="size-4 text-accent" />
                {PROFILE_TEXT.favorites}
              </dt>
              <dd className="font-display text-4xl font-semibold tabular-nums" data-testid="favorites-count">
                {favorites ?? (me.isError ? '–' : <Skeleton className="h-10 w-12" />)}
              </dd>
            </div>
            <div className="flex flex-col gap-1">
              <dt className="flex items-center gap-2 text-xs font-semibold tracking-[0.12em] text-muted uppercase">
                <GlassWaterIcon aria-hidden="true" className="size-4 text-accent" />
                {PROFILE_TEXT.made}
              </dt>
              <dd className="font-display text-4xl font-semibold tabular-nums" data-testid="made-count">
                {made ?? (me.isError ? '–' : <Skeleton className="h-10 w-12" />)}
              </dd>
            </div>
          </dl>
        </section>
      </div>

      <nav aria-label="Account">
        <ul className="overflow-hidden rounded-2xl border border-border bg-surface shadow-card">
          <ActionRow icon={SettingsIcon} label={PROFILE_TEXT.settings} to={paths.settings} />
          <ActionRow
            icon={HeartIcon}
            label={PROFILE_TEXT.myFavorites}
            to={paths.favorites}
            detail={
              favorites !== undefined ? (
                <Badge variant="secondary">
                  {favorites}
                  <span className="sr-only"> saved</span>
                </Badge>
              ) : null
            }
          />
          <ActionRow icon={BookOpenTextIcon} label={PROFILE_TEXT.myRecipes} to={paths.myRecipes} />
          <ActionRow icon={FolderHeartIcon} label={PROFILE_TEXT.collections} to={paths.collections} />
          <ActionRow icon={Building2Icon} label={PROFILE_TEXT.venues} to={paths.venues} />
          <ActionRow icon={HistoryIcon} label={PROFILE_TEXT.activity} to={paths.activity} />
          <ActionRow
            icon={LogOutIcon}
            label={signingOut ? PROFILE_TEXT.signingOut : PROFILE_TEXT.signOut}
            onClick={onSignOut}
            disabled={signingOut}
            tone="danger"
          />
        </ul>
      </nav>
    </div>
  );
}
