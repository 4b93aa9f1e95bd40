import { useQueryClient } from '@tanstack/react-query';
import { FilePenLineIcon } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { computeBatch, type BatchResult, type ServiceStyle } from '@/shared/domain/batch';
import { shoppingList } from '@/shared/domain/party';
import type { UnitSystem } from '@/shared/domain/units';
import type { BatchState } from '@/shared/schemas/batch';
import type { CocktailSummary } from '@/shared/schemas/cocktail';
import { getRecipeQueryOptions } from '../api/get-recipe';
import { batchInputOf, batchStateFromRecipe, defaultDilution, emptyBatchState } from '../lib/batch-state';
import { prepSteps, serviceSteps } from '../lib/batch-text';
import { MethodControls, ScaleControls } from './batch-controls';
import { BatchFigures, BatchTable, FreezerWarning, ShoppingTable, Steps } from './batch-results';
import { CocktailPicker } from './cocktail-picker';
import { PrepSheet } from './prep-sheet';
import { RecipeEditor } from './recipe-editor';
import { ShareActions } from './share-actions';

/** The figures of a state, or the reason there are none. */
function useBatchResult(state: BatchState): { result: BatchResult | null; problem: string | null } {
  return useMemo(() => {
    const input = batchInputOf(state);
    if (input.lines.length === 0)
      return { result: null, problem: 'Add an ingredient with an amount to see the batch.' };
    try {
      const result = computeBatch(input);
      if (result.perServing.pourMl <= 0) {
        return { result: null, problem: 'Every line is added at service: mark at least one as “Batch it”.' };
      }
      if (result.servings <= 0)
        return { result: null, problem: 'One serving does not fit: choose a larger container.' };
      return { result, problem: null };
    } catch (error) {
      return {
        result: null,
        problem: error instanceof RangeError ? error.message : 'These figures cannot be batched.',
      };
    }
  }, [state]);
}

/**
 * The batch tab: the recipe (from the catalogue or written line by line), method and service, how much, and the results
 * (figures with their working, the batch, what goes in each glass, bottles to buy, the steps), plus the print sheet and
 * the share link.
 */
