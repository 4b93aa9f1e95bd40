import type { ReactNode } from 'react';
import type { BatchResult, ServiceStyle } from '@/shared/domain/batch';
import { formatExactLine, formatExactVolume, measureBatch, measurePour } from '@/shared/domain/batch-measure';
import type { ShoppingItem } from '@/shared/domain/party';
import { formatRecipeLine, type UnitSystem } from '@/shared/domain/units';
import type { BatchState } from '@/shared/schemas/batch';
import { STYLE_TEXT } from './batch-controls';
import {
  formatAbv,
  formatNumber,
  labelText,
  leftoverText,
  needText,
  prepSteps,
  purchaseText,
  roundingNote,
  serviceSteps,
} from '../lib/batch-text';

/** A titled block of the printed sheet. */
function SheetSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="break-inside-avoid">
      <h3 className="mb-1 border-b border-black/30 pb-0.5 text-[10pt] font-bold tracking-wide uppercase">{title}</h3>
      {children}
    </section>
  );
}

/** The printed list of steps. */
function SheetSteps({ steps }: { steps: readonly string[] }) {
  return (
    <ol className="list-decimal pl-5 text-[9.5pt] leading-snug">
      {steps.map((step, i) => (
        <li key={i}>{step}</li>
      ))}
    </ol>
  );
}

/**
 * One cocktail's printed sheet: the recipe per glass, the batch (measures, water, total), the bottle label, what to buy
 * and the steps. Black on white, sized to fit one A4 or Letter page for a typical batch.
 */
export function CocktailSheet({
  state,
  result,
  shopping,
  system,
  heading,
}: {
  state: BatchState;
  result: BatchResult;
  shopping?: readonly ShoppingItem[];
  system: UnitSystem;
  heading?: string;
}) {
  const style = state.style as ServiceStyle;
  const name = state.name.trim() || 'House batch';
  const measures = measureBatch(result, system);
  return (
    <article className="flex flex-col gap-3 break-after-page text-black last:break-after-auto">
      <header>
        <p className="text-[8pt] tracking-widest text-black/70 uppercase">{heading ?? 'Barback prep sheet'}</p>
        <h2 className="font-display text-[20pt] leading-tight font-semibold">{name}</h2>
        <p className="text-[9.5pt]">
          {formatNumber(result.servings)} servings · {STYLE_TEXT[style].label} · {state.technique}, {state.dilution} %
          dilution · {formatAbv(result.perServing.finalAbv)} served · {formatNumber(result.perServing.usStandardDrinks)}{' '}
          US standard drinks, {formatNumber(result.perServing.ukUnits)} UK units a glass
        </p>
      </header>
      <div className="grid grid-cols-2 gap-4">
        <SheetSection title="One glass">
          <ul className="text-[9.5pt]">
            {state.lines
              .filter((line) => line.ingredient.trim())
              .map((line, i) => {
                const text = formatRecipeLine(
                  { amount: line.amount, unit: line.unit, ingredient: line.ingredient },
                  system,
                );
                return (
                  <li key={i}>
                    {text.amount} {text.ingredient}
                  </li>
                );
              })}
          </ul>
        </SheetSection>
        <SheetSection title="Bottle label">
          <div className="rounded border-2 border-dashed border-black/60 p-2 text-center text-[9.5pt] leading-snug">
            {labelText(name, result, system, new Date()).map((row, i) => (
              <p key={i} className={i === 0 ? 'text-[12pt] font-bold' : undefined}>
                {row}
              </p>
            ))}
          </div>
        </SheetSection>
      </div>
      <SheetSection title="The batch">
        <table className="w-full text-[9.5pt]">
          <tbody>
            {result.lines.map((l, i) =>
              l.line.role === 'at-service' ? null : (
                <tr key={i} className="border-b border-black/15">
                  <td className="py-0.5">
                    {l.line.ingredient}
                    {l.line.role === 'same-day' ? ' (on the day)' : ''}
                  </td>
                  <td className="py-0.5 text-right font-bold">{measures.lines[i]?.measure.text ?? ''}</td>
                  <td className="py-0.5 text-right text-black/70">{formatExactLine(l, system) ?? ''}</td>
                </tr>
              ),
            )}
            {measures.syrupWater ? (
              <tr className="border-b border-black/15">
                <td className="py-0.5">Water to dissolve the sugar</td>
                <td className="py-0.5 text-right font-bold">{measures.syrupWater.measure.text}</td>
                <td className="py-0.5 text-right text-black/70">
                  {formatExactVolume(result.container.syrupWaterMl, system)}
                </td>
              </tr>
            ) : null}
            <tr className="border-b border-black/15">
              <td className="py-0.5">Water</td>
              <td className="py-0.5 text-right font-bold">{measures.water?.measure.text ?? 'none'}</td>
              <td className="py-0.5 text-right text-black/70">{formatExactVolume(result.container.waterMl, system)}</td>
            </tr>
            <tr>
              <td className="py-0.5 font-bold">Total</td>
              <td className="py-0.5 text-right font-bold">{measures.totalText}</td>
              <td className="py-0.5 text-right text-black/70">
                {formatAbv(result.container.abv)} · pour {measurePour(result.perServing.pourMl, system).text}
              </td>
            </tr>
          </tbody>
        </table>
        <p className="text-[8.5pt] text-black/70">{roundingNote(result, system)}</p>
      </SheetSection>
      <div className="grid grid-cols-2 gap-4">
        <SheetSection title="Ahead of time">
          <SheetSteps steps={prepSteps(result, style, system)} />
        </SheetSection>
        <SheetSection title="At service">
          <SheetSteps
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
          />
        </SheetSection>
      </div>
      {shopping ? <ShoppingSheet items={shopping} system={system} title="To buy" /> : null}
    </article>
  );
}

/** The printed shopping list. */
export function ShoppingSheet({
  items,
  system,
  title,
  children,
}: {
  items: readonly ShoppingItem[];
  system: UnitSystem;
  title: string;
  children?: ReactNode;
}) {
  return (
    <SheetSection title={title}>
      <table className="w-full text-[9.5pt]">
        <tbody>
          {items.map((item) => (
            <tr key={item.key} className="border-b border-black/15">
              <td className="py-0.5">
                ☐ {item.ingredient}
                {item.usedBy.length > 1 ? <span className="text-black/60"> ({item.usedBy.join(', ')})</span> : null}
              </td>
              <td className="py-0.5 text-right">{needText(item, system)}</td>
              <td className="py-0.5 text-right font-bold">{purchaseText(item.purchase)}</td>
              <td className="py-0.5 text-right text-black/60">{leftoverText(item.purchase, system)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {children}
    </SheetSection>
  );
}

/** The batch tab's printed sheet: hidden on screen, the only thing printed. */
export function PrepSheet(props: {
  state: BatchState;
  result: BatchResult;
  shopping: readonly ShoppingItem[];
  system: UnitSystem;
}) {
  return (
    <div className="hidden bg-white print:block" data-testid="prep-sheet">
      <CocktailSheet {...props} />
    </div>
  );
}
