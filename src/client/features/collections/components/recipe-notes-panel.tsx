import { LockIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '@/client/lib/api-client';
import { MAX_NOTE_LENGTH } from '@/shared/schemas/collections';
import { useNote, useRate, useRatings, useSaveNote } from '../api/notes-ratings';
import { AddToCollection } from './add-to-collection';
import { RatingStars } from './rating-stars';

/** Pause after the last keystroke before a note is saved, ms. */
export const NOTE_SAVE_DELAY_MS = 800;

/** The saved state of a note, as the page shows it. */
type SaveState = 'idle' | 'saving' | 'saved' | 'failed';

/**
 * Under a recipe: 'Add to collection', the user's rating (half stars, keyboard-operable) and private note (saved as they
 * type, with a visible saved state). `canWrite` is false for a user without the plan: the controls show their saved values read-only with a
 * lock that leads to /upgrade (a lapsed plan keeps everything readable).
 */
export function RecipeNotesPanel({
  userId,
  cocktail,
  canWrite,
}: {
  userId: string;
  cocktail: { id: number; name: string };
  canWrite: boolean;
}) {
  const id = useId();
  const ratings = useRatings(userId);
  const rate = useRate(userId, cocktail.id, cocktail.name);
  const note = useNote(userId, cocktail.id);
  const save = useSaveNote(userId, cocktail.id, cocktail.name);
  const [text, setText] = useState<string | null>(null);
  const [state, setState] = useState<SaveState>('idle');
  const [problem, setProblem] = useState<string | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const stars = ratings.data?.items.find((r) => r.cocktailId === cocktail.id)?.stars ?? null;
  const shown = text ?? note.data?.text ?? '';

  useEffect(() => () => window.clearTimeout(timer.current), []);

  function onText(next: string) {
    setText(next);
    setState('saving');
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      save.mutate(next, {
        onSuccess: () => {
          setState('saved');
          setProblem(null);
        },
        onError: (error) => {
          setState('failed');
          setProblem(error instanceof ApiError ? error.message : 'Not saved.');
        },
      });
    }, NOTE_SAVE_DELAY_MS);
  }

  let status = '';
  if (state === 'saving') status = 'Saving…';
  else if (state === 'saved') status = 'Saved';
  else if (state === 'failed') status = `Not saved: ${problem ?? 'try again'}. Your text is still here.`;

  return (
    <div className="flex flex-col gap-3 rounded-xl border border-border bg-surface-2/40 p-3" data-testid="recipe-notes">
      <div className="self-start">
        <AddToCollection userId={userId} cocktail={cocktail} canWrite={canWrite} />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-sm font-medium" id={`${id}-rating`}>
          Your rating
        </span>
        <RatingStars
          label={`Your rating of ${cocktail.name}`}
          value={stars}
          onChange={canWrite ? (value) => rate.mutate(value) : undefined}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <div className="flex items-center justify-between gap-2">
          <label htmlFor={`${id}-note`} className="text-sm font-medium">
            Private note
          </label>
          <span className="text-xs text-muted" role="status" aria-live="polite" data-testid="note-status">
            {status}
          </span>
        </div>
        <textarea
          id={`${id}-note`}
          value={shown}
          readOnly={!canWrite}
          maxLength={MAX_NOTE_LENGTH}
          rows={3}
          placeholder={canWrite ? 'Only you see this: your tweaks, where you had it, what to try next…' : ''}
          onChange={(event) => onText(event.target.value)}
          className="rounded-lg border border-border-strong bg-surface-2 px-3 py-2 text-base outline-none read-only:opacity-80 focus-visible:border-accent focus-visible:outline-2 focus-visible:outline-ring/70 md:text-sm"
        />
        <span className="self-end text-xs text-muted">
          {shown.length.toLocaleString('en-US')} / {MAX_NOTE_LENGTH.toLocaleString('en-US')}
        </span>
      </div>
      {canWrite ? null : (
        <p className="flex items-center gap-2 text-sm text-muted">
          <LockIcon className="size-4" aria-hidden="true" />
          Notes and ratings come with Pro; what you wrote stays readable.
        </p>
      )}
    </div>
  );
}
