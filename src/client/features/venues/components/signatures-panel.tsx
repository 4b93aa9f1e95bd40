import { MartiniIcon, PencilIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { LoadFailed } from '@/client/components/load-failed';
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
import { Skeleton } from '@/client/components/ui/skeleton';
import { ApiError } from '@/client/lib/api-client';
import { showToast } from '@/client/lib/toast-events';
import { useUnitSystem } from '@/client/lib/use-unit-system';
import { computeCocktailAlcohol } from '@/shared/domain/abv';
import { formatRecipeLine } from '@/shared/domain/units';
import type { Signature } from '@/shared/schemas/venues';
import { useDeleteSignature, useRemoveSignaturePhoto, useSignatures, useUploadSignaturePhoto } from '../api/signatures';
import { PhotoActions } from '@/client/components/photo-actions';
import { SignatureEditor } from './signature-editor';
import { StoredPhoto } from '@/client/components/stored-photo';

const errorText = (error: unknown, fallback: string) => (error instanceof ApiError ? error.message : fallback);

/** 'Strong · 22.5% ABV · Rocks': the strength band, the ABV once diluted (optional lines left out) and the glass. */
function strengthLine(signature: Signature): string {
  const lines = signature.ingredients.filter((line) => !line.is_optional);
  const abv = computeCocktailAlcohol(lines, signature.technique).finalAbv;
  return `${signature.strength} · ${abv.toFixed(1)}% ABV · ${signature.glassware}`;
}

/** The confirmation before a recipe is deleted (it leaves the menu too). */
function DeleteSignatureButton({
  signature,
  onDelete,
  onGone,
}: {
  signature: Signature;
  onDelete: () => Promise<unknown>;
  /** Focus goes here once the card (and this button) is gone. */
  onGone: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setProblem(null);
      }}
    >
      <DialogTrigger asChild ref={trigger}>
        <Button variant="ghost" size="sm" aria-label={`Delete ${signature.name}`}>
          <Trash2Icon aria-hidden="true" />
          Delete
        </Button>
      </DialogTrigger>
      <DialogContent
        className="max-w-md"
        onCloseAutoFocus={(event) => {
          if (trigger.current?.isConnected) return;
          event.preventDefault();
          onGone();
        }}
      >
        <DialogHeader>
          <DialogTitle>Delete {signature.name}?</DialogTitle>
          <DialogDescription>
            The recipe and its photo are deleted, and it leaves the menu. This cannot be undone.
          </DialogDescription>
        </DialogHeader>
        {problem ? (
          <p role="alert" className="text-sm text-danger-text">
            {problem}
          </p>
        ) : null}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary">Keep</Button>
          </DialogClose>
          <Button
            variant="destructive"
            aria-disabled={busy || undefined}
            onClick={() => {
              if (busy) return;
              setBusy(true);
              setProblem(null);
              onDelete().then(
                () => setOpen(false),
                (error: unknown) => {
                  setBusy(false);
                  setProblem(errorText(error, 'Not deleted. Try again.'));
                },
              );
            }}
          >
            {busy ? 'Deleting…' : 'Delete'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** The photo's buttons of one signature (components/photo-actions.tsx). */
function SignaturePhotoActions({ userId, slug, signature }: { userId: string; slug: string; signature: Signature }) {
  const upload = useUploadSignaturePhoto(userId, slug);
  const remove = useRemoveSignaturePhoto(userId, slug);
  return (
    <PhotoActions
      name={signature.name}
      hasPhoto={signature.photo !== null}
      upload={{
        isPending: upload.isPending,
        mutateAsync: (file) => upload.mutateAsync({ cocktailId: signature.id, file }),
      }}
      remove={{ isPending: remove.isPending, mutateAsync: () => remove.mutateAsync(signature.id) }}
    />
  );
}

/** One recipe: photo (or a placeholder), name, strength and ABV, the lines; the editors' buttons under it. */
function SignatureCard({
  userId,
  slug,
  signature,
  canEdit,
  onDelete,
  onGone,
}: {
  userId: string;
  slug: string;
  signature: Signature;
  canEdit: boolean;
  onDelete: () => Promise<unknown>;
  onGone: () => void;
}) {
  const titleId = useId();
  const [system] = useUnitSystem();
  const lines = [...signature.ingredients].sort((a, b) => a.position - b.position);
  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full flex-col overflow-hidden rounded-xl border border-border bg-surface-2"
    >
      <div className="aspect-[4/3] w-full overflow-hidden bg-surface-3">
        {signature.photo ? (
          <StoredPhoto
            photo={signature.photo}
            alt={signature.name}
            sizes="(min-width: 768px) 340px, (min-width: 640px) 45vw, calc(100vw - 4.5rem)"
            className="size-full object-cover"
          />
        ) : (
          <div
            aria-hidden="true"
            className="flex size-full flex-col items-center justify-center gap-2 bg-[radial-gradient(circle_at_30%_20%,rgb(230_168_79/0.18),transparent_60%)] text-subtle"
          >
            <MartiniIcon className="size-10" strokeWidth={1.25} />
            <span className="text-xs">No photo yet</span>
          </div>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 id={titleId} className="font-display text-lg font-semibold break-words">
          {signature.name}
        </h3>
        <p className="text-xs text-muted">{strengthLine(signature)}</p>
        <ul className="flex flex-col gap-0.5 text-sm" aria-label={`Ingredients of ${signature.name}`}>
          {lines.map((line) => {
            const text = formatRecipeLine(line, system);
            return (
              <li key={line.position} className="break-words">
                {text.amount ? <span className="text-muted tabular-nums">{text.amount} </span> : null}
                {text.ingredient}
                {line.is_optional ? <span className="text-muted"> (optional)</span> : null}
                {line.note ? <span className="text-muted">, {line.note}</span> : null}
              </li>
            );
          })}
        </ul>
        {canEdit ? (
          <div className="mt-auto flex flex-wrap gap-1 border-t border-border pt-3">
            <SignatureEditor
              userId={userId}
              slug={slug}
              signature={signature}
              trigger={
                <Button variant="ghost" size="sm" aria-label={`Edit ${signature.name}`}>
                  <PencilIcon aria-hidden="true" />
                  Edit
                </Button>
              }
            />
            <SignaturePhotoActions userId={userId} slug={slug} signature={signature} />
            <DeleteSignatureButton signature={signature} onDelete={onDelete} onGone={onGone} />
          </div>
        ) : null}
      </div>
    </article>
  );
}

/**
 * The venue's signature cocktails: its own recipes as cards with their photos. Every member reads them; the owner and
 * managers write them (the editor dialog), add, replace or remove photos, and delete them (after a confirmation).
 */
export function SignaturesPanel({ userId, slug, canEdit }: { userId: string; slug: string; canEdit: boolean }) {
  const signatures = useSignatures(userId, slug);
  const deletion = useDeleteSignature(userId, slug);
  const heading = useRef<HTMLHeadingElement>(null);
  const focusHeading = () => heading.current?.focus();
  const newButton = (text: string, variant: 'default' | 'secondary') => (
    <Button variant={variant} size="sm">
      <PlusIcon aria-hidden="true" />
      {text}
    </Button>
  );

  return (
    <section
      aria-labelledby="signatures-title"
      className="flex flex-col gap-4 rounded-2xl border border-border bg-surface p-5 shadow-card"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2
          id="signatures-title"
          ref={heading}
          tabIndex={-1}
          className="flex items-center gap-2 font-display text-xl font-semibold outline-none"
        >
          <MartiniIcon aria-hidden="true" className="size-5 text-accent" />
          Signature cocktails
        </h2>
        {canEdit && signatures.data && signatures.data.items.length > 0 ? (
          <SignatureEditor
            userId={userId}
            slug={slug}
            signature={null}
            trigger={newButton('New signature', 'secondary')}
          />
        ) : null}
      </div>
      {signatures.isPending ? (
        <div className="grid gap-4 sm:grid-cols-2" aria-busy="true" aria-label="Loading the signature cocktails">
          <Skeleton className="h-72 w-full rounded-xl" />
          <Skeleton className="hidden h-72 w-full rounded-xl sm:block" />
        </div>
      ) : signatures.isError ? (
        <LoadFailed
          variant="banner"
          message="The signature cocktails could not be loaded."
          onRetry={() => void signatures.refetch()}
          retrying={signatures.isFetching}
        />
      ) : signatures.data.items.length === 0 ? (
        <div className="flex flex-col items-start gap-3 rounded-xl border border-dashed border-border-strong p-5">
          <p className="text-sm text-muted">
            {canEdit
              ? 'No signature cocktails yet. Write your house recipes here, add a photo, then put them on the menu.'
              : 'No signature cocktails yet: the owner or a manager adds them.'}
          </p>
          {canEdit ? (
            <SignatureEditor
              userId={userId}
              slug={slug}
              signature={null}
              trigger={newButton('Write your first signature', 'default')}
              onTriggerGone={focusHeading}
            />
          ) : null}
        </div>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2" aria-label="Signature cocktails">
          {signatures.data.items.map((signature) => (
            <li key={signature.id}>
              <SignatureCard
                userId={userId}
                slug={slug}
                signature={signature}
                canEdit={canEdit}
                onGone={focusHeading}
                onDelete={() =>
                  deletion
                    .mutateAsync(signature.id)
                    .then(() => showToast({ title: `${signature.name} deleted`, variant: 'success' }))
                }
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
