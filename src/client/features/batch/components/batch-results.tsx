import { ChevronRightIcon, SnowflakeIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/client/lib/utils';
import { ETHANOL_DENSITY_G_PER_ML, UK_UNIT_ML, US_STANDARD_DRINK_G } from '@/shared/domain/abv';
import { eggOrDairy, FREEZER_SAFE_ABV, type BatchLineResult, type BatchResult } from '@/shared/domain/batch';
import {
  formatExactLine,
  formatExactVolume,
  measureBatch,
  measureLine,
  measurePour,
  measureVolume,
} from '@/shared/domain/batch-measure';
import type { ShoppingItem } from '@/shared/domain/party';
import { formatRecipeLine, type UnitSystem } from '@/shared/domain/units';
import type { BatchScaleState } from '@/shared/schemas/batch';
import { formatAbv, formatNumber, leftoverText, needText, purchaseText, roundingNote } from '../lib/batch-text';
import { BottleSizeSelect } from './batch-controls';
import { ROLE_LABELS } from './recipe-editor';

/** One headline figure with its working in a disclosure that starts closed. */
function Figure({
  label,
  value,
  testId,
  children,
}: {
  label: string;
  value: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <details className="group rounded-lg border border-border bg-surface-2/50 open:bg-surface-2" data-testid={testId}>
      <summary className="flex cursor-pointer list-none flex-col gap-0.5 rounded-lg p-3 outline-none focus-visible:outline-2 focus-visible:outline-ring [&::-webkit-details-marker]:hidden">
        <span className="flex items-center justify-between text-xs text-muted">
          {label}
          <ChevronRightIcon className="size-3.5 transition-transform group-open:rotate-90" aria-hidden="true" />
        </span>
        <span className="font-display text-xl font-semibold tabular-nums" data-figure>
          {value}
        </span>
        <span className="sr-only">Show how this was worked out</span>
      </summary>
      <div className="border-t border-border px-3 py-2 text-xs leading-relaxed text-muted">{children}</div>
    </details>
  );
}

/** "20 guests × (2 + 1 × 2) drinks" and friends: how the servings came about. */
function servingsWorking(scale: BatchScaleState, result: BatchResult, system: UnitSystem): string {
  const pour = formatExactVolume(result.perServing.pourMl, system);
  switch (scale.by) {
    case 'servings':
      return `You asked for ${scale.servings} servings.`;
    case 'volume':
      return `${formatExactVolume(scale.volumeMl, system)} to fill ÷ ${pour} a glass = ${formatNumber(result.servings)} servings.`;
    case 'bottles':
      return `${scale.bottles} × ${scale.bottleMl} ml ÷ ${pour} a glass, whole servings only = ${result.servings}.`;
    case 'party': {
      const later = Math.max(scale.hours - 1, 0);
      return `${scale.guests} guests × (${scale.firstHourRate} drinks in the first hour${later > 0 ? ` + ${scale.laterRate} × ${formatNumber(later)} later hours` : ''}) = ${result.servings} drinks.`;
    }
  }
}

/** How the water to add was worked out, the sugar syrup's water included. */
function waterWorking(result: BatchResult, system: UnitSystem): string {
  const { container } = result;
  const syrup = formatExactVolume(container.syrupWaterMl, system);
  if (result.batchDilution > 0) {
    const target = `${formatNumber(result.batchDilution * 100, 1)} % × ${formatExactVolume(container.ingredientsMl, system)} of batched ingredients`;
    if (container.syrupWaterMl <= 0) {
      return `${target} = ${formatExactVolume(container.waterMl, system)}: the water the ice would have added.`;
    }
    return `${target}, less the ${syrup} the sugar is dissolved in = ${formatExactVolume(container.waterMl, system)}: the rest of the water the ice would have added.`;
  }
  const none = `None: made to order, the ice adds ${formatNumber(result.servedDilution * 100, 1)} % as each drink is shaken or stirred.`;
  return container.syrupWaterMl > 0 ? `${none} The sugar is dissolved in ${syrup} of water first.` : none;
}

/** The headline figures: servings, batch volume, water, pour, ABVs, standard drinks and UK units, each with its working. */
export function BatchFigures({
  result,
  scale,
  system,
}: {
  result: BatchResult;
  scale: BatchScaleState;
  system: UnitSystem;
}) {
  const { perServing, container } = result;
  const ethanol = formatNumber(perServing.ethanolMl);
  const lines = result.lines.filter((l) => l.perServingMl !== null && l.perServingMl > 0);
  return (
    <div className="flex flex-col gap-2">
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3" role="group" aria-label="Figures">
        <Figure label="Servings" value={formatNumber(result.servings)} testId="figure-servings">
          {servingsWorking(scale, result, system)}
        </Figure>
        <Figure label="Batch volume" value={measureVolume(container.volumeMl, system).text} testId="figure-volume">
          {formatExactVolume(container.ingredientsMl, system)} of ingredients +{' '}
          {container.syrupWaterMl > 0
            ? `${formatExactVolume(container.syrupWaterMl, system)} of water to dissolve the sugar + `
            : ''}
          {formatExactVolume(container.waterMl, system)} of water = {formatExactVolume(container.volumeMl, system)}.
          Add-at-service lines are not in the batch.
        </Figure>
        <Figure label="Water to add" value={formatExactVolume(container.waterMl, system)} testId="figure-water">
          {waterWorking(result, system)}
        </Figure>
        <Figure label="Pour per glass" value={measurePour(perServing.pourMl, system).text} testId="figure-pour">
          {formatExactVolume(container.volumeMl, system)} ÷ {formatNumber(result.servings)} servings ={' '}
          {formatExactVolume(perServing.pourMl, system)}, measured as {measurePour(perServing.pourMl, system).text}.
          {perServing.atServiceMl > 0
            ? ` Then ${formatExactVolume(perServing.atServiceMl, system)} added at service: ${formatExactVolume(perServing.servedMl, system)} in the glass.`
            : ''}
          {perServing.serviceWaterMl > 0
            ? ` The ice adds ${formatExactVolume(perServing.serviceWaterMl, system)} as it is made: ${formatExactVolume(perServing.servedMl, system)} in the glass.`
            : ''}
        </Figure>
        <Figure label="Starting ABV" value={formatAbv(perServing.startAbv)} testId="figure-start-abv">
          Ethanol:{' '}
          {lines.map((l) => `${formatNumber(l.perServingMl ?? 0)} ml × ${formatNumber(l.line.abv, 1)} %`).join(' + ')} ={' '}
          {ethanol} ml. {ethanol} ml ÷ {formatNumber(perServing.startVolumeMl)} ml of ingredients (top-ups included) ={' '}
          {formatAbv(perServing.startAbv)}.
        </Figure>
        <Figure label="Final ABV (served)" value={formatAbv(perServing.finalAbv)} testId="figure-final-abv">
          {ethanol} ml of ethanol ÷ {formatNumber(perServing.servedMl)} ml in the glass (water and top-ups included) ={' '}
          {formatAbv(perServing.finalAbv)}.
        </Figure>
        <Figure label="US standard drinks" value={formatNumber(perServing.usStandardDrinks)} testId="figure-us-drinks">
          {ethanol} ml × {ETHANOL_DENSITY_G_PER_ML} g/ml ÷ {US_STANDARD_DRINK_G} g per US standard drink (NIAAA) ={' '}
          {formatNumber(perServing.usStandardDrinks)}.
        </Figure>
        <Figure label="UK units" value={formatNumber(perServing.ukUnits)} testId="figure-uk-units">
          {ethanol} ml ÷ {UK_UNIT_ML} ml of ethanol per UK unit (NHS) = {formatNumber(perServing.ukUnits)}.
        </Figure>
        <Figure label="Batch ABV" value={formatAbv(container.abv)} testId="figure-batch-abv">
          {formatNumber(container.ethanolMl)} ml of ethanol ÷ {formatExactVolume(container.volumeMl, system)} in the
          batch. Under {FREEZER_SAFE_ABV} % a batch can freeze in a home freezer.
        </Figure>
      </div>
      <p className="text-xs text-muted">
        Starting and final ABV, standard drinks and units are per serving. Tap a figure to see the working.
      </p>
    </div>
  );
}

/** The freezer warning (DOMAIN.md: under about 22 % a batch may freeze). */
export function FreezerWarning({ result, freezer }: { result: BatchResult; freezer: boolean }) {
  if (!result.freezerWarning || !freezer) return null;
  return (
    <p
      role="note"
      data-testid="freezer-warning"
      className="flex gap-2 rounded-lg border border-accent/50 bg-accent-soft px-3 py-2 text-sm"
    >
      <SnowflakeIcon className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />
      <span>
        At {formatAbv(result.container.abv)} this batch may freeze or turn slushy in the freezer (under about{' '}
        {FREEZER_SAFE_ABV} %). Keep it in the fridge, or pour it over ice.
      </span>
    </p>
  );
}

/** The role badge of a line. */
function RoleTag({ line }: { line: BatchLineResult }) {
  if (line.line.role !== 'same-day') return null;
  return (
    <span className="ml-2 rounded-full bg-accent-soft px-2 py-0.5 text-[11px] font-medium text-accent">
      {ROLE_LABELS['same-day']}
    </span>
  );
}

/** The batch: each batched line (measure and exact), the water and the total; then what goes into each glass. */
export function BatchTable({ result, system }: { result: BatchResult; system: UnitSystem }) {
  const measures = measureBatch(result, system);
  const inBatch = result.lines.flatMap((line, i) =>
    line.line.role === 'at-service' ? [] : [{ line, measure: measures.lines[i] ?? null }],
  );
  const atService = result.lines.filter((l) => l.line.role === 'at-service');
  return (
    <div className="flex flex-col gap-5">
      <table className="w-full text-sm" data-testid="batch-table">
        <caption className="sr-only">The batch</caption>
        <thead>
          <tr className="border-b border-border text-left text-xs text-muted">
            <th scope="col" className="py-2 font-medium">
              Ingredient
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              Measure
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              Exact
            </th>
          </tr>
        </thead>
        <tbody>
          {inBatch.map(({ line, measure }, index) => (
            <tr key={index} className="border-b border-border/60">
              <th scope="row" className="py-2 pr-2 text-left font-normal">
                {line.line.ingredient}
                <RoleTag line={line} />
              </th>
              <td className="py-2 text-right font-semibold tabular-nums">{measure?.measure.text ?? '—'}</td>
              <td className="py-2 pl-3 text-right text-muted tabular-nums">{formatExactLine(line, system) ?? '—'}</td>
            </tr>
          ))}
          {measures.syrupWater ? (
            <tr className="border-b border-border/60">
              <th scope="row" className="py-2 pr-2 text-left font-normal">
                Water to dissolve the sugar
              </th>
              <td className="py-2 text-right font-semibold tabular-nums">{measures.syrupWater.measure.text}</td>
              <td className="py-2 pl-3 text-right text-muted tabular-nums">
                {formatExactVolume(result.container.syrupWaterMl, system)}
              </td>
            </tr>
          ) : null}
          <tr className="border-b border-border/60">
            <th scope="row" className="py-2 pr-2 text-left font-normal">
              Water (dilution)
            </th>
            <td className="py-2 text-right font-semibold tabular-nums">{measures.water?.measure.text ?? 'none'}</td>
            <td className="py-2 pl-3 text-right text-muted tabular-nums">
              {formatExactVolume(result.container.waterMl, system)}
            </td>
          </tr>
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" className="pt-2 text-left font-semibold">
              Total
            </th>
            <td className="pt-2 text-right font-semibold tabular-nums" data-testid="batch-total">
              {measures.totalText}
            </td>
            <td className="pt-2 pl-3 text-right text-muted tabular-nums">
              {formatExactVolume(result.container.volumeMl, system)}
            </td>
          </tr>
        </tfoot>
      </table>
      <p role="note" className="-mt-3 text-xs text-muted" data-testid="rounding-note">
        {roundingNote(result, system)}
      </p>
      {atService.length ? (
        <div data-testid="at-service">
          <h3 className="text-sm font-semibold">Added at service</h3>
          <p className="text-xs text-muted">
            Not poured into the batch; counted in the served ABV.
            {atService.some((l) => eggOrDairy(l.line) !== null)
              ? ' Egg and dairy go into the shaker with each pour (egg gets a dry shake first).'
              : ''}
          </p>
          <ul className="mt-2 flex flex-col gap-1 text-sm">
            {atService.map((line, index) => {
              const text = formatRecipeLine(
                { amount: line.line.amount, unit: line.line.unit, ingredient: line.line.ingredient },
                system,
              );
              const perGlass =
                line.line.unit === 'top' || line.line.unit === 'splash'
                  ? `${text.amount} (${measurePour(line.perServingMl ?? 0, system).text})`
                  : text.amount;
              return (
                <li key={index} className="flex justify-between gap-3">
                  <span>
                    {perGlass ? <span className="font-semibold">{perGlass} </span> : null}
                    {text.ingredient} <span className="text-muted">per glass</span>
                  </span>
                  <span className="shrink-0 text-muted tabular-nums">{measureLine(line, system) ?? ''} in all</span>
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

/** Bottles to buy: per ingredient what is needed, how many bottles (or fruit, eggs), what is left over. */
export function ShoppingTable({
  items,
  system,
  bottleSizes,
  onBottleSize,
  caption = 'Bottles to buy',
  renderExtra,
}: {
  items: readonly ShoppingItem[];
  system: UnitSystem;
  bottleSizes: Readonly<Record<string, number>>;
  onBottleSize: (key: string, ml: number) => void;
  caption?: string;
  /** Drawn under an ingredient's name (My Bar's 'In your bar' / 'Add to list', composed by the app). */
  renderExtra?: (ingredient: string) => ReactNode;
}) {
  return (
    <table className="w-full text-sm" data-testid="shopping-list">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-border text-left text-xs text-muted">
          <th scope="col" className="py-2 font-medium">
            Ingredient
          </th>
          <th scope="col" className="py-2 text-right font-medium">
            Need
          </th>
          <th scope="col" className="py-2 pl-3 text-right font-medium">
            Buy
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={item.key} className="border-b border-border/60 align-top">
            <th scope="row" className="py-2 pr-2 text-left font-normal">
              <span className="block">{item.ingredient}</span>
              {item.usedBy.length > 1 ? (
                <span className="block text-xs text-muted">{item.usedBy.join(' · ')}</span>
              ) : null}
              {renderExtra ? <span className="block print:hidden">{renderExtra(item.ingredient)}</span> : null}
            </th>
            <td className="py-2 text-right whitespace-nowrap tabular-nums">{needText(item, system)}</td>
            <td className="py-2 pl-3 text-right">
              {item.purchase.kind === 'bottle' ? (
                <div className="flex items-center justify-end gap-2">
                  <span className="font-semibold whitespace-nowrap tabular-nums">{item.purchase.bottles} ×</span>
                  <BottleSizeSelect
                    aria-label={`Bottle size for ${item.ingredient}`}
                    value={bottleSizes[item.key] ?? item.purchase.bottleMl}
                    onValue={(ml) => onBottleSize(item.key, ml)}
                    className="w-[6.5rem] print:hidden [&_select]:h-9"
                  />
                  <span className="hidden print:inline">{item.purchase.bottleMl} ml</span>
                </div>
              ) : (
                <span className={cn('font-semibold', item.purchase.kind === 'none' && 'font-normal text-muted')}>
                  {purchaseText(item.purchase)}
                </span>
              )}
              {leftoverText(item.purchase, system) ? (
                <span className="block text-xs text-muted">{leftoverText(item.purchase, system)}</span>
              ) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Numbered steps. */
export function Steps({ steps, label }: { steps: readonly string[]; label: string }) {
  return (
    <ol className="flex flex-col gap-2 text-sm" aria-label={label}>
      {steps.map((step, index) => (
        <li key={index} className="flex gap-3">
          <span
            aria-hidden="true"
            className="flex size-6 shrink-0 items-center justify-center rounded-full bg-surface-2 text-xs font-semibold text-accent ring-1 ring-border"
          >
            {index + 1}
          </span>
          <span className="pt-0.5">{step}</span>
        </li>
      ))}
    </ol>
  );
}
