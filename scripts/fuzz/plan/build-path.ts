import type { FuzzContext, RouteSpec, VictimIds } from '../routes/types';
import { edgeValues } from '../schema-edges';
import { typedVariants } from '../typed-variants';
import { describeValue, shorten } from '../values';
import { asText, encodeText } from './encoding';
import { pick } from './json-places';
import { VictimRef, type Choice } from './types';
import { SPELLINGS } from './url-mutations';
import { matchingVictimKey, numericVictimKey, resolve } from './victim-ids';

/** The path part of a plan: the route's path with its parameters filled in, then the path mutation applied. */

/** The typed variants of a path parameter: as text, and as a number too when the valid value is one. */
export function pathVariants(name: string, current: string): unknown[] {
  const variants = typedVariants(name, current);
  if (/^\d+$/.test(current)) variants.push(...typedVariants(name, Number(current)));
  return variants;
}

/**
 * The path of `route` as sent (without the query string), with `choice`'s mutation applied; the mutation is noted in
 * `mutations`, and `aim.hit` set when it names the victim.
 */
export function buildPath(
  route: RouteSpec,
  ctx: FuzzContext,
  choice: Choice['path'],
  victim: VictimIds,
  aim: { hit: boolean },
  mutations: string[],
): string {
  const paramNames = Object.keys(route.params ?? {});
  const params: Record<string, string> = {};
  for (const name of paramNames) params[name] = encodeText(route.params![name]!.valid(ctx), 'percent');
  let extraSegment: string | null = null;
  let pathSuffix = '';
  let traversal: string | null = null;
  let spelling: (typeof SPELLINGS)[number] | null = null;
  let upper = false;
  if (choice) {
    const { mutation, encoding: mode } = choice;
    const name = pick(paramNames, 'pick' in mutation ? mutation.pick : 0);
    const place = (text: string, label: string) => {
      if (name) params[name] = text;
      else extraSegment = text;
      mutations.push(`${name ? `path :${name}` : 'extra path segment'} = ${label}`);
    };
    switch (mutation.op) {
      case 'typed': {
        const value = pick(
          pathVariants(name ?? 'segment', name ? route.params![name]!.valid(ctx) : 'x'),
          mutation.index,
        );
        place(encodeText(asText(value), mode), `${describeValue(value)} (${mode})`);
        break;
      }
      case 'param':
        place(encodeText(mutation.value, mode), `${JSON.stringify(shorten(mutation.value, 60))} (${mode})`);
        break;
      case 'edge': {
        const schema = name ? route.params![name]!.schema : undefined;
        const edges = edgeValues(schema).filter((value) => value !== undefined);
        const value = pick(edges.length > 0 ? edges : ['0'], mutation.index);
        place(encodeText(asText(value), mode), `edge ${describeValue(value)}`);
        break;
      }
      case 'aim': {
        const key = numericVictimKey(route, name, mutation.key) ?? mutation.key;
        const text = String(resolve(new VictimRef(key), victim, aim, false));
        place(encodeText(text, 'percent'), `victim ${key}`);
        break;
      }
      case 'aim-all': {
        const matched = paramNames.flatMap((param) => {
          const key = matchingVictimKey(route, param);
          return key ? [[param, key] as const] : [];
        });
        if (matched.length === 0) {
          // No parameter takes a victim id: A's user id goes where the first parameter (or an extra segment) is.
          place(encodeText(String(resolve(new VictimRef('userId'), victim, aim, false)), 'percent'), 'victim userId');
          break;
        }
        for (const [param, key] of matched) {
          params[param] = encodeText(String(resolve(new VictimRef(key), victim, aim, false)), 'percent');
        }
        mutations.push(
          `path ${matched.map(([param]) => `:${param}`).join(', ')} = victim ${matched.map(([, key]) => key).join(', ')}`,
        );
        break;
      }
      case 'traversal':
        traversal = mutation.text;
        mutations.push(`path traversal ${mutation.text}`);
        break;
      case 'suffix':
        pathSuffix = mutation.text;
        mutations.push(`path suffix ${JSON.stringify(mutation.text)}`);
        break;
      case 'case':
        upper = true;
        mutations.push('path upper-cased');
        break;
      case 'spelling':
        spelling = pick(SPELLINGS, mutation.index) ?? null;
        if (spelling) mutations.push(`path spelled with ${spelling.label}`);
        break;
      case 'long':
        pathSuffix = `/${'a'.repeat(mutation.length)}`;
        mutations.push(`path + ${mutation.length} characters`);
        break;
    }
  }
  let path = route.path.replace(/:(\w+)/g, (_, name: string) => params[name] ?? '');
  if (extraSegment !== null) path += `/${extraSegment}`;
  if (traversal !== null) {
    const cut = path.lastIndexOf('/');
    path = `${path.slice(0, cut + 1)}${traversal}${path.slice(cut + 1)}`;
  }
  path += pathSuffix;
  if (spelling) path = spelling.apply(path);
  if (upper) path = path.toUpperCase();
  return path;
}
