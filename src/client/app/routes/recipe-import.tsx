import { AccountPageSkeleton } from '@/client/features/account/components/account-page-skeleton';
import { SignInRequired } from '@/client/features/account/components/sign-in-required';
import { ImportPage } from '@/client/features/recipes/components/import-page';
import { useSession } from '@/client/lib/session';
import { useDocumentTitle } from '@/client/lib/use-document-title';

/** Route module of `/my-recipes/import`: bringing recipes in from a file or pasted text (signed in). */
export function Component() {
  useDocumentTitle('Import recipes');
  const session = useSession();
  if (session.status === 'loading') return <AccountPageSkeleton label="Loading…" />;
  if (session.status === 'signed-out' || !session.user) {
    return (
      <SignInRequired
        title="Sign in to import recipes"
        description="Bring in the recipes you keep in Bar Assistant, a recipe site, a spreadsheet or a note."
      />
    );
  }
  return <ImportPage userId={session.user.id} />;
}
