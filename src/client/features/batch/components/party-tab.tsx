import { sheetStateOf, timeline, usePartyRecipes } from './party-plan-parts';
import { EqualIcon, GlassWaterIcon, SnowflakeIcon, Trash2Icon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { NativeSelect } from '@/client/components/ui/native-select';
import { partyDrinks, SERVICE_STYLES, type ServiceStyle } from '@/shared/domain/batch';
import { measurePour } from '@/shared/domain/batch-measure';
import { MAX_PARTY_COCKTAILS, planParty, type PartyCocktail, type PartyPlan } from '@/shared/domain/party';
import { type UnitSystem } from '@/shared/domain/units';
import type { PartyState } from '@/shared/schemas/batch';
import type { CocktailDetail } from '@/shared/schemas/cocktail';
import { batchStateFromRecipe, defaultDilution, usableLines } from '../lib/batch-state';
import { formatAbv, formatNumber } from '../lib/batch-text';
import { PartyFields, STYLE_TEXT } from './batch-controls';
import { BatchTable, ShoppingTable, Steps } from './batch-results';
import { CocktailPicker } from './cocktail-picker';
import { NumberField } from './number-field';
import { CocktailSheet, ShoppingSheet } from './prep-sheet';
import { ShareActions } from './share-actions';

/**
 * The party planner: 1 to 6 cocktails with a share each, guests, hours and drinks per guest per hour. It splits the
 * drinks, batches each cocktail, and adds up one shopping list, ice, glassware and a prep timeline; prints one sheet per
 * cocktail plus the shopping list, and has its own share link.
 */
export function PartyTab({
  state,
  onState,
  system,
  sharePath,
  renderShoppingExtra,
}: {
  state: PartyState;
  onState: (state: PartyState) => void;
  system: UnitSystem;
  sharePath: string;
  /** Drawn under each shopping-list ingredient (My Bar's marks, composed by the app). */
  renderShoppingExtra?: (ingredient: string) => ReactNode;
}) {
  const [bottleSizes, setBottleSizes] = useState<Record<string, number>>({});
  const recipes = usePartyRecipes(state);
  const patch = (next: Partial<PartyState>) => onState({ ...state, ...next });
  const update = (index: number, next: Partial<PartyState['cocktails'][number]>) =>
    patch({ cocktails: state.cocktails.map((c, i) => (i === index ? { ...c, ...next } : c)) });
  const loaded = recipes.every((r) => r.isSuccess);
  const failed = recipes.some((r) => r.isError);

  // Rebuilt each render: a handful of cocktails, so memoising would cost more than it saves.
  const byKey = new Map<string, CocktailDetail>();
  for (const recipe of recipes) if (recipe.data) byKey.set(String(recipe.data.id), recipe.data);
  const plan = buildPlan();

  function buildPlan(): PartyPlan | null {
    if (!loaded || state.cocktails.length === 0) return null;
    const cocktails: PartyCocktail[] = state.cocktails.map((c) => {
      const recipe = byKey.get(String(c.cocktailId)) as CocktailDetail;
      const style = c.style as ServiceStyle;
      return {
        key: String(c.cocktailId),
        name: recipe.name,
        glassware: recipe.glassware,
        servedOverIce: recipe.served_over_ice,
        technique: recipe.technique,
        lines: usableLines(batchStateFromRecipe(recipe).lines),
        methodDilution: (c.dilution ?? defaultDilution(recipe.technique)) / 100,
        style,
        share: c.share,
      };
    });
    try {
      const { guests, hours, firstHourRate, laterRate } = state;
      return planParty({ guests, hours, firstHourRate, laterRate, cocktails }, bottleSizes);
    } catch {
      return null;
    }
  }

  const totalDrinks = partyDrinks(state.guests, state.hours, state.firstHourRate, state.laterRate);
  const steps = plan ? timeline(plan, system, byKey) : null;

  function equalShares(cocktails: PartyState['cocktails']) {
    const share = cocktails.length ? Math.round((100 / cocktails.length) * 10) / 10 : 0;
    return cocktails.map((c) => ({ ...c, share }));
  }

  return (
    <>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)] lg:items-start print:hidden">
        <div className="flex flex-col gap-6">
          <Card>
            <CardHeader>
              <CardTitle asChild>
                <h2>The party</h2>
              </CardTitle>
              <CardDescription>
                About 2 drinks a guest in the first hour and 1 an hour after; change it to suit your crowd.
              </CardDescription>
            </CardHeader>
            <CardContent className="flex flex-col gap-4">
              <PartyFields party={state} onParty={(size) => patch(size)} />
              <p className="text-sm" data-testid="party-total">
                <span className="font-display text-2xl font-semibold tabular-nums">{totalDrinks}</span>{' '}
                <span className="text-muted">drinks in all</span>
              </p>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle asChild>
                <h2>Cocktails</h2>
              </CardTitle>
              <CardDescription>Pick 1 to {MAX_PARTY_COCKTAILS} and share the drinks between them.</CardDescription>
            </CardHeader>
            <CardContent className="flex flex-col gap-4">
              <CocktailPicker
                label="Add a cocktail"
                placeholder={
                  state.cocktails.length >= MAX_PARTY_COCKTAILS ? 'Six cocktails is the most' : 'Search the catalogue…'
                }
                disabled={state.cocktails.length >= MAX_PARTY_COCKTAILS}
                exclude={state.cocktails.map((c) => c.cocktailId)}
                onPick={(cocktail) =>
                  patch({
                    cocktails: equalShares([
                      ...state.cocktails,
                      { cocktailId: cocktail.id, share: 0, style: 'fridge', dilution: null },
                    ]),
                  })
                }
              />
              {state.cocktails.length === 0 ? (
                <p className="rounded-lg border border-dashed border-border-strong p-4 text-sm text-muted">
                  No cocktails yet: add one to start the plan.
                </p>
              ) : (
                <ul className="flex flex-col gap-3" aria-label="Planned cocktails">
                  {state.cocktails.map((c, index) => {
                    const recipe = byKey.get(String(c.cocktailId));
                    const name = recipe?.name ?? 'Loading…';
                    const planned = plan?.cocktails[index];
                    return (
                      <li key={c.cocktailId} className="rounded-lg border border-border bg-surface-2/40 p-3">
                        <div className="flex items-start justify-between gap-3">
                          <div>
                            <p className="font-medium">{name}</p>
                            {planned ? (
                              <p className="text-xs text-muted" data-testid="party-drinks">
                                {planned.drinks} drinks · {formatAbv(planned.batch.perServing.finalAbv)} ·{' '}
                                {recipe?.glassware}
                              </p>
                            ) : null}
                          </div>
                          <Button
                            type="button"
                            variant="ghost"
                            size="icon"
                            aria-label={`Remove ${name}`}
                            onClick={() =>
                              patch({ cocktails: equalShares(state.cocktails.filter((_, i) => i !== index)) })
                            }
                          >
                            <Trash2Icon aria-hidden="true" />
                          </Button>
                        </div>
                        <div className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,1.6fr)]">
                          <NumberField
                            label="Share"
                            labelSuffix={`of ${name}`}
                            value={c.share}
                            onValue={(share) => update(index, { share: share ?? 0 })}
                            min={0}
                            max={100}
                            suffix="%"
                          />
                          <NumberField
                            label="Dilution"
                            labelSuffix={`of ${name}`}
                            value={c.dilution ?? (recipe ? defaultDilution(recipe.technique) : 0)}
                            onValue={(dilution) => update(index, { dilution })}
                            min={0}
                            max={100}
                            suffix="%"
                            hint={
                              recipe ? `${recipe.technique} default ${defaultDilution(recipe.technique)} %` : undefined
                            }
                          />
                          <div className="col-span-2 flex flex-col gap-1.5 sm:col-span-1">
                            <label htmlFor={`party-style-${c.cocktailId}`} className="text-sm font-medium">
                              Service<span className="sr-only"> of {name}</span>
                            </label>
                            <NativeSelect
                              id={`party-style-${c.cocktailId}`}
                              value={c.style}
                              onChange={(event) => update(index, { style: event.target.value })}
                            >
                              {SERVICE_STYLES.map((style) => (
                                <option key={style} value={style}>
                                  {STYLE_TEXT[style].label}
                                </option>
                              ))}
                            </NativeSelect>
                          </div>
                        </div>
                      </li>
                    );
                  })}
                </ul>
              )}
              {state.cocktails.length > 1 ? (
                <Button
                  type="button"
                  variant="secondary"
                  className="self-start"
                  onClick={() => patch({ cocktails: equalShares(state.cocktails) })}
                >
                  <EqualIcon aria-hidden="true" />
                  Equal shares
                </Button>
              ) : null}
              {failed ? (
                <p role="alert" className="text-sm text-danger-text">
                  A recipe could not load. Check your connection; the plan fills in when it does.
                </p>
              ) : null}
            </CardContent>
          </Card>
        </div>

        <div className="flex flex-col gap-6">
          {plan ? (
            <>
              <Card>
                <CardHeader>
                  <CardTitle asChild>
                    <h2>Shopping list</h2>
                  </CardTitle>
                  <CardDescription>
                    Everything for {plan.totalDrinks} drinks, added up across the cocktails and rounded up to real
                    bottles.
                  </CardDescription>
                </CardHeader>
                <CardContent>
                  <ShoppingTable
                    items={plan.shopping}
                    system={system}
                    bottleSizes={bottleSizes}
                    onBottleSize={(key, ml) => setBottleSizes((sizes) => ({ ...sizes, [key]: ml }))}
                    renderExtra={renderShoppingExtra}
                    caption="Shopping list"
                  />
                </CardContent>
              </Card>
              <Card>
                <CardHeader>
                  <CardTitle asChild>
                    <h2>Ice and glassware</h2>
                  </CardTitle>
                </CardHeader>
                <CardContent className="grid gap-4 sm:grid-cols-2">
                  <div className="flex gap-3" data-testid="party-ice">
                    <SnowflakeIcon className="mt-1 size-5 shrink-0 text-accent" aria-hidden="true" />
                    <div>
                      <p className="font-display text-2xl font-semibold tabular-nums">
                        {Math.ceil(plan.ice.totalKg)} kg
                      </p>
                      <p className="text-xs text-muted">
                        {formatNumber(plan.ice.glassesKg, 1)} kg for glasses (0.5 kg a guest an hour for drinks over
                        ice) + {formatNumber(plan.ice.chillingKg, 1)} kg to chill batches +{' '}
                        {formatNumber(plan.ice.shakingKg, 1)} kg to shake or stir drinks at service.
                      </p>
                    </div>
                  </div>
                  <div className="flex gap-3" data-testid="party-glassware">
                    <GlassWaterIcon className="mt-1 size-5 shrink-0 text-accent" aria-hidden="true" />
                    <ul className="text-sm">
                      {plan.glassware.map((g) => (
                        <li key={g.glassware}>
                          <span className="font-semibold tabular-nums">{g.count}</span> {g.glassware.toLowerCase()}{' '}
                          glasses
                        </li>
                      ))}
                      <li className="text-xs text-muted">One a guest per cocktail, plus 20 % spare.</li>
                    </ul>
                  </div>
                </CardContent>
              </Card>
              {steps ? (
                <Card>
                  <CardHeader>
                    <CardTitle asChild>
                      <h2>Prep timeline</h2>
                    </CardTitle>
                  </CardHeader>
                  <CardContent className="flex flex-col gap-5">
                    {steps.map((phase) =>
                      phase.steps.length ? (
                        <div key={phase.title}>
                          <h3 className="mb-2 text-sm font-semibold text-muted">{phase.title}</h3>
                          <Steps steps={phase.steps} label={phase.title} />
                        </div>
                      ) : null,
                    )}
                  </CardContent>
                </Card>
              ) : null}
              {plan.cocktails.map(({ cocktail, drinks, batch }) =>
                drinks > 0 ? (
                  <Card key={cocktail.key}>
                    <CardHeader>
                      <CardTitle asChild>
                        <h2>
                          {cocktail.name}: {drinks} drinks
                        </h2>
                      </CardTitle>
                      <CardDescription>
                        {STYLE_TEXT[cocktail.style].label} · pour {measurePour(batch.perServing.pourMl, system).text} ·{' '}
                        {formatAbv(batch.perServing.finalAbv)} served
                      </CardDescription>
                    </CardHeader>
                    <CardContent>
                      <BatchTable result={batch} system={system} />
                    </CardContent>
                  </Card>
                ) : null,
              )}
              <ShareActions sharePath={sharePath} printLabel="Print party plan" />
            </>
          ) : state.cocktails.length > 0 && !failed ? (
            <p role="status" className="text-sm text-muted">
              Loading the recipes…
            </p>
          ) : null}
        </div>
      </div>
      {plan && steps ? (
        <div className="hidden bg-white print:block" data-testid="party-sheet">
          {plan.cocktails.map(({ cocktail, drinks, batch }) => {
            const recipe = byKey.get(cocktail.key);
            if (!recipe || drinks === 0) return null;
            return (
              <CocktailSheet
                key={cocktail.key}
                state={sheetStateOf(recipe, cocktail.style, cocktail.methodDilution * 100, drinks)}
                result={batch}
                system={system}
                heading={`Party plan · ${state.guests} guests · ${state.hours} hours`}
              />
            );
          })}
          <article className="flex flex-col gap-3 text-black">
            <h2 className="font-display text-[20pt] font-semibold">Shopping list</h2>
            <ShoppingSheet items={plan.shopping} system={system} title={`For ${plan.totalDrinks} drinks`}>
              <p className="mt-2 text-[9.5pt]">
                ☐ Ice: {Math.ceil(plan.ice.totalKg)} kg ·{' '}
                {plan.glassware.map((g) => `${g.count} ${g.glassware.toLowerCase()}`).join(', ')} glasses
              </p>
            </ShoppingSheet>
            {steps.map((phase) => (
              <section key={phase.title}>
                <h3 className="text-[10pt] font-bold uppercase">{phase.title}</h3>
                <ol className="list-decimal pl-5 text-[9.5pt]">
                  {phase.steps.map((step, i) => (
                    <li key={i}>{step}</li>
                  ))}
                </ol>
              </section>
            ))}
          </article>
        </div>
      ) : null}
    </>
  );
}
