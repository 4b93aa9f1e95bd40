/** Timestamps at and past the edges, as ISO text and as milliseconds, for the fuzz's time-like fields. */
import fc from 'fast-check';

/** ISO 8601 texts at and past the edges: year 0, year 9999, negative years, JavaScript's limits, impossible dates. */
export const EDGE_ISO_TIMESTAMPS = [
  '0000-01-01T00:00:00Z',
  '0000-01-01T00:00:00.000Z',
  '0000-12-31T23:59:59.999+00:00',
  '0001-01-01T00:00:00Z',
  '9999-12-31T23:59:59.999Z',
  '9999-12-31T23:59:59+14:00',
  '+275760-09-13T00:00:00.000Z',
  '-271821-04-20T00:00:00.000Z',
  '-000001-01-01T00:00:00Z',
  '1969-12-31T23:59:59.999Z',
  '1970-01-01T00:00:00Z',
  '2024-02-30T12:00:00Z',
  '2024-13-01T00:00:00Z',
  '2024-01-01T24:00:00Z',
  '2024-01-01T00:00:60Z',
  '2024-01-01T00:00:00+23:59',
  '2024-01-01T00:00:00-23:59',
  '2024-01-01T00:00:00.123456789Z',
  '2024-01-01',
  '2024-01-01T00:00:00',
  'now',
] as const;

/** Millisecond timestamps at the edges: year 0, year 9999, ±8.64e15, negative, just past the JavaScript range. */
export const EDGE_MS_TIMESTAMPS = [
  -62_167_219_200_000, -62_135_596_800_000, 253_402_300_799_999, -8.64e15, 8.64e15, -1, 0, 1, 4_102_444_800_000,
] as const;

/** A timestamp at an edge, as ISO text or as milliseconds. */
export const edgeTimestamp: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...EDGE_ISO_TIMESTAMPS) },
  { weight: 2, arbitrary: fc.constantFrom(...EDGE_MS_TIMESTAMPS) },
);
