import { ImageOffIcon, ImagePlusIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { ApiError } from '@/client/lib/api-client';
import { showToast } from '@/client/lib/toast-events';
import { ImageUploadButton } from './image-upload-button';

const errorText = (error: unknown, fallback: string) => (error instanceof ApiError ? error.message : fallback);

/** A write the photo buttons run: a pending flag and a promise of the change. */
interface PhotoWrite<A> {
  isPending: boolean;
  mutateAsync: (argument: A) => Promise<unknown>;
}

/**
 * A recipe photo's buttons: add or replace (the file checked first: JPEG, PNG or WebP up to 10 MB) and remove. A refusal
 * is shown beside them (the photo stays as it was); a change is confirmed by a toast. Used by venue signatures and own
 * recipes.
 */
export function PhotoActions({
  name,
  hasPhoto,
  upload,
  remove,
}: {
  /** The recipe's name, for the buttons' accessible names. */
  name: string;
  hasPhoto: boolean;
  upload: PhotoWrite<File>;
  remove: PhotoWrite<void>;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const verb = hasPhoto ? 'Replace photo' : 'Add photo';
  return (
    <>
      <ImageUploadButton
        variant="ghost"
        size="sm"
        aria-label={`${verb} of ${name}`}
        inputLabel={`Photo file for ${name}`}
        busy={upload.isPending}
        disabled={remove.isPending}
        onProblem={setProblem}
        onFile={(file) => {
          setProblem(null);
          upload.mutateAsync(file).then(
            () => showToast({ title: 'Photo saved', variant: 'success' }),
            (error: unknown) => setProblem(errorText(error, 'The photo was not saved. Try again.')),
          );
        }}
      >
        <ImagePlusIcon aria-hidden="true" />
        {verb}
      </ImageUploadButton>
      {hasPhoto ? (
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Remove photo of ${name}`}
          aria-disabled={remove.isPending || undefined}
          disabled={upload.isPending}
          onClick={() => {
            if (remove.isPending) return;
            setProblem(null);
            remove.mutateAsync().then(
              () => showToast({ title: 'Photo removed', variant: 'success' }),
              (error: unknown) => setProblem(errorText(error, 'The photo was not removed. Try again.')),
            );
          }}
        >
          <ImageOffIcon aria-hidden="true" />
          {remove.isPending ? 'Removing…' : 'Remove photo'}
        </Button>
      ) : null}
      {problem ? (
        <p role="alert" className="w-full text-sm text-danger-text">
          {problem}
        </p>
      ) : null}
    </>
  );
}
