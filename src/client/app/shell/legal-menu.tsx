import { ChevronDownIcon, EllipsisVerticalIcon } from 'lucide-react';
import { lazy, Suspense, type ComponentProps, type Ref } from 'react';
import { Button } from '@/client/components/ui/button';
import { useLazyMenu } from '@/client/lib/use-lazy-menu';

const loadDropdown = () => import('./legal-menu-dropdown');
const LegalMenuDropdown = lazy(() => loadDropdown().then((module) => ({ default: module.LegalMenuDropdown })));

/**
 * The Legal menu's trigger button: an icon below 768 px and the word "Legal" from 768 px; `compact` keeps the icon at every
 * width. Its accessible name is "Legal" either way. Used both as the placeholder and as the real Radix trigger.
 */
export function LegalMenuTrigger({
  compact = false,
  ref,
  ...props
}: ComponentProps<typeof Button> & { compact?: boolean; ref?: Ref<HTMLButtonElement> }) {
  if (compact) {
    return (
      <Button ref={ref} variant="ghost" size="icon" aria-label="Legal" data-testid="legal-menu-trigger" {...props}>
        <EllipsisVerticalIcon className="size-5" aria-hidden="true" />
      </Button>
    );
  }
  return (
    <Button
      ref={ref}
      variant="ghost"
      data-testid="legal-menu-trigger"
      className="size-10 px-0 text-muted hover:text-foreground md:w-auto md:px-3"
      {...props}
    >
      <EllipsisVerticalIcon className="size-5 md:hidden" aria-hidden="true" />
      <span className="sr-only md:not-sr-only">Legal</span>
      <ChevronDownIcon className="hidden md:block" aria-hidden="true" />
    </Button>
  );
}

/**
 * The Legal dropdown of the top bar and native header (spec section 2, signed-out variant): Privacy Policy, Terms of
 * Service, Data Deletion, and About (opens the About panel).
 *
 * Until first use it draws only its trigger; the Radix menu's code is fetched when the pointer or focus comes near
 * (hover, focus) and mounted open on press (pointer down, click) or Enter / Space / arrow keys, so the first page load carries none of it
 * (issue 2's initial-JS budget). The placeholder has the same look, name and popup semantics as the real trigger.
 */
export function LegalMenu({ compact = false }: { compact?: boolean }) {
  const { activated, triggerProps } = useLazyMenu(loadDropdown);
  if (activated) {
    return (
      <Suspense
        fallback={<LegalMenuTrigger compact={compact} aria-haspopup="menu" aria-expanded="false" aria-busy="true" />}
      >
        <LegalMenuDropdown compact={compact} defaultOpen />
      </Suspense>
    );
  }
  return <LegalMenuTrigger compact={compact} {...triggerProps} />;
}
