import { ArrowLeftIcon, CheckCircle2Icon, FileUpIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/client/config/paths';
import { Button } from '@/client/components/ui/button';
import { ApiError } from '@/client/lib/api-client';
import type { ImportPreview, ImportResult, ImportReview } from '@/shared/schemas/recipes';
import { previewImport, useImport, useOwnRecipes } from '../api/own-recipes';
import type { LineFix } from './import-line';
import { FORMAT_NAMES, ImportPreviewRecipe } from './import-preview';
import { ImportUpload } from './import-upload';

/** The import's state: choosing, reviewing a preview, or done. */
type Step =
  | { kind: 'upload' }
  | { kind: 'preview'; preview: ImportPreview; label: string }
  | { kind: 'done'; result: ImportResult };

/** The preview as the user corrected it: the included recipes, each line fixed where they chose. */
export function reviewOf(
  preview: ImportPreview,
  excluded: ReadonlySet<number>,
  fixes: ReadonlyMap<string, LineFix>,
): ImportReview {
  return {
    format: preview.format,
    refusals: preview.refusals,
    recipes: preview.recipes
      .filter((recipe) => !excluded.has(recipe.index))
      .map((recipe) => ({
        index: recipe.index,
        write: {
          ...recipe.write,
          ingredients: recipe.write.ingredients.map((line, at) => {
            const fix = fixes.get(`${recipe.index}:${at}`);
            if (!fix) return line;
            const { ingredient_name: _name, ...rest } = line;
            return { ...rest, ingredient_id: fix.id };
          }),
        },
      })),
  };
}

/**
 * /my-recipes/import: upload or paste → the preview (per recipe its lines, how each ingredient was found, a Change to pick
 * another, a checkbox to leave it out; the recipes that cannot come in, with why) → Import → what came in and what was
 * refused. Nothing is written before Import; each recipe is written whole or not at all. A free account near its limit
 * is told how many will fit.
 */
export function ImportPage({ userId }: { userId: string }) {
  const [step, setStep] = useState<Step>({ kind: 'upload' });
  const [reading, setReading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [excluded, setExcluded] = useState<Set<number>>(new Set());
  const [fixes, setFixes] = useState<Map<string, LineFix>>(new Map());
  const run = useImport(userId);
  const own = useOwnRecipes(userId);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (step.kind !== 'upload') heading.current?.focus();
  }, [step.kind]);

  const read = async (upload: Blob, label: string) => {
    setReading(true);
    setProblem(null);
    try {
      const preview = await previewImport(upload);
      setExcluded(new Set());
      setFixes(new Map());
      setStep({ kind: 'preview', preview, label });
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : 'The upload could not be read. Try again.');
    } finally {
      setReading(false);
    }
  };

  const room =
    own.data && own.data.limit !== null
      ? Math.max(0, own.data.limit - own.data.items.length)
      : Number.POSITIVE_INFINITY;

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6" data-testid="import-page">
      <header className="flex flex-col gap-2">
        <Button asChild variant="ghost" size="sm" className="-ml-2 self-start">
          <Link to={paths.myRecipes}>
            <ArrowLeftIcon aria-hidden="true" />
            My Recipes
          </Link>
        </Button>
        <h1
          ref={heading}
          tabIndex={-1}
          className="font-display text-3xl font-semibold tracking-[-0.02em] outline-none md:text-4xl"
        >
          {step.kind === 'upload' ? 'Import recipes' : step.kind === 'preview' ? 'Check before importing' : 'Imported'}
        </h1>
        {step.kind === 'upload' ? (
          <p className="text-muted">
            Bring in the recipes you keep elsewhere. You see each one before anything is saved.
          </p>
        ) : null}
      </header>

      {problem ? (
        <p role="alert" className="rounded-xl border border-destructive/50 bg-destructive-soft px-4 py-3 text-sm">
          {problem}
        </p>
      ) : null}

      {step.kind === 'upload' ? (
        <ImportUpload busy={reading} onRead={(upload, label) => void read(upload, label)} />
      ) : null}

      {step.kind === 'preview' ? (
        <PreviewStep
          step={step}
          excluded={excluded}
          fixes={fixes}
          room={room}
          busy={run.isPending}
          onInclude={(index, included) => {
            const next = new Set(excluded);
            if (included) next.delete(index);
            else next.add(index);
            setExcluded(next);
          }}
          onFix={(key, fix) => {
            const next = new Map(fixes);
            if (fix) next.set(key, fix);
            else next.delete(key);
            setFixes(next);
          }}
          onBack={() => setStep({ kind: 'upload' })}
          onImport={() => {
            setProblem(null);
            run.mutate(reviewOf(step.preview, excluded, fixes), {
              onSuccess: (result) => setStep({ kind: 'done', result }),
              onError: (error) =>
                setProblem(error instanceof ApiError ? error.message : 'Nothing was imported. Try again.'),
            });
          }}
        />
      ) : null}

      {step.kind === 'done' ? (
        <section className="flex flex-col gap-4" aria-label="Import result">
          <p className="flex items-center gap-2 text-lg font-medium" role="status">
            <CheckCircle2Icon aria-hidden="true" className="size-5 text-accent" />
            {step.result.imported.length} {step.result.imported.length === 1 ? 'recipe' : 'recipes'} imported
          </p>
          <Refusals refusals={step.result.refusals} title="Not imported" />
          <div className="flex flex-wrap gap-2">
            <Button asChild>
              <Link to={paths.myRecipes}>See My Recipes</Link>
            </Button>
            <Button variant="secondary" onClick={() => setStep({ kind: 'upload' })}>
              <FileUpIcon aria-hidden="true" />
              Import more
            </Button>
          </div>
        </section>
      ) : null}
    </div>
  );
}

