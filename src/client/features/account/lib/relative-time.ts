/** The units used, largest first, with their length in seconds. */
const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/**
 * How long ago an ISO 8601 time was, in English ("just now", "5 minutes ago", "yesterday", "3 weeks ago").
 * Months are counted as 30 days and years as 365: close enough for an activity list. Times in the future (clock skew)
 * read as "just now"; an unparseable time gives ''.
 * @param iso the time, ISO 8601.
 * @param now the reference time, ms since the epoch (default: the current time).
 */
export function timeAgo(iso: string, now: number = Date.now()): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return '';
  const seconds = Math.round((now - then) / 1000);
  if (seconds < 60) return 'just now';
  const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  for (const [unit, length] of UNITS) {
    if (seconds >= length) return format.format(-Math.floor(seconds / length), unit);
  }
  return 'just now';
}
