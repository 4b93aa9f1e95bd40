import { useId, useState, type KeyboardEvent } from 'react';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';

/** Escape in an in-place editor's field cancels it. */
export const cancelOnEscape = (cancel: () => void) => (event: KeyboardEvent<HTMLInputElement>) => {
  if (event.key !== 'Escape') return;
  event.preventDefault();
  cancel();
};

/**
 * One value edited in place (an item's price, a section's title): a field, Save and Cancel (Escape), and the problem
 * with the text under them once Save was pressed. `check` gives the problem, or null when the text can be saved.
 */
export function InlineEditor({
  initial,
  fieldLabel,
  saveLabel,
  cancelLabel,
  focusKey,
  busy,
  check,
  onSave,
  onCancel,
  fieldClassName,
  ...field
}: {
  initial: string;
  fieldLabel: string;
  saveLabel: string;
  cancelLabel: string;
  focusKey: string;
  busy: boolean;
  check: (text: string) => string | null;
  onSave: (text: string) => void;
  onCancel: () => void;
  fieldClassName?: string;
  inputMode?: 'decimal';
  placeholder?: string;
  maxLength?: number;
}) {
  const id = useId();
  const [text, setText] = useState(initial);
  const [tried, setTried] = useState(false);
  const problem = tried ? check(text) : null;
  return (
    <form
      noValidate
      className="flex flex-wrap items-center gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (check(text) === null) onSave(text);
      }}
    >
      <Input
        {...field}
        aria-label={fieldLabel}
        className={fieldClassName}
        value={text}
        data-focus-key={focusKey}
        aria-invalid={problem !== null}
        aria-describedby={problem !== null ? `${id}-problem` : undefined}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={cancelOnEscape(onCancel)}
      />
      <div className="flex gap-2">
        <Button type="submit" aria-label={saveLabel} disabled={busy}>
          Save
        </Button>
        <Button variant="ghost" aria-label={cancelLabel} onClick={onCancel}>
          Cancel
        </Button>
      </div>
      {problem !== null ? (
        <p id={`${id}-problem`} role="alert" className="basis-full text-sm text-danger-text">
          {problem}
        </p>
      ) : null}
    </form>
  );
}
