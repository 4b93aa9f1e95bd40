import fc from 'fast-check';
import { VICTIM_KEYS } from '../routes/types';
import { edgeTimestamp } from '../timestamps';
import { deepValue, hostileString, longArray, nastyNumber, wrongType } from '../values';
import { VictimRef, type Encoding } from './types';

/** The values mutations put in a request: for any field, for text only, and how text is encoded. */

/** One of the victim's identifiers, filled in when the plan is built. */
export const victimRef: fc.Arbitrary<VictimRef> = fc.constantFrom(...VICTIM_KEYS).map((key) => new VictimRef(key));

/** A value for any field: hostile strings, wrong types, extreme numbers and timestamps, the victim's ids, deep or long. */
export const fieldValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: hostileString },
  { weight: 3, arbitrary: wrongType },
  { weight: 2, arbitrary: nastyNumber },
  { weight: 2, arbitrary: edgeTimestamp },
  { weight: 2, arbitrary: victimRef },
  { weight: 1, arbitrary: deepValue },
  { weight: 1, arbitrary: longArray },
);

/** A value for a query parameter or a path segment (text). */
export const textValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: hostileString },
  { weight: 2, arbitrary: nastyNumber },
  { weight: 2, arbitrary: edgeTimestamp },
  { weight: 2, arbitrary: victimRef },
);

/** How a mutated query or path is written (see {@link Encoding}). */
export const encoding: fc.Arbitrary<Encoding> = fc.constantFrom<Encoding>('percent', 'raw', 'wtf8');