export function BatchTab({
  state,
  onState,
  system,
  sharePath,
  renderShoppingExtra,
}: {
  state: BatchState;
  onState: (state: BatchState) => void;
  system: UnitSystem;
  sharePath: string;
  /** Drawn under each shopping-list ingredient (My Bar's marks, composed by the app). */
  renderShoppingExtra?: (ingredient: string) => ReactNode;
}) {
  const queryClient = useQueryClient();
  const [loading, setLoading] = useState<string | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [bottleSizes, setBottleSizes] = useState<Record<string, number>>({});
  const { result, problem } = useBatchResult(state);
  const shopping = useMemo(
    () => (result ? shoppingList([{ name: state.name || 'Batch', result }], bottleSizes) : []),
    [result, state.name, bottleSizes],
  );
  const patch = (next: Partial<BatchState>) => onState({ ...state, ...next });

  async function pick(cocktail: CocktailSummary) {
    setLoading(cocktail.name);
    setLoadError(null);
    try {
      const recipe = await queryClient.fetchQuery(getRecipeQueryOptions(cocktail.id));
      onState(batchStateFromRecipe(recipe, state));
    } catch {
      setLoadError(`The ${cocktail.name} recipe could not load. Check your connection and pick it again.`);
    } finally {
      setLoading(null);
    }
  }

  const style = state.style as ServiceStyle;
  return (
    <>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)] lg:items-start print:hidden">
        <div className="flex flex-col gap-6">
          <Card>
            <CardHeader>
              <CardTitle asChild>
                <h2>Recipe</h2>
              </CardTitle>
              <CardDescription>
                Start from any cocktail in the catalogue, or write your own line by line.
              </CardDescription>
            </CardHeader>
            <CardContent className="flex flex-col gap-5">
              <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
                <div className="flex-1">
                  <CocktailPicker
                    label="Start from a cocktail"
                    placeholder="Negroni, Daiquiri, Paloma…"
                    onPick={(cocktail) => void pick(cocktail)}
                  />
                </div>
                <Button
                  type="button"
                  variant="secondary"
                  className="h-11"
                  onClick={() => onState({ ...emptyBatchState(), scale: state.scale, style: state.style })}
                >
                  <FilePenLineIcon aria-hidden="true" />
                  Write my own
                </Button>
              </div>
              <div aria-live="polite" className="text-sm">
                {loading ? <p className="text-muted">Loading {loading}…</p> : null}
                {loadError ? (
                  <p role="alert" className="text-danger-text">
                    {loadError}
                  </p>
                ) : null}
              </div>
              <RecipeEditor
                name={state.name}
                onName={(name) => patch({ name })}
                lines={state.lines}
                onLines={(lines) => patch({ lines })}
              />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle asChild>
                <h2>How much</h2>
              </CardTitle>
            </CardHeader>
            <CardContent>
              <ScaleControls scale={state.scale} onScale={(scale) => patch({ scale })} />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle asChild>
                <h2>Method and service</h2>
              </CardTitle>
              <CardDescription>
                How the drink is made sets the water; how it is served decides where it goes.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <MethodControls
                technique={state.technique}
                dilution={state.dilution}
                style={style}
                onTechnique={(technique) => patch({ technique, dilution: defaultDilution(technique) })}
                onDilution={(dilution) => patch({ dilution })}
                onStyle={(next) => patch({ style: next })}
              />
            </CardContent>
          </Card>
        </div>

        <div className="flex flex-col gap-6 lg:sticky lg:top-20" aria-live="off">
          <Card data-testid="batch-results">
            <CardHeader>
              <CardTitle asChild>
                <h2>{state.name.trim() ? `${state.name.trim()} batch` : 'Your batch'}</h2>
              </CardTitle>
            </CardHeader>
            <CardContent className="flex flex-col gap-5">
              {result ? (
                <>
                  <BatchFigures result={result} scale={state.scale} system={system} />
                  <FreezerWarning result={result} freezer={style === 'freezer'} />
                  <BatchTable result={result} system={system} />
                </>
              ) : (
                <p
                  className="rounded-lg border border-dashed border-border-strong p-4 text-sm text-muted"
                  role="status"
                >
                  {problem}
                </p>
              )}
            </CardContent>
          </Card>
          {result ? (
            <>
              <Card>
                <CardHeader>
                  <CardTitle asChild>
                    <h2>Bottles to buy</h2>
                  </CardTitle>
                  <CardDescription>Rounded up to whole bottles; change a size to match your shop.</CardDescription>
                </CardHeader>
                <CardContent>
                  <ShoppingTable
                    items={shopping}
                    system={system}
                    bottleSizes={bottleSizes}
                    onBottleSize={(key, ml) => setBottleSizes((sizes) => ({ ...sizes, [key]: ml }))}
                    renderExtra={renderShoppingExtra}
                  />
                </CardContent>
              </Card>
              <Card>
                <CardHeader>
                  <CardTitle asChild>
                    <h2>Steps</h2>
                  </CardTitle>
                </CardHeader>
                <CardContent className="flex flex-col gap-5">
                  <div>
                    <h3 className="mb-2 text-sm font-semibold text-muted">Ahead of time</h3>
                    <Steps steps={prepSteps(result, style, system)} label="Ahead of time" />
                  </div>
                  <div>
                    <h3 className="mb-2 text-sm font-semibold text-muted">At service, for each glass</h3>
                    <Steps
                      steps={serviceSteps(
                        result,
                        {
                          style,
                          technique: state.technique,
                          glassware: state.glassware,
                          servedOverIce: state.servedOverIce,
                          garnish: state.garnish,
                        },
                        system,
                      )}
                      label="At service"
                    />
                  </div>
                </CardContent>
              </Card>
              <ShareActions sharePath={sharePath} printLabel="Print prep sheet" />
            </>
          ) : null}
        </div>
      </div>
      {result ? <PrepSheet state={state} result={result} shopping={shopping} system={system} /> : null}
    </>
  );
}
