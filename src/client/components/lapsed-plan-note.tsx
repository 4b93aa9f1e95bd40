import { InfoIcon } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { Button } from '@/client/components/ui/button';
import { hrefs } from '@/client/config/paths';

/** Texts of the lapsed-plan note. */
export const LAPSED_PLAN_TEXT = {
  title: 'Your plan has ended',
  upgrade: 'Renew Pro',
} as const;

/**
 * The note a page shows above data a lapsed plan keeps (the server still answers its reads and removals): what still
 * works, `what` naming the page's data ('Your bottles and shopping list'), and a link to /upgrade that returns here.
 */
export function LapsedPlanNote({ what }: { what: string }) {
  const { pathname } = useLocation();
  return (
    <div
      role="note"
      aria-label={LAPSED_PLAN_TEXT.title}
      className="flex flex-col gap-3 rounded-xl border border-border-strong bg-surface-2 px-4 py-3 text-sm sm:flex-row sm:items-start"
      data-testid="lapsed-plan-note"
    >
      <InfoIcon aria-hidden="true" className="mt-0.5 hidden size-4 shrink-0 text-accent sm:block" />
      <p className="min-w-0 flex-1">
        <span className="font-medium">{LAPSED_PLAN_TEXT.title}.</span>{' '}
        <span className="text-muted">
          {what} stay here to read, and you can still remove things. Adding new ones needs Pro again.
        </span>
      </p>
      <Button asChild size="sm" variant="outline" className="self-start">
        <Link to={hrefs.upgrade({ from: pathname })}>{LAPSED_PLAN_TEXT.upgrade}</Link>
      </Button>
    </div>
  );
}
