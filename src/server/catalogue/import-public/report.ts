import type { DatasetReport, PublicImportResult } from './import-public';

/**
 * The lines `npm run catalogue:import` prints for an import (import-public.ts): per dataset its source and licence,
 * `read N / imported N / merged N / refused N`, the share of ingredient lines resolved to ingredients the catalogue held
 * before (%, one decimal), the ingredients it added, each recipe kept under a new name because the catalogue holds
 * another drink of its own ('kept under a new name: X → Y', with how they differ) and each refusal with its reason; then
 * the files that could not be read or held no recipe, and the public catalogue's size.
 */

/** `part` of `whole` as a percentage with one decimal ('96.5 %'); '-' when `whole` is 0. */
export function percentOf(part: number, whole: number): string {
  return whole === 0 ? '-' : `${((part / whole) * 100).toFixed(1)} %`;
}

/** The summary line of a set of counts. */
export function summaryLine(counts: Pick<DatasetReport, 'read' | 'imported' | 'merged' | 'refused'>): string {
  return `read ${counts.read} / imported ${counts.imported} / merged ${counts.merged} / refused ${counts.refused}`;
}

/** Every line of the report of `result`. */
export function reportLines(result: PublicImportResult): string[] {
  const out: string[] = [];
  for (const report of result.datasets) {
    const { source } = report;
    out.push(`${source.name} (${source.licence ?? 'no licence found'}${source.url ? `, ${source.url}` : ''}):`);
    out.push(`  ${summaryLine(report)}`);
    if (report.already > 0) out.push(`  (${report.already} of the merged were already imported from this source)`);
    out.push(
      `  ingredient lines resolved to the catalogue: ${report.resolved} of ${report.lines} (${percentOf(report.resolved, report.lines)})`,
    );
    if (report.newIngredients.length > 0) {
      out.push(`  new ingredients (${report.newIngredients.length}): ${report.newIngredients.join(', ')}`);
    }
    for (const apart of report.keptApart) {
      out.push(`  kept under a new name: '${apart.from}' → '${apart.to}' (${apart.difference})`);
    }
    for (const refusal of report.refusals) {
      out.push(`  refused ${refusal.name ? `'${refusal.name}'` : '(no name)'} in ${refusal.file}: ${refusal.reason}`);
    }
  }
  const total = result.datasets.reduce(
    (sum, report) => ({
      read: sum.read + report.read,
      imported: sum.imported + report.imported,
      merged: sum.merged + report.merged,
      refused: sum.refused + report.refused,
    }),
    { read: 0, imported: 0, merged: 0, refused: 0 },
  );
  out.push(summaryLine(total));
  if (result.skipped.length > 0) out.push(`${result.skipped.length} files held no recipe and were skipped`);
  for (const { path, reason } of result.unreadable) out.push(`cannot read ${path}: ${reason}`);
  out.push(`the public catalogue holds ${result.cocktails} cocktails${result.changed ? '' : ' (nothing changed)'}`);
  return out;
}