/** The recipes that could not be (or were not) imported, with why. */
function Refusals({ refusals, title }: { refusals: ImportPreview['refusals']; title: string }) {
  if (refusals.length === 0) return null;
  return (
    <section aria-label={title} className="flex flex-col gap-2 rounded-xl border border-border bg-surface p-4">
      <h2 className="font-display text-lg font-semibold">
        {title} ({refusals.length})
      </h2>
      <ul className="flex flex-col gap-1.5 text-sm">
        {refusals.map((refusal) => (
          <li key={`${refusal.index}-${refusal.reason}`}>
            <span className="font-medium">{refusal.name ?? `Recipe ${refusal.index + 1}`}</span>
            <span className="text-muted">: {refusal.reason}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The preview step: the summary, each recipe, the refusals, and Import. */
function PreviewStep({
  step,
  excluded,
  fixes,
  room,
  busy,
  onInclude,
  onFix,
  onBack,
  onImport,
}: {
  step: Extract<Step, { kind: 'preview' }>;
  excluded: ReadonlySet<number>;
  fixes: ReadonlyMap<string, LineFix>;
  room: number;
  busy: boolean;
  onInclude: (index: number, included: boolean) => void;
  onFix: (key: string, fix: LineFix | undefined) => void;
  onBack: () => void;
  onImport: () => void;
}) {
  const { preview } = step;
  const count = preview.recipes.filter((recipe) => !excluded.has(recipe.index)).length;
  return (
    <>
      <p className="text-muted" role="status">
        Read {step.label}
        {preview.format === 'text' ? '' : ` as ${FORMAT_NAMES[preview.format]}`}: {preview.recipes.length}{' '}
        {preview.recipes.length === 1 ? 'recipe' : 'recipes'}
        {preview.refusals.length > 0 ? `, ${preview.refusals.length} that cannot come in` : ''}.
      </p>
      {count > room ? (
        <p className="rounded-xl border border-accent/40 bg-accent-soft px-4 py-3 text-sm">
          Your free account has room for {room} more {room === 1 ? 'recipe' : 'recipes'}: the first {room} come in and
          the rest are listed as refused. Pro keeps any number.
        </p>
      ) : null}
      <ul className="flex flex-col gap-3" aria-label="Recipes to import">
        {preview.recipes.map((recipe) => (
          <li key={recipe.index}>
            <ImportPreviewRecipe
              recipe={recipe}
              included={!excluded.has(recipe.index)}
              onInclude={(included) => onInclude(recipe.index, included)}
              fixes={
                new Map(
                  [...fixes]
                    .filter(([key]) => key.startsWith(`${recipe.index}:`))
                    .map(([key, fix]) => [Number(key.split(':')[1]), fix]),
                )
              }
              onFix={(line, fix) => onFix(`${recipe.index}:${line}`, fix)}
            />
          </li>
        ))}
      </ul>
      <Refusals refusals={preview.refusals} title="Cannot be imported" />
      <div className="sticky bottom-[calc(4.5rem+env(safe-area-inset-bottom,0px))] flex flex-wrap items-center justify-between gap-3 rounded-xl border border-border bg-surface/95 p-3 shadow-card backdrop-blur md:bottom-4">
        <Button variant="ghost" onClick={onBack}>
          Choose another
        </Button>
        <Button onClick={onImport} disabled={busy || count === 0} aria-busy={busy || undefined}>
          {busy ? 'Importing…' : `Import ${count} ${count === 1 ? 'recipe' : 'recipes'}`}
        </Button>
      </div>
    </>
  );
}
