import type { FuzzContext, RouteSpec, VictimIds } from '../routes/types';
import { edgeValues, schemaAt } from '../schema-edges';
import { typedVariants } from '../typed-variants';
import { describeValue, shorten } from '../values';
import { asText, encodeText } from './encoding';
import { pick } from './json-places';
import { VictimRef, type Choice } from './types';
import { resolve } from './victim-ids';

/**
 * The query string of `route` as sent (without the `?`; empty when there is none): the valid request's parameters, then
 * `choice`'s mutations; each is noted in `mutations`, and `aim.hit` set when one names the victim.
 */
export function buildQuery(
  route: RouteSpec,
  ctx: FuzzContext,
  choice: Choice['query'],
  victim: VictimIds,
  aim: { hit: boolean },
  mutations: string[],
): string {
  const pairs: [string, string][] = [];
  for (const [key, value] of Object.entries(route.query?.(ctx) ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) pairs.push([key, encodeText(item, 'percent')]);
  }
  let rawQuery = '';
  if (choice) {
    const mode = choice.encoding;
    const keys = [...new Set(pairs.map(([key]) => key))];
    const enc = (value: unknown) => encodeText(asText(resolve(value, victim, aim, false)), mode);
    for (const mutation of choice.mutations) {
      const key = pick(keys, 'pick' in mutation ? mutation.pick : 0) ?? 'q';
      switch (mutation.op) {
        case 'typed': {
          const template = route.query?.(ctx)[key];
          const current = Array.isArray(template) ? template[0] : template;
          const variants = typedVariants(key, current ?? '');
          const value = pick(variants, mutation.index);
          for (let i = pairs.length - 1; i >= 0; i -= 1) if (pairs[i]![0] === key) pairs.splice(i, 1);
          pairs.push([key, enc(value)]);
          mutations.push(`query ${key} = ${describeValue(value)} (${mode})`);
          break;
        }
        case 'set':
          for (let i = pairs.length - 1; i >= 0; i -= 1) if (pairs[i]![0] === key) pairs.splice(i, 1);
          pairs.push([key, enc(mutation.value)]);
          mutations.push(`query ${key} = ${describeValue(mutation.value)} (${mode})`);
          break;
        case 'edge': {
          const schema = schemaAt(route.querySchema as never, [key]);
          const edges = edgeValues(schema);
          const value = pick(edges.length > 0 ? edges : [''], mutation.index);
          for (let i = pairs.length - 1; i >= 0; i -= 1) if (pairs[i]![0] === key) pairs.splice(i, 1);
          if (value !== undefined) pairs.push([key, enc(Array.isArray(value) ? (value[0] ?? '') : value)]);
          mutations.push(`query ${key} edge ${describeValue(value)}`);
          break;
        }
        case 'aim':
          for (let i = pairs.length - 1; i >= 0; i -= 1) if (pairs[i]![0] === mutation.name) pairs.splice(i, 1);
          pairs.push([mutation.name, enc(new VictimRef(mutation.key))]);
          mutations.push(`query ${mutation.name} = victim ${mutation.key}`);
          break;
        case 'repeat':
          for (const value of mutation.values) pairs.push([key, enc(value)]);
          mutations.push(
            `query ${key} repeated ${mutation.values.length}× (${mutation.values.map((v) => describeValue(v)).join(', ')})`,
          );
          break;
        case 'drop':
          for (let i = pairs.length - 1; i >= 0; i -= 1) if (pairs[i]![0] === key) pairs.splice(i, 1);
          mutations.push(`query ${key} dropped`);
          break;
        case 'add':
          pairs.push([encodeText(mutation.key, mode), enc(mutation.value)]);
          mutations.push(`query + ${JSON.stringify(shorten(mutation.key, 40))} = ${describeValue(mutation.value)}`);
          break;
        case 'raw':
          rawQuery += `${rawQuery || pairs.length > 0 ? '&' : ''}${mutation.text}`;
          mutations.push(`query raw ${JSON.stringify(mutation.text)}`);
          break;
        case 'long':
          pairs.push(['q', 'a'.repeat(mutation.length)]);
          mutations.push(`query q of ${mutation.length} characters`);
          break;
      }
    }
  }
  return [pairs.map(([key, value]) => `${key}=${value}`).join('&'), rawQuery].filter(Boolean).join('&');
}
