import type { Technique } from '@/shared/domain/abv';
import type { BatchResult, ServiceStyle } from '@/shared/domain/batch';
import { formatWeight, measureLine, measurePour, measureVolume } from '@/shared/domain/batch-measure';
import type { Purchase, ShoppingItem } from '@/shared/domain/party';
import { formatRecipeLine, unitLabel, type UnitSystem } from '@/shared/domain/units';

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

/** The steps to make the batch ahead of service, in order. */
export function prepSteps(result: BatchResult, style: ServiceStyle, system: UnitSystem): string[] {
  const batched = result.lines.filter((l) => l.line.role === 'batch' && (l.totalMl !== null || l.totalCount !== null));
  const sameDay = result.lines.filter(
    (l) => l.line.role === 'same-day' && (l.totalMl !== null || l.totalCount !== null),
  );
  const list = (lines: typeof batched) => joinList(lines.map((l) => `${measureLine(l, system)} ${l.line.ingredient}`));
  const steps: string[] = [];
  if (batched.length) steps.push(`Measure ${list(batched)} into a clean jug or bottle.`);
  if (result.container.waterMl > 0) {
    steps.push(`Add ${measureVolume(result.container.waterMl, system).text} of cold filtered water (the dilution).`);
  }
  if (sameDay.length) steps.push(`On the day: squeeze and strain ${list(sameDay)}, then add it to the batch.`);
  if (batched.length || sameDay.length) steps.push('Stir or shake gently to mix, seal and label.');
  if (style === 'fridge') steps.push('Chill in the fridge for at least 2 hours.');
  if (style === 'freezer') steps.push('Chill in the freezer for at least 4 hours.');
  if (style === 'over-ice' || style === 'to-order') steps.push('Keep the batch cold until service.');
  return steps;
}

/** The steps for each glass at service. */
export function serviceSteps(
  result: BatchResult,
  options: { style: ServiceStyle; technique: Technique; glassware: string | null; garnish: string | null },
  system: UnitSystem,
): string[] {
  const { style, technique, glassware, garnish } = options;
  const pour = measurePour(result.perServing.pourMl, system).text;
  const glass = glassText(glassware);
  const steps: string[] = [];
  if (result.perServing.pourMl > 0) {
    if (style === 'to-order') {
      const verb = technique === 'Shake' ? 'Shake' : 'Stir';
      steps.push(`${verb} ${pour} of the batch with ice until cold, then strain into ${glass}.`);
    } else if (style === 'over-ice') steps.push(`Pour ${pour} of the batch over fresh ice in ${glass}.`);
    else steps.push(`Pour ${pour} of the ${style === 'freezer' ? 'ice-cold' : 'chilled'} batch into ${glass}.`);
  }
  for (const line of result.lines) {
    if (line.line.role !== 'at-service') continue;
    const text = formatRecipeLine(
      { amount: line.line.amount, unit: line.line.unit, ingredient: line.line.ingredient },
      system,
    );
    if (line.line.unit === 'top' || line.line.unit === 'splash') {
      const ml = line.perServingMl ? ` (about ${measurePour(line.perServingMl, system).text})` : '';
      steps.push(`${line.line.unit === 'splash' ? 'Add a splash of' : 'Top with'} ${line.line.ingredient}${ml}.`);
    } else if (line.line.unit === 'rinse') steps.push(`Rinse the glass with ${line.line.ingredient} first.`);
    else steps.push(`Add ${[text.amount, text.ingredient].filter(Boolean).join(' ')}.`);
  }
  if (garnish) steps.push(`Garnish: ${garnish}.`);
  return steps;
}

/** The label for the bottle: name, volume, ABV, servings and the pour. */
export function labelText(name: string, result: BatchResult, system: UnitSystem, date: Date): string[] {
  return [
    (name.trim() || 'House batch').toUpperCase(),
    `${measureVolume(result.container.volumeMl, system).text} · ${formatAbv(result.container.abv)} ABV`,
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
