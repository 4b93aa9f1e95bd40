import { BanIcon } from 'lucide-react';
import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/client/components/ui/dialog';
import { isAgeVerified, markAgeVerified } from '@/client/app/shell/age-gate-state';
import { BrandMark } from './brand-mark';

/** Exact texts of the age gate (spec section 2 "Age gate"). */
export const AGE_GATE_TEXT = {
  title: 'Age Verification',
  body: 'You must be of legal drinking age (21+ in the U.S.) to use Barback. Are you of legal drinking age where you live?',
  yes: 'Yes, I am of legal age',
  no: 'No',
  refusedTitle: 'Sorry, you must be of legal drinking age',
  refusedBody:
    'Barback is only for adults of legal drinking age. You must be of legal drinking age to use this app, so please close it now.',
} as const;

type GateState = 'asking' | 'refused';

/**
 * The age gate (spec sections 2 and 4): until this browser has confirmed, renders only a blocking dialog instead of
 * `children` (no route loads behind it).
 * - 'Yes, I am of legal age' (or Enter anywhere in the dialog except on 'No') stores 'bb:age-verified' = 'v1' and renders
 *   `children`.
 * - 'No' shows a blocking message. Nothing is stored, so a reload asks again.
 * Focus is trapped in the dialog and starts on the first button; Escape and outside clicks do not close it.
 */
export function AgeGate({ children }: { children: ReactNode }) {
  const [verified, setVerified] = useState(isAgeVerified);
  const [state, setState] = useState<GateState>('asking');
  const yesRef = useRef<HTMLButtonElement>(null);
  const noRef = useRef<HTMLButtonElement>(null);

  if (verified) return children;

  const confirm = () => {
    markAgeVerified();
    setVerified(true);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' || state !== 'asking') return;
    // Enter on the 'No' button keeps its native meaning; everywhere else Enter confirms (spec: "The Enter key confirms").
    if (event.target === noRef.current) return;
    event.preventDefault();
    confirm();
  };

  return (
    <div className="relative min-h-dvh overflow-hidden" data-testid="age-gate-backdrop">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_60%_45%_at_50%_38%,rgb(230_168_79/0.22),transparent_70%),radial-gradient(ellipse_40%_30%_at_20%_90%,rgb(200_69_58/0.12),transparent_70%)]"
      />
      <Dialog open modal>
        <DialogContent
          data-testid="age-gate"
          showCloseButton={false}
          overlayClassName="bg-black/40 backdrop-blur-[2px]"
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            yesRef.current?.focus();
          }}
          onEscapeKeyDown={(event) => event.preventDefault()}
          onPointerDownOutside={(event) => event.preventDefault()}
          onInteractOutside={(event) => event.preventDefault()}
          onKeyDown={onKeyDown}
          className="max-w-[26rem] gap-0 overflow-hidden border-accent/25 bg-surface/95 p-0 text-center shadow-[0_0_0_1px_rgb(230_168_79/0.12),0_30px_80px_-20px_rgb(230_168_79/0.35),0_20px_50px_-20px_rgb(0_0_0/0.9)]"
        >
          <div className="relative px-6 pt-10 pb-6 sm:px-8">
            <div
              aria-hidden="true"
              className="absolute inset-x-0 top-0 h-40 bg-[radial-gradient(ellipse_70%_100%_at_50%_0%,rgb(230_168_79/0.25),transparent_75%)]"
            />
            <div className="relative mx-auto mb-6 flex size-20 items-center justify-center rounded-[1.75rem] bg-gradient-to-b from-surface-3 to-surface-2 text-foreground shadow-glow ring-1 ring-accent/30">
              <BrandMark className="size-12" />
            </div>
            {state === 'asking' ? (
              <>
                <p className="relative text-xs font-semibold tracking-[0.2em] text-accent uppercase">Barback</p>
                <DialogTitle className="relative mt-2 text-2xl">{AGE_GATE_TEXT.title}</DialogTitle>
                <DialogDescription className="relative mt-3 text-base text-muted">
                  {AGE_GATE_TEXT.body}
                </DialogDescription>
              </>
            ) : (
              <>
                <DialogTitle className="relative text-2xl">{AGE_GATE_TEXT.title}</DialogTitle>
                <div role="alert" data-testid="age-gate-refused" className="relative mt-4">
                  <div className="mx-auto mb-3 flex size-10 items-center justify-center rounded-full bg-destructive-soft text-danger-text">
                    <BanIcon className="size-5" aria-hidden="true" />
                  </div>
                  <p className="font-semibold text-foreground">{AGE_GATE_TEXT.refusedTitle}</p>
                  <DialogDescription className="mt-2 text-base text-muted">
                    {AGE_GATE_TEXT.refusedBody}
                  </DialogDescription>
                </div>
              </>
            )}
          </div>
          {state === 'asking' ? (
            <div className="flex flex-col gap-2 border-t border-border bg-surface-2/50 px-6 py-5 sm:px-8">
              <Button ref={yesRef} size="lg" onClick={confirm} data-testid="age-gate-yes">
                {AGE_GATE_TEXT.yes}
              </Button>
              <Button
                ref={noRef}
                size="lg"
                variant="ghost"
                onClick={() => setState('refused')}
                data-testid="age-gate-no"
              >
                {AGE_GATE_TEXT.no}
              </Button>
              <p className="mt-2 text-xs text-muted">Please enjoy responsibly. Never drink and drive.</p>
            </div>
          ) : null}
        </DialogContent>
      </Dialog>
    </div>
  );
}
