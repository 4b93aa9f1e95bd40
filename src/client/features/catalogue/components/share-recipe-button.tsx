import { Share2Icon } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { hrefs } from '@/client/config/paths';
import { showToast } from '@/client/lib/toast-events';
import { hasCocktailPage } from '@/shared/routes';

/**
 * The recipe's 'Share' button: the system share sheet with the cocktail's page (`/cocktails/<slug>`) where the
 * browser has one (phones), otherwise the page's address copied, with a toast saying so. Drawn the same on the server
 * and in the browser (the choice is made on the tap). Nothing for a recipe without a page (own recipes, venue
 * signatures).
 */
export function ShareRecipeButton({ cocktail }: { cocktail: { name: string; slug: string } }) {
  if (!hasCocktailPage(cocktail.slug)) return null;
  const share = async () => {
    const url = new URL(hrefs.cocktail(cocktail.slug), window.location.origin).toString();
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: `${cocktail.name} cocktail recipe`, url });
        return;
      } catch (error) {
        // Dismissing the sheet is the user's answer; any other refusal falls back to copying.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      showToast({ title: 'Link copied', description: url, variant: 'success' });
    } catch {
      showToast({ title: 'Could not copy the link', description: url, variant: 'error' });
    }
  };
  return (
    <Button type="button" variant="secondary" size="sm" onClick={() => void share()}>
      <Share2Icon aria-hidden="true" />
      Share
    </Button>
  );
}
