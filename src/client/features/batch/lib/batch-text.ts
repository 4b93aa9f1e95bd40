import type { Technique } from '@/shared/domain/abv';
import type { BatchLineResult, BatchResult, ServiceStyle } from '@/shared/domain/batch';
import { servicePlan } from '@/shared/domain/batch-service';
import {
  formatExactVolume,
  formatWeight,
  MAX_MEASURE_ERROR,
  measureBatch,
  measurePour,
  measureVolume,
} from '@/shared/domain/batch-measure';
import type { Purchase, ShoppingItem } from '@/shared/domain/party';
import { formatRecipeLine, isSolidSugar, unitLabel, type UnitSystem } from '@/shared/domain/units';

/**
 * The calculator's sentences: figures as text, the prep and service steps, the bottle label, how to buy each ingredient.
 * Pure functions of the domain's results (volumes in ml until shown in the user's system).
 */

/** A number with at most `digits` decimals, no trailing zeros. */
export function formatNumber(value: number, digits = 2): string {
  return Number(value.toFixed(digits)).toLocaleString('en-US', { maximumFractionDigits: digits });
}

/** An ABV as text: one decimal ("22.5 %"). */
export function formatAbv(abv: number): string {
  return `${formatNumber(abv, 1)} %`;
}

/** A list as English: "gin, Campari and sweet vermouth". */
export function joinList(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** What the user is served in, for sentences ("a rocks glass"). */
function glassText(glassware: string | null): string {
  if (!glassware) return 'a glass';
  const name = glassware.toLowerCase();
  const article = /^[aeiou]/.test(name) ? 'an' : 'a';
  return name.endsWith('mug') || name.endsWith('cup') ? `${article} ${name}` : `${article} ${name} glass`;
}

/**
 * The steps to make the batch ahead of service, in order, with the measures of {@link measureBatch} (rounded so the batch
 * fits its container). Solid sugar is dissolved in its weight of water first (a 1:1 syrup), since it does not dissolve in
 * spirit; that water is part of the dilution, so only the rest is added.
 */
export function prepSteps(result: BatchResult, style: ServiceStyle, system: UnitSystem): string[] {
  const measures = measureBatch(result, system);
  const measured = (role: BatchLineResult['line']['role']) =>
    result.lines.flatMap((l, i) => {
      const m = measures.lines[i];
      return l.line.role === role && m ? [{ line: l, text: `${m.measure.text} ${l.line.ingredient}` }] : [];
    });
  const isSugar = (l: { line: BatchLineResult }) =>
    measures.syrupWater !== null && isSolidSugar(l.line.line.ingredient);
  const sugar = [...measured('batch'), ...measured('same-day')].filter(isSugar);
  const batched = measured('batch').filter((l) => !isSugar(l));
  const sameDay = measured('same-day').filter((l) => !isSugar(l));
  const list = (lines: readonly { text: string }[]) => joinList(lines.map((l) => l.text));
  const steps: string[] = [];
  if (sugar.length && measures.syrupWater) {
    steps.push(
      `Make the syrup: stir ${list(sugar)} into ${measures.syrupWater.measure.text} of warm water until clear, then let it cool.`,
    );
  }
  const intoJug = [...batched.map((l) => l.text), ...(sugar.length ? ['the syrup'] : [])];
  const vessel = result.container.bottles
    ? `a large jug, pot or bucket (${formatExactVolume(result.container.volumeMl, system)} in all)`
    : 'a clean jug or bottle';
  if (intoJug.length) steps.push(`Measure ${joinList(intoJug)} into ${vessel}.`);
  if (measures.water) {
    const rest = measures.syrupWater ? ', the rest of the dilution' : ' (the dilution)';
    steps.push(`Add ${measures.water.measure.text} of cold filtered water${rest}.`);
  }
  if (sameDay.length) steps.push(`On the day: squeeze and strain ${list(sameDay)}, then add it to the batch.`);
  const { bottles } = result.container;
  if (bottles && (intoJug.length || sameDay.length)) {
    const each = measureVolume(result.container.volumeMl / bottles.count, system).text;
    const size =
      system === 'ml' && bottles.bottleMl % 1000 === 0
        ? `${bottles.bottleMl / 1000} l`
        : formatExactVolume(bottles.bottleMl, system);
    steps.push(`Stir to mix, then divide it between the ${bottles.count} × ${size} bottles: ${each} in each.`);
    steps.push('Seal and label each bottle.');
  } else if (intoJug.length || sameDay.length) steps.push('Stir or shake gently to mix, seal and label.');
  if (style === 'fridge') steps.push('Chill in the fridge for at least 2 hours.');
  if (style === 'freezer') steps.push('Chill in the freezer for at least 4 hours.');
  if (style === 'over-ice' || style === 'to-order') steps.push('Keep the batch cold until service.');
  return steps;
}

/**
 * What the rounded measures add up to, and that they fit ({@link measureBatch}): "Measures are rounded, some of them
 * down, to stay within 750 ml: together they make 750 ml." Any count that cannot fit, or measure off by more than
 * {@link MAX_MEASURE_ERROR}, is named with its difference.
 */
export function roundingNote(result: BatchResult, system: UnitSystem): string {
  const measures = measureBatch(result, system);
  const capacity = formatExactVolume(measures.capacityMl, system);
  const fits =
    result.container.capacityMl > result.container.volumeMl + 0.5
      ? `fit the ${capacity} container`
      : `stay within ${capacity}`;
  const down = measures.roundedDown ? ', some of them down,' : '';
  const parts = [`Measures are rounded${down} to ${fits}: together they make ${measures.totalText}.`];
  const off = result.lines.flatMap((l, i) => {
    const m = measures.lines[i];
    if (!m || Math.abs(m.error) < MAX_MEASURE_ERROR) return [];
    const percent = formatNumber(Math.abs(m.error) * 100, 0);
    return [
      `${m.measure.text} ${l.line.ingredient} is ${percent} % ${m.error < 0 ? 'under' : 'over'} the exact amount`,
    ];
  });
  if (off.length) parts.push(`${joinList(off)}.`.replace(/^./, (c) => c.toUpperCase()));
  if (measures.overMl > 0) {
    parts.push(`Whole counts take it ${formatExactVolume(measures.overMl, system)} over: leave room for them.`);
  }
  return parts.join(' ');
}

/** One add-at-service line as "1 Egg white" / "15 ml Cream". */
function lineText(line: BatchLineResult, system: UnitSystem): string {
  const text = formatRecipeLine(
    { amount: line.line.amount, unit: line.line.unit, ingredient: line.line.ingredient },
    system,
  );
  return [text.amount, text.ingredient].filter(Boolean).join(' ');
}

/**
 * The steps for each glass at service, from {@link servicePlan}: egg and dairy go into the shaker with the pour (a dry
 * shake first for egg), never into the glass after the shake; toppers go in after the drink. The drink goes 'over fresh
 * ice' exactly when batch-service.ts `isServedOverIce` says so for the style, the recipe's fact and its glass: the rule the
 * party's ice follows.
 * @param options.servedOverIce the recipe's served-over-ice fact, or null to let the glass decide
 */
export function serviceSteps(
  result: BatchResult,
  options: {
    style: ServiceStyle;
    technique: Technique;
    glassware: string | null;
    servedOverIce: boolean | null;
    garnish: string | null;
  },
  system: UnitSystem,
): string[] {
  const { style, technique, glassware, servedOverIce, garnish } = options;
  const plan = servicePlan(result, style, technique, { glassware, servedOverIce });
  const pour = measurePour(result.perServing.pourMl, system).text;
  const glass = glassText(glassware);
  const into = plan.overIce ? `over fresh ice in ${glass}` : `into ${glass}`;
  const steps: string[] = [];
  for (const line of plan.rinses) steps.push(`Rinse the glass with ${line.line.ingredient} first.`);
  const shakenIn = joinList(plan.shakenIn.map((l) => lineText(l, system)));
  const what = result.perServing.pourMl > 0 ? `${pour} of the batch` : '';
  const mix = [what, shakenIn].filter(Boolean).join(' and ');
  if (mix) {
    const brief = plan.batchHoldsWater ? ' briefly (the batch already holds its water)' : ' until cold';
    switch (plan.finish) {
      case 'shake':
        if (plan.dryShake) {
          steps.push(`Dry shake ${mix} hard without ice, to build the foam.`);
          steps.push(`Add ice, shake again${brief}, then strain ${into}.`);
        } else steps.push(`Shake ${mix} with ice${brief}, then strain ${into}.`);
        break;
      case 'blend':
        steps.push(`Blend ${mix} with ice until smooth, then pour ${into}.`);
        break;
      case 'stir':
        steps.push(`Stir ${mix} with ice until cold, then strain ${into}.`);
        break;
      case 'pour-over-ice':
        steps.push(
          style === 'over-ice'
            ? `Pour ${pour} of the batch over fresh ice in ${glass}.`
            : `Pour ${pour} of the ${style === 'freezer' ? 'ice-cold' : 'chilled'} batch over fresh ice in ${glass}.`,
        );
        break;
      case 'pour':
        steps.push(`Pour ${pour} of the ${style === 'freezer' ? 'ice-cold' : 'chilled'} batch into ${glass}.`);
        break;
    }
  }
  for (const line of plan.addedAfter) {
    if (line.line.unit === 'top' || line.line.unit === 'splash') {
      const ml = line.perServingMl ? ` (about ${measurePour(line.perServingMl, system).text})` : '';
      steps.push(`${line.line.unit === 'splash' ? 'Add a splash of' : 'Top with'} ${line.line.ingredient}${ml}.`);
    } else steps.push(`Add ${lineText(line, system)}.`);
  }
  if (garnish) steps.push(`Garnish: ${garnish}.`);
  return steps;
}

/** The label for the bottle: name, volume, ABV, servings and the pour. */
export function labelText(name: string, result: BatchResult, system: UnitSystem, date: Date): string[] {
  return [
    (name.trim() || 'House batch').toUpperCase(),
    `${measureBatch(result, system).totalText} · ${formatAbv(result.container.abv)} ABV`,
    `${formatNumber(result.servings)} servings of ${measurePour(result.perServing.pourMl, system).text}`,
    `Batched ${date.toLocaleDateString('en-US', { day: 'numeric', month: 'short', year: 'numeric' })}`,
  ];
}

/** How an item is bought, as text ("1 × 750 ml bottle", "14 limes", "10 eggs"). */
export function purchaseText(purchase: Purchase): string {
  switch (purchase.kind) {
    case 'bottle':
      return `${purchase.bottles} × ${purchase.bottleMl} ml ${purchase.bottles === 1 ? 'bottle' : 'bottles'}`;
    case 'fruit':
      return `${purchase.count} ${purchase.fruit}`;
    case 'bag':
      return `${purchase.bags} × ${purchase.bagG / 1000} kg ${purchase.bags === 1 ? 'bag' : 'bags'}`;
    case 'count':
      return `${purchase.count} ${purchase.unit === 'egg' ? (purchase.count === 1 ? 'egg' : 'eggs') : purchase.unit}`;
    case 'none':
      return 'from the tap';
  }
}

/** What is left over after the batch, as text, or '' when nothing measurable is. */
export function leftoverText(purchase: Purchase, system: UnitSystem): string {
  if ((purchase.kind === 'bottle' || purchase.kind === 'fruit') && purchase.leftoverMl > 0.5) {
    return `${measureVolume(purchase.leftoverMl, system).text} left over`;
  }
  return '';
}

/** What a shopping item needs in total, as text ("208.3 ml", "7 slices"). */
export function needText(item: ShoppingItem, system: UnitSystem): string {
  if (item.purchase.kind === 'bag') return formatWeight(item.purchase.grams, system);
  if (item.totalMl !== null && item.purchase.kind !== 'count') return measureVolume(item.totalMl, system).text;
  if (item.totalCount !== null) {
    const count = Math.ceil(item.totalCount - 1e-9);
    return `${count} ${unitLabel(item.countUnit ?? '', count)}`.trim();
  }
  return '';
}
