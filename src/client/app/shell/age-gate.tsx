import { BanIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { GATE_BUTTON_ATTRIBUTE } from '@/shared/first-paint';
import { BrandMark } from './brand-mark';

/** Exact texts of the age gate (docs/product.md, Age gate). */
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

/** Button classes (the app's Button, size lg, default and ghost variants), written out: the gate loads no class merger. */
const BUTTON_BASE =
  'inline-flex h-12 w-full select-none items-center justify-center rounded-lg px-6 text-base font-medium transition-[color,background-color,transform] duration-150 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring active:scale-[0.98]';
const BUTTON_PRIMARY = `${BUTTON_BASE} bg-accent text-accent-foreground shadow-[0_1px_0_rgb(255_255_255/0.25)_inset,0_6px_16px_-8px_rgb(230_168_79/0.6)] hover:bg-accent-hover`;
const BUTTON_GHOST = `${BUTTON_BASE} bg-transparent text-foreground hover:bg-surface-2`;

/**
 * The age gate (docs/product.md: Screens, States), drawn as a full-page modal panel that the build pre-renders into
 * index.html (a first visitor sees it before any script runs) and that hydrates in a root of its own, before the app's
 * code is loaded at all.
 * - 'Yes, I am of legal age', or Enter anywhere on the page except on 'No', calls `onConfirm` (the caller stores
 *   'bb:age-verified' = 'v1' and starts the app).
 * - 'No' shows a blocking message. Nothing is stored, so a reload asks again.
 * The panel is a `role="dialog"` with `aria-modal`, labelled by its heading; focus starts on the first button once
 * hydrated. Nothing else is on the page to tab to, and Escape does nothing. The buttons carry `{...{ [GATE_BUTTON_ATTRIBUTE]: 'yes' }}` and
 * `"no"`: before hydration the first-paint script (src/shared/first-paint.ts) answers a tap on 'Yes' by them.
 */
export function AgeGate({ onConfirm }: { onConfirm: () => void }) {
  const [state, setState] = useState<GateState>('asking');
  const yesRef = useRef<HTMLButtonElement>(null);
  const noRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    if (state === 'asking') yesRef.current?.focus();
  }, [state]);

  useEffect(() => {
    if (state !== 'asking') return;
    // Enter on 'No' keeps its native meaning; everywhere else Enter confirms (spec: "The Enter key confirms").
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' || event.target === noRef.current) return;
      event.preventDefault();
      onConfirm();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [state, onConfirm]);

  return (
    <div
      className="fixed inset-0 z-50 flex items-center justify-center overflow-y-auto bg-background p-4"
      data-testid="age-gate-backdrop"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_60%_45%_at_50%_38%,rgb(230_168_79/0.22),transparent_70%),radial-gradient(ellipse_40%_30%_at_20%_90%,rgb(200_69_58/0.12),transparent_70%)]"
      />
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        data-testid="age-gate"
        className="relative w-full max-w-[26rem] overflow-hidden rounded-2xl border border-accent/25 bg-surface/95 text-center shadow-[0_0_0_1px_rgb(230_168_79/0.12),0_30px_80px_-20px_rgb(230_168_79/0.35),0_20px_50px_-20px_rgb(0_0_0/0.9)]"
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
              <h1 id={titleId} className="relative mt-2 font-display text-2xl font-semibold tracking-[-0.01em]">
                {AGE_GATE_TEXT.title}
              </h1>
              <p id={bodyId} className="relative mt-3 text-base text-muted">
                {AGE_GATE_TEXT.body}
              </p>
            </>
          ) : (
            <>
              <h1 id={titleId} className="relative font-display text-2xl font-semibold tracking-[-0.01em]">
                {AGE_GATE_TEXT.title}
              </h1>
              <div role="alert" data-testid="age-gate-refused" className="relative mt-4">
                <div className="mx-auto mb-3 flex size-10 items-center justify-center rounded-full bg-destructive-soft text-danger-text">
                  <BanIcon className="size-5" aria-hidden="true" />
                </div>
                <p className="font-semibold text-foreground">{AGE_GATE_TEXT.refusedTitle}</p>
                <p id={bodyId} className="mt-2 text-base text-muted">
                  {AGE_GATE_TEXT.refusedBody}
                </p>
              </div>
            </>
          )}
        </div>
        {state === 'asking' ? (
          <div className="flex flex-col gap-2 border-t border-border bg-surface-2/50 px-6 py-5 sm:px-8">
            <button
              ref={yesRef}
              type="button"
              className={BUTTON_PRIMARY}
              onClick={() => onConfirm()}
              data-testid="age-gate-yes"
              {...{ [GATE_BUTTON_ATTRIBUTE]: 'yes' }}
            >
              {AGE_GATE_TEXT.yes}
            </button>
            <button
              ref={noRef}
              type="button"
              className={BUTTON_GHOST}
              onClick={() => setState('refused')}
              data-testid="age-gate-no"
              {...{ [GATE_BUTTON_ATTRIBUTE]: 'no' }}
            >
              {AGE_GATE_TEXT.no}
            </button>
            <p className="mt-2 text-xs text-muted">Please enjoy responsibly. Never drink and drive.</p>
          </div>
        ) : null}
      </div>
    </div>
  );
}
