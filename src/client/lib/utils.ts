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
