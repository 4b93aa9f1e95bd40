import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/**
 * Joins class names (strings, arrays, `{cls: condition}` objects; falsy values dropped) and resolves Tailwind conflicts so
 * the last utility wins: `cn('px-2 py-1', isWide && 'px-4')` -> `'py-1 px-4'`.
 * @param inputs any values clsx accepts
 * @returns one space-separated class string
 */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}

/**
 * Makes tailwind-merge build its class map now (its first call does: about 10 ms on this project's test machine, more on
 * a slow phone), so that work runs in a task of its own at start instead of inside the first render slice that calls
 * {@link cn} (issue 12, Total Blocking Time). Later calls are cheap either way.
 */
export function prepareClassMerge(): void {
  twMerge('p-0', 'p-1');
}
