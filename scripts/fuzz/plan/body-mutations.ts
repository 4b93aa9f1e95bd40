import fc from 'fast-check';
import { VICTIM_KEYS } from '../routes/types';
import { IMAGE_CONTENT_TYPES, IMAGE_SAMPLES } from '../images';
import {
  BROKEN_JSON_BODIES,
  EXTRA_KEYS,
  deepValue,
  hostileString,
  hugeBodySize,
  longArray,
  nastyString,
  wrongType,
} from '../values';
import { fieldValue } from './field-values';
import type { BodyMutation } from './types';

/** The arbitraries of body mutations: of a JSON body's fields or the whole of it, and of an upload's raw bytes. */

/** Mutations of a JSON body (or of a route's missing one): typed variants, values, edges, the victim's ids, and more. */
export const bodyMutation: fc.Arbitrary<BodyMutation> = fc.oneof(
  { weight: 7, arbitrary: fc.record({ op: fc.constant('typed' as const), pick: fc.nat(), index: fc.nat() }) },
  { weight: 4, arbitrary: fc.record({ op: fc.constant('set' as const), pick: fc.nat(), value: fieldValue }) },
  { weight: 4, arbitrary: fc.record({ op: fc.constant('edge' as const), pick: fc.nat(), index: fc.nat() }) },
  {
    weight: 3,
    arbitrary: fc.record({ op: fc.constant('aim' as const), pick: fc.nat(), key: fc.constantFrom(...VICTIM_KEYS) }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('drop' as const), pick: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('add' as const),
      pick: fc.nat(),
      key: fc.oneof(fc.constantFrom(...EXTRA_KEYS), nastyString),
      value: fieldValue,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('whole-text' as const),
      text: fc.oneof(fc.constantFrom(...BROKEN_JSON_BODIES), nastyString),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('whole-value' as const),
      value: fc.oneof(wrongType, deepValue, longArray, hostileString),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('huge' as const),
      bytes: hugeBodySize,
      style: fc.constantFrom('json-string' as const, 'junk' as const, 'padded-json' as const, 'number-array' as const),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ op: 'absent' as const }) },
);

/** Magic numbers random bytes may start with (so they get past the format check to the decoder): none, PNG, JPEG, WebP. */
export const IMAGE_MAGIC: readonly { label: string; bytes: readonly number[] }[] = [
  { label: 'no', bytes: [] },
  { label: 'PNG', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { label: 'JPEG', bytes: [0xff, 0xd8, 0xff] },
  { label: 'WebP', bytes: [0x52, 0x49, 0x46, 0x46, 0x40, 0, 0, 0, 0x57, 0x45, 0x42, 0x50] },
];

/** `length` pseudo-random bytes drawn from `seed` (the same in every run). */
export function noiseBytes(length: number, seed: number): Uint8Array {
  let state = (0x2545f491 + seed) >>> 0;
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i += 1) {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    out[i] = (state >>> 16) & 0xff;
  }
  return out;
}

/** Mutations of an upload's raw body (see RouteSpec.rawBody): binary ones, and the whole-body ones. */
export const rawBodyMutation: fc.Arbitrary<BodyMutation> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ op: fc.constant('truncate' as const), keep: fc.nat() }) },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('overwrite' as const),
      at: fc.nat(),
      bytes: fc.uint8Array({ minLength: 1, maxLength: 8 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('random-bytes' as const),
      magic: fc.nat({ max: IMAGE_MAGIC.length - 1 }),
      bytes: fc.uint8Array({ maxLength: 4_096 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ op: fc.constant('sample' as const), index: fc.nat({ max: IMAGE_SAMPLES.length - 1 }) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('append' as const),
      text: fc.oneof(fc.constantFrom('<script>alert(1)</script>', '<?php echo 1; ?>', '\u0000'), nastyString),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ op: fc.constant('content-type' as const), value: fc.constantFrom(...IMAGE_CONTENT_TYPES) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('whole-text' as const),
      text: fc.oneof(fc.constantFrom(...BROKEN_JSON_BODIES), nastyString),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('huge' as const),
      bytes: hugeBodySize,
      style: fc.constantFrom('junk' as const, 'padded-json' as const),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ op: 'absent' as const }) },
);
