import { TriangleAlertIcon } from 'lucide-react';
import { useId } from 'react';
import type { ImportPreview } from '@/shared/schemas/recipes';
import { ImportLine, type LineFix } from './import-line';

/** The readable names of the formats an import detects. */
export const FORMAT_NAMES: Record<ImportPreview['format'], string> = {
  'bar-assistant': "Bar Assistant's recipe JSON",
  'bar-assistant-zip': 'a Bar Assistant datapack',
  'json-ld': 'recipe-page JSON-LD',
  cocktaildb: "TheCocktailDB's JSON",
  'json-records': 'a JSON list of recipes',
  csv: 'CSV',
  text: 'text',
};

/** One previewed recipe. */
type PreviewRecipe = ImportPreview['recipes'][number];

/**
 * One recipe of the preview: a checkbox to keep it in the import, its name and lines (each with how its ingredient was
 * found, and Change), and what to check. `fixes` are the user's picks by line position.
 */
export function ImportPreviewRecipe({
  recipe,
  included,
  onInclude,
  fixes,
  onFix,
}: {
  recipe: PreviewRecipe;
  included: boolean;
  onInclude: (included: boolean) => void;
  fixes: ReadonlyMap<number, LineFix>;
  onFix: (line: number, fix: LineFix | undefined) => void;
}) {
  const id = useId();
  // A warning about a line's ingredient ('cucumber cordial' is not in the catalogue) ends once the user picks one.
  const fixedTexts = recipe.lines.filter((_, at) => fixes.has(at)).map((line) => `'${line.text}'`);
  const warnings = recipe.warnings.filter((warning) => !fixedTexts.some((text) => warning.includes(text)));
  const toCheck = recipe.lines.filter((line, at) => !fixes.has(at) && (line.match === 'fuzzy' || line.match === 'new'));
  return (
    <article
      aria-labelledby={`${id}-name`}
      className={`flex flex-col gap-3 rounded-xl border bg-surface p-4 shadow-card ${included ? 'border-border' : 'border-dashed border-border opacity-70'}`}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="flex items-start gap-3">
          <input
            id={`${id}-include`}
            type="checkbox"
            checked={included}
            onChange={(event) => onInclude(event.target.checked)}
            className="mt-1.5 size-4 accent-[var(--color-accent)]"
            aria-describedby={`${id}-summary`}
          />
          <div className="flex flex-col gap-0.5">
            <label
              htmlFor={`${id}-include`}
              id={`${id}-name`}
              className="font-display text-lg leading-snug font-semibold"
            >
              {recipe.write.name}
            </label>
            <span id={`${id}-summary`} className="text-xs text-muted">
              {recipe.write.technique} · {recipe.write.glassware} · {recipe.lines.length}{' '}
              {recipe.lines.length === 1 ? 'line' : 'lines'}
              {toCheck.length > 0 ? ` · ${toCheck.length} to check` : ''}
            </span>
          </div>
        </div>
      </div>
      {included ? (
        <>
          <ul
            aria-label={`Lines of ${recipe.write.name}`}
            className="rounded-lg border border-border bg-surface-2/40 px-3"
          >
            {recipe.lines.map((line, at) => (
              <ImportLine key={at} line={line} fix={fixes.get(at)} onFix={(fix) => onFix(at, fix)} />
            ))}
          </ul>
          {warnings.length > 0 ? (
            <ul className="flex flex-col gap-1 text-sm text-muted" aria-label={`Notes on ${recipe.write.name}`}>
              {warnings.map((warning) => (
                <li key={warning} className="flex gap-2">
                  <TriangleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent" />
                  {warning}
                </li>
              ))}
            </ul>
          ) : null}
        </>
      ) : null}
    </article>
  );
}
