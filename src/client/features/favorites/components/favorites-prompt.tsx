import { HeartIcon } from 'lucide-react';
import { openSignInDialog } from '@/client/lib/sign-in-store';
import { cn } from '@/client/lib/utils';
import { FAVORITE_TEXT } from '../hooks/use-favorite';

/**
 * The anonymous visitor's prompt 'Log in to save your favorite cocktails' (docs/product.md, Home): one button that
 * opens the sign-in dialog. Render it only when the session is known to be signed out.
 */
export function FavoritesPrompt({ className }: { className?: string }) {
  return (
    <button
      type="button"
      onClick={() => openSignInDialog('prompt')}
      className={cn(
        'group inline-flex min-h-10 items-center gap-2.5 rounded-full border border-accent/40 bg-accent-soft px-4 py-2 text-left text-sm font-medium text-accent transition-colors hover:border-accent hover:bg-accent/20 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        className,
      )}
    >
      <HeartIcon aria-hidden="true" className="size-4 shrink-0 transition-transform group-hover:scale-110" />
      {FAVORITE_TEXT.prompt}
    </button>
  );
}
