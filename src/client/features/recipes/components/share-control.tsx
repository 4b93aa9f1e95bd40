import { CopyIcon, LinkIcon } from 'lucide-react';
import { useId } from 'react';
import { hrefs } from '@/client/config/paths';
import { Button } from '@/client/components/ui/button';
import { ApiError } from '@/client/lib/api-client';
import { useOrigin } from '@/client/lib/use-origin';
import { showToast } from '@/client/lib/toast-events';
import type { OwnRecipe } from '@/shared/schemas/recipes';
import { useOwnRecipeChange } from '../api/own-recipes';

/**
 * A recipe's share link: a switch that turns it on (a new random link) or off (that link ends for good: turning it on
 * again makes a new one), and while on, the link with a Copy button. A failed change leaves the switch as it was and
 * says why.
 */
export function ShareControl({ userId, recipe }: { userId: string; recipe: OwnRecipe }) {
  const id = useId();
  const change = useOwnRecipeChange(userId);
  const origin = useOrigin();
  const shared = recipe.shareSlug !== null;
  const link = recipe.shareSlug ? `${origin}${hrefs.sharedRecipe(recipe.shareSlug)}` : null;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center gap-3">
        <button
          type="button"
          role="switch"
          aria-checked={shared}
          aria-describedby={`${id}-hint`}
          disabled={change.isPending}
          onClick={() =>
            change.mutate(
              { kind: 'share', id: recipe.id, shared: !shared },
              {
                onSuccess: (saved) =>
                  showToast({
                    title: saved.shareSlug ? 'Share link on' : 'Share link off',
                    description: saved.shareSlug ? undefined : 'The old link no longer works.',
                    variant: 'success',
                  }),
                onError: (error) =>
                  showToast({
                    title: 'Sharing not changed',
                    description: error instanceof ApiError ? error.message : 'Try again.',
                    variant: 'error',
                  }),
              },
            )
          }
          className="relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border border-border-strong bg-surface-2 transition-colors outline-none focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-60 aria-checked:border-accent aria-checked:bg-accent"
        >
          <span className="sr-only">Share link for {recipe.name}</span>
          <span
            aria-hidden="true"
            className={`inline-block size-4 rounded-full bg-foreground shadow transition-transform ${shared ? 'translate-x-6 bg-accent-foreground' : 'translate-x-1'}`}
          />
        </button>
        <span aria-hidden="true" className="text-sm font-medium">
          Share link
        </span>
        <span id={`${id}-hint`} className="text-xs text-muted">
          {shared ? 'Anyone with the link can read it' : 'Private'}
        </span>
      </div>
      {link ? (
        <div className="flex min-w-0 items-center gap-2 rounded-lg border border-border bg-surface-2 py-1 pr-1 pl-3">
          <LinkIcon aria-hidden="true" className="size-4 shrink-0 text-muted" />
          <a href={link} className="min-w-0 flex-1 truncate text-sm text-muted underline-offset-2 hover:underline">
            {link}
          </a>
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Copy the share link of ${recipe.name}`}
            onClick={() =>
              void navigator.clipboard?.writeText(link).then(
                () => showToast({ title: 'Link copied', variant: 'success' }),
                () => showToast({ title: 'Could not copy', description: link, variant: 'error' }),
              )
            }
          >
            <CopyIcon aria-hidden="true" />
            Copy
          </Button>
        </div>
      ) : null}
    </div>
  );
}
