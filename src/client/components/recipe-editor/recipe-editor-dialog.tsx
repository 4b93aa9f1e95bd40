import { useRef, useState, type ReactElement } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/client/components/ui/dialog';
import { RecipeForm, type RecipeFormProps } from './recipe-form';

/** Keeps the dialog open when Escape only meant to close an ingredient's open list of matches. */
function keepOpenForOpenList(event: KeyboardEvent) {
  const active = document.activeElement;
  if (active?.getAttribute('role') === 'combobox' && active.getAttribute('aria-expanded') === 'true') {
    event.preventDefault();
  }
}

/** Props of {@link RecipeEditorDialog}: the form's, less what the dialog supplies, plus the trigger and texts. */
export interface RecipeEditorDialogProps<W> extends Omit<RecipeFormProps<W>, 'label' | 'onSaved' | 'cancel'> {
  /** The dialog's title ('New recipe', 'Edit House Negroni'); also the form's accessible name. */
  title: string;
  /** The line under the title. */
  description: string;
  trigger: ReactElement;
  /** Called instead of returning focus when the trigger is gone by the time the dialog closes (an empty state's). */
  onTriggerGone?: () => void;
  /** Called once saved, after the dialog closed. */
  onSaved?: () => void;
}

/**
 * The recipe editor in a dialog: `trigger` opens it (focus moves in, Escape closes it, focus returns to the trigger);
 * saved, the dialog closes and a 'Saved' toast says so; a refusal stays in the form with everything typed.
 */
export function RecipeEditorDialog<W>({
  title,
  description,
  trigger,
  onTriggerGone,
  onSaved,
  ...form
}: RecipeEditorDialogProps<W>) {
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild ref={triggerRef}>
        {trigger}
      </DialogTrigger>
      <DialogContent
        className="flex flex-col gap-0 overflow-hidden p-0 sm:max-w-2xl sm:p-0"
        onEscapeKeyDown={keepOpenForOpenList}
        onCloseAutoFocus={(event) => {
          if (triggerRef.current?.isConnected || !onTriggerGone) return;
          event.preventDefault();
          onTriggerGone();
        }}
      >
        <DialogHeader className="border-b border-border px-5 pt-5 pb-4 sm:px-6">
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <RecipeForm
          {...form}
          label={title}
          onSaved={() => {
            setOpen(false);
            onSaved?.();
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
