import { ArrowLeftIcon, GlassWaterIcon, HeartIcon, SearchIcon, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/client/config/paths';
import { Button } from '@/client/components/ui/button';
import { Skeleton } from '@/client/components/ui/skeleton';
import { useActivity } from '@/client/features/account/api/get-activity';
import { AccountPageSkeleton } from '@/client/features/account/components/account-page-skeleton';
import { SignInRequired } from '@/client/features/account/components/sign-in-required';
import { timeAgo } from '@/client/features/account/lib/relative-time';
import { useSession } from '@/client/lib/session';
import { RecipeModalHost } from '@/client/features/catalogue/components/recipe-modal-host';
import { useRecipeParam, type RecipeLocationState } from '@/client/features/catalogue/hooks/use-recipe-param';
import { serializeSearchState } from '@/client/features/catalogue/search/lib/search-state';
import { useDocumentTitle } from '@/client/lib/use-document-title';
import { LoadFailed } from '@/client/components/load-failed';

/** Texts of Recent Activity. */
export const ACTIVITY_TEXT = {
  title: 'Recent Activity',
  description: 'What you saved, made and searched for lately.',
  back: 'Profile',
  favorites: 'Recently saved',
  favoritesEmpty: 'Nothing saved yet. Tap the heart on a cocktail to keep it.',
  made: 'Recently made',
  madeEmpty: "Nothing recorded yet. Tap 'I made this' on a recipe (with My Bar) to keep count.",
  searches: 'Recent searches',
  searchesEmpty: 'No searches yet.',
  loadFailed: 'Your recent activity could not be loaded.',
  signInTitle: 'Sign in to see your activity',
  signInText:
    'Your recent favorites and searches are kept with your account. Sign in with Google, Facebook or an emailed link.',
} as const;

/** One titled list of the page, with its empty text while it has no entries. */
function ActivitySection({
  id,
  title,
  icon: Icon,
  empty,
  loading,
  children,
}: {
  id: string;
  title: string;
  icon: LucideIcon;
  empty: string | null;
  loading: boolean;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="flex flex-col gap-3 rounded-2xl border border-border bg-surface p-5 shadow-card"
    >
      <h2 id={id} className="flex items-center gap-2 font-display text-lg font-semibold">
        <Icon aria-hidden="true" className="size-4 text-accent" />
        {title}
      </h2>
      {loading ? (
        <div className="flex flex-col gap-2">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-11 rounded-lg" />
          ))}
        </div>
      ) : empty ? (
        <p className="text-sm text-muted">{empty}</p>
      ) : (
        <ul className="-mx-2 flex flex-col">{children}</ul>
      )}
    </section>
  );
}

const rowClass =
  'flex min-h-11 items-center gap-3 rounded-lg px-2 py-2 text-sm transition-colors hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-ring';

/**
 * The page of Recent Activity (`/profile/activity`, from the profile's Recent Activity button): the signed-in user's
 * latest favorites (each opens its recipe here) and latest searches (each opens /search with that text), newest first,
 * from `GET /api/me/activity`. Anonymous visitors get a sign-in prompt. Exports `Component` (react-router lazy convention).
 */
export function ActivityPage() {
  useDocumentTitle(ACTIVITY_TEXT.title);
  const session = useSession();
  const activity = useActivity();
  const { recipeTo } = useRecipeParam();

  if (session.status === 'loading') return <AccountPageSkeleton label="Loading your activity…" />;
  if (session.status === 'signed-out') {
    return <SignInRequired title={ACTIVITY_TEXT.signInTitle} description={ACTIVITY_TEXT.signInText} />;
  }

  const loading = activity.isPending;
  const favorites = activity.data?.favorites ?? [];
  const searches = activity.data?.searches ?? [];
  const made = activity.data?.made ?? [];
  const fromList: RecipeLocationState = { recipeFromList: true };

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <div>
        <Button asChild variant="ghost" size="sm" className="-ml-2 text-muted">
          <Link to={paths.profile}>
            <ArrowLeftIcon aria-hidden="true" />
            {ACTIVITY_TEXT.back}
          </Link>
        </Button>
      </div>
      <header>
        <p className="text-xs font-semibold tracking-[0.18em] text-accent uppercase">Your account</p>
        <h1 className="mt-1 font-display text-3xl font-semibold tracking-[-0.02em] md:text-4xl">
          {ACTIVITY_TEXT.title}
        </h1>
        <p className="mt-2 text-muted">{ACTIVITY_TEXT.description}</p>
      </header>

      {activity.isError && !activity.data ? (
        <LoadFailed
          message={ACTIVITY_TEXT.loadFailed}
          onRetry={() => void activity.refetch()}
          retrying={activity.isFetching}
        />
      ) : (
        <div className="grid gap-4 md:grid-cols-2">
          <ActivitySection
            id="activity-favorites"
            title={ACTIVITY_TEXT.favorites}
            icon={HeartIcon}
            loading={loading}
            empty={favorites.length === 0 ? ACTIVITY_TEXT.favoritesEmpty : null}
          >
            {favorites.map((entry) => (
              <li key={entry.cocktailId}>
                <Link to={recipeTo(entry.cocktailId)} state={fromList} preventScrollReset className={rowClass}>
                  <span className="min-w-0 flex-1 truncate font-medium">{entry.name}</span>
                  <time dateTime={entry.createdAt} className="shrink-0 text-xs text-muted">
                    {timeAgo(entry.createdAt)}
                  </time>
                </Link>
              </li>
            ))}
          </ActivitySection>
          <ActivitySection
            id="activity-made"
            title={ACTIVITY_TEXT.made}
            icon={GlassWaterIcon}
            loading={loading}
            empty={made.length === 0 ? ACTIVITY_TEXT.madeEmpty : null}
          >
            {made.map((entry) => (
              <li key={entry.id}>
                <Link to={recipeTo(entry.cocktailId)} state={fromList} preventScrollReset className={rowClass}>
                  <span className="min-w-0 flex-1 truncate font-medium">{entry.name}</span>
                  <time dateTime={entry.madeAt} className="shrink-0 text-xs text-muted">
                    {timeAgo(entry.madeAt)}
                  </time>
                </Link>
              </li>
            ))}
          </ActivitySection>
          <ActivitySection
            id="activity-searches"
            title={ACTIVITY_TEXT.searches}
            icon={SearchIcon}
            loading={loading}
            empty={searches.length === 0 ? ACTIVITY_TEXT.searchesEmpty : null}
          >
            {searches.map((entry) => (
              <li key={`${entry.q}-${entry.occurredAt}`}>
                <Link
                  to={`${paths.search}?${serializeSearchState({ q: entry.q, spirits: [], categories: [] }).toString()}`}
                  className={rowClass}
                >
                  <span className="min-w-0 flex-1 truncate font-medium">“{entry.q}”</span>
                  <time dateTime={entry.occurredAt} className="shrink-0 text-xs text-muted">
                    {timeAgo(entry.occurredAt)}
                  </time>
                </Link>
              </li>
            ))}
          </ActivitySection>
        </div>
      )}

      <RecipeModalHost />
    </div>
  );
}
