import { useId } from 'react';

/**
 * Barback's mark: a coupe glass with an amber pour and a cherry. Decorative (aria-hidden); pair it with visible text or
 * an accessible label. Size it with `size-*` in `className` (default size-8). No class merging here: the age gate draws it before the app's
 * code (and tailwind-merge) loads.
 */
export function BrandMark({ className = 'size-8' }: { className?: string }) {
  const id = useId();
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={className}>
      <defs>
        <linearGradient id={`${id}-pour`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#f4c170" />
          <stop offset="1" stopColor="#d98f2e" />
        </linearGradient>
      </defs>
      <path
        d="M5 7.5h22c0 6.4-4.9 11-11 11s-11-4.6-11-11z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
      <path d="M7.4 10.5h17.2c-1.1 4.2-4.5 6.4-8.6 6.4s-7.5-2.2-8.6-6.4z" fill={`url(#${id}-pour)`} />
      <path d="M16 18.5v7M11.5 26.5h9" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
      <circle cx="22.2" cy="5.4" r="2.1" fill="#c8453a" />
      <path d="M22.2 5.4c.6-1.6 1.8-2.6 3.4-3" stroke="#7a9a5a" strokeWidth="1" fill="none" strokeLinecap="round" />
    </svg>
  );
}
