import { useEffect, useState } from 'react';

/**
 * A copy of `value` that follows it once it has stopped changing for `delayMs`.
 * @param value any value compared with Object.is
 * @param delayMs quiet time before the copy updates, ms (docs/product.md, Constants and limits: 300 ms default for search)
 * @returns the settled value
 */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (Object.is(value, settled)) return;
    const timer = window.setTimeout(() => setSettled(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, settled, delayMs]);
  return settled;
}
