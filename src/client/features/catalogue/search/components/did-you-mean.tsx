/**
 * The search's 'did you mean' line: shown when the results came through a corrected word. The correction is a
 * button that searches for it.
 * @param correction the corrected query the API answered (`didYouMean`), or null/undefined for none (nothing drawn).
 * @param onSearch called with the correction when the user picks it.
 */
export function DidYouMean({
  correction,
  onSearch,
}: {
  correction: string | null | undefined;
  onSearch: (text: string) => void;
}) {
  if (!correction) return null;
  return (
    <p className="text-sm text-muted" data-testid="did-you-mean">
      Did you mean{' '}
      <button
        type="button"
        className="rounded-sm font-semibold text-accent underline decoration-accent/40 underline-offset-4 hover:decoration-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        onClick={() => onSearch(correction)}
      >
        {correction}
      </button>
      ?
    </p>
  );
}
