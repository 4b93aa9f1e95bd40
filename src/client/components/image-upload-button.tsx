import { LoaderCircleIcon } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { Button, type ButtonProps } from '@/client/components/ui/button';
import { IMAGE_ACCEPT, imageFileProblem } from '@/client/lib/image-file';

/**
 * A button that opens the file picker for a photo or logo (a visually hidden `<input type="file">` behind it, out of the
 * tab order: the button is the control people reach and hear). The chosen file is checked here first (JPEG, PNG or WebP,
 * at most 10 MB): a wrong one goes to `onProblem` with a message for people and nothing is sent; a good one to `onFile`.
 * While `busy` it shows a spinner and `busyText` (and keeps focus: aria-disabled).
 */
export function ImageUploadButton({
  children,
  busy,
  busyText = 'Uploading…',
  onFile,
  onProblem,
  inputLabel,
  disabled,
  ...buttonProps
}: Omit<ButtonProps, 'onClick' | 'asChild'> & {
  children: ReactNode;
  busy: boolean;
  busyText?: string;
  onFile: (file: File) => void;
  onProblem: (message: string) => void;
  /** The hidden input's name (tests and assistive tech that reach it anyway). */
  inputLabel: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button
        {...buttonProps}
        // Busy keeps focus on the button (aria-disabled, not disabled) and says what is happening instead of its label.
        aria-label={busy ? busyText : buttonProps['aria-label']}
        aria-disabled={busy || undefined}
        disabled={disabled}
        onClick={() => {
          if (!busy) input.current?.click();
        }}
      >
        {busy ? (
          <>
            <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
            {busyText}
          </>
        ) : (
          children
        )}
      </Button>
      <input
        ref={input}
        type="file"
        accept={IMAGE_ACCEPT}
        aria-label={inputLabel}
        tabIndex={-1}
        className="sr-only"
        disabled={disabled || busy}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared so that choosing the same file again (after fixing it elsewhere) fires again.
          event.target.value = '';
          if (!file) return;
          const problem = imageFileProblem(file);
          if (problem) onProblem(problem);
          else onFile(file);
        }}
      />
    </>
  );
}
