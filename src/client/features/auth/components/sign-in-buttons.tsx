import { Button } from '@/client/components/ui/button';
import { cn } from '@/client/lib/utils';
import { useSession } from '@/client/lib/session';
import { openSignInDialog, type SignInVariant } from '@/client/lib/sign-in-store';
import { SIGN_IN_TEXT } from '../lib/sign-in-text';
import { preloadSignInDialog } from './sign-in-dialog-host';

/** Props of {@link SignInButtons}. */
export interface SignInButtonsProps {
  /** 'hero': only Sign Up; 'header': Sign In and Sign Up (docs/product.md, Screens). */
  variant: Extract<SignInVariant, 'hero' | 'header'>;
  className?: string;
  /** Button size; the header uses 'sm', the hero 'lg'. */
  size?: 'sm' | 'default' | 'lg';
  /** Draw the buttons while the session is still loading (the header does, when this browser was signed out last). */
  showWhileLoading?: boolean;
}

/**
 * The buttons that open the sign-in dialog (docs/product.md, Screens): the hero variant shows only 'Sign Up', the
 * header variant 'Sign In' and 'Sign Up'; both are hidden when signed in and while the session is still loading (the
 * caller draws a placeholder there if it needs one). Both open the same dialog: a first sign-in creates the account.
 */
export function SignInButtons({
  variant,
  className,
  size = variant === 'hero' ? 'lg' : 'sm',
  showWhileLoading = false,
}: SignInButtonsProps) {
  const session = useSession();
  if (session.status === 'signed-in' || (session.status === 'loading' && !showWhileLoading)) return null;
  const prefetch = () => void preloadSignInDialog().catch(() => undefined);
  return (
    <div className={cn('flex items-center gap-2', className)} data-testid={`sign-in-buttons-${variant}`}>
      {variant === 'header' ? (
        <Button
          variant="ghost"
          size={size}
          onPointerEnter={prefetch}
          onFocus={prefetch}
          onClick={() => openSignInDialog(variant)}
        >
          {SIGN_IN_TEXT.signIn}
        </Button>
      ) : null}
      <Button size={size} onPointerEnter={prefetch} onFocus={prefetch} onClick={() => openSignInDialog(variant)}>
        {SIGN_IN_TEXT.signUp}
      </Button>
    </div>
  );
}
