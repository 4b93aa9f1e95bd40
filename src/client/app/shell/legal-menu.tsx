import { lazy, Suspense } from 'react';
import { useLazyMenu } from '@/client/lib/use-lazy-menu';
import { LegalMenuTrigger } from './legal-menu-trigger';

const loadDropdown = () => import('./legal-menu-dropdown');
const LegalMenuDropdown = lazy(() => loadDropdown().then((module) => ({ default: module.LegalMenuDropdown })));

/**
 * The Legal dropdown of the top bar and native header (docs/product.md, Screens, signed-out variant): Privacy Policy,
 * Terms of Service, Data Deletion, and About (opens the About panel).
 *
 * Until first use it draws only its trigger; the Radix menu's code is fetched when the pointer or focus comes near
 * (hover, focus) and mounted open on press (pointer down, click) or Enter / Space / arrow keys, so the first page load carries none of it
 * (the initial-JS budget). The placeholder has the same look, name and popup semantics as the real trigger.
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
