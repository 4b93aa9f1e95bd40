import { CheckIcon, MinusIcon } from 'lucide-react';
import { COMPARISON_ROWS, type ComparisonRow } from '@/shared/domain/plans';

/** One cell: a tick, a dash, or a short text; ticks and dashes carry their meaning for screen readers. */
function Cell({ value }: { value: ComparisonRow['individual'] }) {
  if (typeof value === 'string') return <span className="text-sm font-medium">{value}</span>;
  return value ? (
    <>
      <CheckIcon aria-hidden="true" className="mx-auto size-5 text-accent" />
      <span className="sr-only">Included</span>
    </>
  ) : (
    <>
      <MinusIcon aria-hidden="true" className="mx-auto size-5 text-subtle" />
      <span className="sr-only">Not included</span>
    </>
  );
}

/** The paywall's comparison table (docs/payments.md): what Individual and Enterprise each include. */
export function ComparisonTable() {
  return (
    <section aria-labelledby="compare-plans" className="rounded-2xl border border-border bg-surface shadow-card">
      <h2 id="compare-plans" className="px-5 pt-5 font-display text-xl font-semibold sm:px-6">
        Compare plans
      </h2>
      <table className="mt-3 w-full border-collapse text-left text-sm" data-testid="comparison-table">
        <thead>
          <tr className="border-b border-border text-xs tracking-[0.12em] text-muted uppercase">
            <th scope="col" className="px-5 py-3 font-semibold sm:px-6">
              Feature
            </th>
            <th scope="col" className="w-24 px-2 py-3 text-center font-semibold sm:w-32">
              Individual
            </th>
            <th scope="col" className="w-24 px-2 py-3 text-center font-semibold sm:w-32">
              Enterprise
            </th>
          </tr>
        </thead>
        <tbody>
          {COMPARISON_ROWS.map((row) => (
            <tr key={row.feature} className="border-b border-border last:border-b-0">
              <th scope="row" className="px-5 py-3 font-medium sm:px-6">
                {row.feature}
              </th>
              <td className="px-2 py-3 text-center">
                <Cell value={row.individual} />
              </td>
              <td className="px-2 py-3 text-center">
                <Cell value={row.enterprise} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
