import { TriangleAlertIcon } from 'lucide-react';
import { useNavigate } from 'react-router';
import { paths } from '@/client/config/paths';
import { Button } from '@/client/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/client/components/ui/dialog';

/** Texts of the settings page's delete dialog. */
export const DELETE_DIALOG_TEXT = {
  trigger: 'Delete account',
  title: 'Delete your account?',
  description:
    'Deleting your account removes your favorites, sign-in connections and everything else tied to it, and it cannot be undone. The next page explains exactly what is deleted and what is kept, and lets you confirm.',
  cancel: 'Cancel',
  confirm: 'Continue',
} as const;

/**
 * Account Actions' delete dialog (docs/product.md: Screens; States, "Settings delete dialog": closed or open;
 * confirming goes to /delete-account). Radix Dialog: focus moves into it, Escape and Cancel close it and focus returns
 * to the trigger.
 */
export function DeleteAccountDialog() {
  const navigate = useNavigate();
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="destructive">{DELETE_DIALOG_TEXT.trigger}</Button>
      </DialogTrigger>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <div className="flex size-11 items-center justify-center rounded-full bg-destructive-soft text-danger-text">
            <TriangleAlertIcon aria-hidden="true" className="size-6" />
          </div>
          <DialogTitle>{DELETE_DIALOG_TEXT.title}</DialogTitle>
          <DialogDescription>{DELETE_DIALOG_TEXT.description}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary">{DELETE_DIALOG_TEXT.cancel}</Button>
          </DialogClose>
          <Button variant="destructive" onClick={() => void navigate(paths.deleteAccount)}>
            {DELETE_DIALOG_TEXT.confirm}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
