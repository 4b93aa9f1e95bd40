import { Badge } from '@/client/components/ui/badge';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { buildInfo } from '@/client/lib/build-info';
import { BrandMark } from './brand-mark';

/** Props of {@link AboutDialog}: controlled open state. */
export interface AboutDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The About panel (docs/product.md, What Barback is): the build's real version, channel and build (version 0.0.0,
 * channel production, build production for a release build of this package), and the commit it was built from when
 * known.
 */
export function AboutDialog({ open, onOpenChange }: AboutDialogProps) {
  const rows: [string, string][] = [
    ['Version', buildInfo.version],
    ['Channel', buildInfo.channel],
    ['Build', buildInfo.build],
    ...(buildInfo.commit ? ([['Commit', buildInfo.commit]] as [string, string][]) : []),
  ];
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-sm" data-testid="about-dialog">
        <DialogHeader className="items-center pr-0 text-center">
          <div className="mb-1 flex size-16 items-center justify-center rounded-2xl bg-surface-2 text-foreground shadow-glow">
            <BrandMark className="size-10" />
          </div>
          <DialogTitle>About Barback</DialogTitle>
          <DialogDescription>
            Your pocket bartender: recipes, ratios and bar tools. Please drink responsibly.
          </DialogDescription>
        </DialogHeader>
        <dl className="divide-y divide-border rounded-xl border border-border bg-surface-2/60">
          {rows.map(([label, value]) => (
            <div key={label} className="flex items-center justify-between px-4 py-3 text-sm">
              <dt className="text-muted">{label}</dt>
              <dd>
                <Badge variant={label === 'Version' ? 'accent' : 'outline'} className="font-mono">
                  {value}
                </Badge>
              </dd>
            </div>
          ))}
        </dl>
      </DialogContent>
    </Dialog>
  );
}
