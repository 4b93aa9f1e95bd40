import { InfoIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/client/components/ui/dropdown-menu';
import { LEGAL_LINKS } from '@/client/lib/legal-links';
import { AboutDialog } from './about-dialog';
import { LegalMenuTrigger } from './legal-menu-trigger';

/**
 * The Legal dropdown itself (Radix DropdownMenu + the About dialog), loaded on demand by {@link LegalMenu}.
 * @param defaultOpen open at mount: true when the visitor clicked or pressed a key on the placeholder trigger.
 * @param compact keep the icon trigger at every width (native header).
 */
export function LegalMenuDropdown({
  compact = false,
  defaultOpen = false,
}: {
  compact?: boolean;
  defaultOpen?: boolean;
}) {
  const [aboutOpen, setAboutOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  // The placeholder trigger had focus; keep it on the real one that replaces it.
  useEffect(() => {
    if (defaultOpen) triggerRef.current?.focus({ preventScroll: true });
  }, [defaultOpen]);
  return (
    <>
      <DropdownMenu modal={false} defaultOpen={defaultOpen}>
        <DropdownMenuTrigger asChild>
          <LegalMenuTrigger ref={triggerRef} compact={compact} />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-56">
          <DropdownMenuLabel>Legal</DropdownMenuLabel>
          {LEGAL_LINKS.map(({ to, label, icon: Icon }) => (
            <DropdownMenuItem key={to} asChild>
              <Link to={to}>
                <Icon aria-hidden="true" />
                {label}
              </Link>
            </DropdownMenuItem>
          ))}
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => setAboutOpen(true)}>
            <InfoIcon aria-hidden="true" />
            About
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <AboutDialog open={aboutOpen} onOpenChange={setAboutOpen} />
    </>
  );
}
