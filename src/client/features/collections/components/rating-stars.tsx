import { StarIcon } from 'lucide-react';
import type { KeyboardEvent, MouseEvent } from 'react';
import { cn } from '@/client/lib/utils';

/** Props of {@link RatingStars}. */
export interface RatingStarsProps {
  /** 0.5–5 in halves, or null when not rated. */
  value: number | null;
  /** Called with the new value (null clears). Omit for a read-only display. */
  onChange?: (value: number | null) => void;
  label: string;
  disabled?: boolean;
  size?: 'sm' | 'md';
}

const clamp = (value: number) => Math.min(5, Math.max(0.5, Math.round(value * 2) / 2));

/**
 * Five stars in half steps. Editable, it is a slider (WAI-ARIA slider pattern): Arrow Right / Up add half a star, Arrow
 * Left / Down take one off, Home is half a star, End five, Delete or Backspace clears; a click on a star's left or right
 * half sets that value. Read-only, it is an image with its value as text.
 */
export function RatingStars({ value, onChange, label, disabled = false, size = 'md' }: RatingStarsProps) {
  const editable = onChange !== undefined && !disabled;
  const text = value === null ? 'Not rated' : `${value} of 5 stars`;
  // Editable, each star is 48 px wide so each of its halves is a 24 px target (WCAG 2.2, 2.5.8 Target Size).
  const starSize = size === 'sm' ? 'size-3.5' : editable ? 'size-8' : 'size-6';

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (!editable) return;
    const current = value ?? 0;
    let next: number | null | undefined;
    if (event.key === 'ArrowRight' || event.key === 'ArrowUp') next = clamp(current + 0.5);
    else if (event.key === 'ArrowLeft' || event.key === 'ArrowDown')
      next = current <= 0.5 ? null : clamp(current - 0.5);
    else if (event.key === 'Home') next = 0.5;
    else if (event.key === 'End') next = 5;
    else if (event.key === 'Delete' || event.key === 'Backspace') next = null;
    if (next === undefined) return;
    event.preventDefault();
    onChange?.(next);
  }

  function onClick(event: MouseEvent<HTMLSpanElement>, star: number) {
    if (!editable) return;
    const box = event.currentTarget.getBoundingClientRect();
    const half = event.clientX - box.left < box.width / 2;
    onChange?.(half ? star - 0.5 : star);
  }

  const stars = [1, 2, 3, 4, 5].map((star) => {
    const fill = value === null ? 0 : Math.min(1, Math.max(0, value - (star - 1)));
    const icon = (
      <span className={cn('relative inline-block', starSize)}>
        <StarIcon className={cn('absolute inset-0 text-border-strong', starSize)} />
        <span className="absolute inset-0 overflow-hidden" style={{ width: `${fill * 100}%` }}>
          <StarIcon className={cn('fill-accent text-accent', starSize)} />
        </span>
      </span>
    );
    if (!editable) {
      return (
        <span key={star} aria-hidden="true" className="inline-flex">
          {icon}
        </span>
      );
    }
    return (
      <span
        key={star}
        data-testid="rating-star"
        className="inline-flex h-11 w-12 cursor-pointer items-center justify-center"
        onClick={(event) => onClick(event, star)}
        aria-hidden="true"
      >
        {icon}
      </span>
    );
  });

  if (!onChange) {
    return (
      <span role="img" aria-label={`${label}: ${text}`} className="inline-flex items-center gap-0.5">
        {stars}
      </span>
    );
  }
  return (
    <div
      role="slider"
      tabIndex={disabled ? -1 : 0}
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={5}
      aria-valuenow={value ?? 0}
      aria-valuetext={text}
      aria-disabled={disabled || undefined}
      onKeyDown={onKeyDown}
      className={cn(
        'inline-flex items-center rounded-md outline-none focus-visible:outline-2 focus-visible:outline-ring',
        disabled && 'opacity-50',
      )}
    >
      {stars}
    </div>
  );
}
