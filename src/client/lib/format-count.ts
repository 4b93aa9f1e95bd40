/**
 * A whole count in US English with thousands separators: 1234567 -> '1,234,567', -1200 -> '-1,200' (a fraction is
 * truncated toward zero; NaN and infinities print as String() does).
 *
 * Same text as `n.toLocaleString('en-US')` for integers, without Intl: the first Intl call of a page loads the ICU
 * locale data, a long task on a slow phone, in the middle of the landing page's first render. The pages a visitor lands
 * on print counts with this.
 */
export function formatCount(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const whole = Math.trunc(n);
  const digits = String(Math.abs(whole)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return whole < 0 ? `-${digits}` : digits;
}
