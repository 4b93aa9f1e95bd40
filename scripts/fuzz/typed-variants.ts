/** Hostile variants of a field's valid value, by its type and name, for the typed mutations of the request planner. */
import { EDGE_ISO_TIMESTAMPS, EDGE_MS_TIMESTAMPS } from './timestamps';
import { Special, noise, raw, toJsonText } from './values';

/** Index of the incompressible long text among a string's {@link typedVariants}. */
export const NOISE_VARIANT = 3;

const TIME_KEY = /time|date|_at$|At$|_ms$|Ms$/;
const ISO_LIKE = /^[+-]?\d{4,6}-\d\d-\d\dT/;

/**
 * Hostile variants of a field's valid value, by its type and name: the same text with NUL, control characters or lone
 * surrogates added, upper-cased, padded or 100 kB long; numbers at their extremes; timestamps at year 0 / 9999 / negative
 * (for time-like names or ISO values); booleans and nulls of other types; arrays and objects empty, 100k items long or
 * nested 10,000 deep. Close to valid on purpose: they pass the checks that a random value fails, and reach storage.
 */
export function typedVariants(key: string, current: unknown): unknown[] {
  const timeLike = TIME_KEY.test(key) || (typeof current === 'string' && ISO_LIKE.test(current));
  if (timeLike && typeof current === 'number') {
    return [...EDGE_MS_TIMESTAMPS, ...EDGE_ISO_TIMESTAMPS.slice(0, 2), raw('1e999'), raw('-0'), 1.5];
  }
  if (timeLike && typeof current === 'string') {
    return [...EDGE_ISO_TIMESTAMPS, `${current}\u0000`, '', ...EDGE_MS_TIMESTAMPS.slice(0, 2)];
  }
  if (typeof current === 'string') {
    const text = current;
    return [
      `${text}\u0000`,
      `${text}\ud800`,
      text.repeat(Math.ceil(100_000 / Math.max(1, text.length))).slice(0, 100_000),
      `${text}${noise(3_000)}`,
      '',
      `\u0000${text}`,
      `${text.slice(0, 1)}\u0000${text.slice(1)}`,
      `\udfff${text}`,
      `${text}\u0001\u001f\u007f\u0085`,
      `${text}😀👩‍👩‍👧‍👦`,
      `${text}\u202e\u200b\ufeff`,
      text.toUpperCase(),
      ` ${text} `,
      `${text}'--`,
      `${text}%00`,
      `${text}\r\n`,
      '\u0000',
      1,
      null,
    ];
  }
  if (typeof current === 'number') {
    return [
      raw('-0'),
      1e308,
      raw('1e999'),
      2 ** 53 + 2,
      -1,
      0,
      -1e308,
      raw('NaN'),
      'NaN',
      String(current),
      raw('9007199254740993'),
      current + 0.5,
      -current,
      8.64e15 + 1,
    ];
  }
  if (typeof current === 'boolean') return [String(current), current ? 1 : 0, null, !current, [current]];
  if (current === null) return ['', 0, false, {}, [], '\u0000', 'null'];
  if (current instanceof Special) return [current];
  if (Array.isArray(current)) {
    const item = toJsonText(current[0] ?? 1);
    return [
      new Special('deep-array', item, 10_000),
      new Special('long-array', item, 100_000),
      [],
      [null],
      [current],
      [...current, ...current],
      new Special('deep-array', item, 5_000),
      new Special('long-array', item, 1_000),
    ];
  }
  if (typeof current === 'object') {
    return [
      new Special('deep-object', '1', 10_000),
      new Special('deep-array', '1', 5_000),
      new Special('deep-object', '{}', 5_000),
      {},
      [current],
      new Special('deep-object', '1', 800),
      new Special('deep-array', '1', 2_000),
      { ...current, ['\u0000']: '\u0000' },
      Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`k${i}`, 'x'.repeat(i % 7)])),
    ];
  }
  return [];
}
