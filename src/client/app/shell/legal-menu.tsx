import { ChevronDownIcon, EllipsisVerticalIcon, FileTextIcon, InfoIcon, ShieldIcon, UserXIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/client/app/paths';
import { Button } from '@/client/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/client/components/ui/dropdown-menu';
import { AboutDialog } from './about-dialog';

/**
 * The Legal dropdown of the top bar and native header (spec section 2, signed-out variant): Privacy Policy, Terms of
 * Service, Data Deletion, and About (opens the About panel). The trigger is an icon below 768 px and the word "Legal" from
 * 768 px; `compact` keeps the icon at every width. Its accessible name is "Legal" either way.
 */
export function LegalMenu({ compact = false }: { compact?: boolean }) {
  const [aboutOpen, setAboutOpen] = useState(false);
  return (
    <>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          {compact ? (
            <Button variant="ghost" size="icon" aria-label="Legal" data-testid="legal-menu-trigger">
              <EllipsisVerticalIcon className="size-5" aria-hidden="true" />
            </Button>
          ) : (
            <Button
              variant="ghost"
              data-testid="legal-menu-trigger"
              className="size-10 px-0 text-muted hover:text-foreground md:w-auto md:px-3"
            >
              <EllipsisVerticalIcon className="size-5 md:hidden" aria-hidden="true" />
              <span className="sr-only md:not-sr-only">Legal</span>
              <ChevronDownIcon className="hidden md:block" aria-hidden="true" />
            </Button>
          )}
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-56">
          <DropdownMenuLabel>Legal</DropdownMenuLabel>
          <DropdownMenuItem asChild>
            <Link to={paths.privacy}>
              <ShieldIcon aria-hidden="true" />
              Privacy Policy
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link to={paths.terms}>
              <FileTextIcon aria-hidden="true" />
              Terms of Service
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link to={paths.deleteAccount}>
              <UserXIcon aria-hidden="true" />
              Data Deletion
            </Link>
          </DropdownMenuItem>
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
