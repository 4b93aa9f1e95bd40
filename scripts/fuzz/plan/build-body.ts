import type { FuzzContext, RouteSpec, VictimIds } from '../routes/types';
import { IMAGE_SAMPLES } from '../images';
import { edgeValues, schemaAt } from '../schema-edges';
import { typedVariants } from '../typed-variants';
import { describeValue, shorten } from '../values';
import { IMAGE_MAGIC } from './body-mutations';
import { clone, dropAt, getAt, isContainer, objectsOf, pick, placesOf, setAt } from './json-places';
import { hex } from './payload';
import { VictimRef, type BodyPlan, type Choice } from './types';
import { ID_LIKE, resolve } from './victim-ids';

/**
 * The body of `route` as sent and its Content-Type (null: none): the valid request's (JSON, or an upload's image), then
 * `choice`'s mutations, then the victim's ids filled in; each mutation is noted in `mutations`, and `aim.hit` set when
 * the body names the victim.
 */
export function buildBody(
  route: RouteSpec,
  ctx: FuzzContext,
  choice: Choice['body'],
  victim: VictimIds,
  aim: { hit: boolean },
  mutations: string[],
): { body: BodyPlan; contentType: string | null } {
  const raw = route.rawBody?.(ctx);
  let body: BodyPlan = raw
    ? { kind: 'binary', data: raw.bytes, label: raw.label }
    : route.body
      ? { kind: 'json', value: route.body(ctx) }
      : { kind: 'none' };
  let contentType: string | null = raw ? raw.contentType : 'application/json';
  for (const mutation of choice ?? []) {
    const current: unknown = body.kind === 'json' ? body.value : body.kind === 'none' ? {} : null;
    const places = current === null ? [] : placesOf(current);
    switch (mutation.op) {
      case 'typed': {
        const place = pick(places, mutation.pick);
        if (!place || !isContainer(current)) break;
        const variants = typedVariants(String(place[place.length - 1]), getAt(current, place));
        const value = pick(variants, mutation.index);
        if (variants.length === 0) break;
        body = { kind: 'json', value: setAt(clone(current), place, value) };
        mutations.push(`body ${place.join('.')} = ${describeValue(value)}`);
        break;
      }
      case 'set':
      case 'edge':
      case 'aim': {
        if (current === null) break;
        let candidates = places;
        if (mutation.op === 'aim') {
          const idLike = places.filter((place) => ID_LIKE.test(String(place[place.length - 1])));
          candidates = idLike.length > 0 ? idLike : [];
        }
        const place = pick(candidates, mutation.pick);
        let value: unknown;
        let label: string;
        if (mutation.op === 'set') {
          value = mutation.value;
          label = describeValue(value);
        } else if (mutation.op === 'edge') {
          const edges = edgeValues(place ? schemaAt(route.bodySchema, place) : route.bodySchema);
          value = pick(edges.length > 0 ? edges : [null], mutation.index);
          label = `edge ${describeValue(value)}`;
        } else {
          value = new VictimRef(mutation.key);
          label = `victim ${mutation.key}`;
        }
        const target = place ?? (mutation.op === 'aim' ? ['userId'] : null);
        if (!target || !isContainer(current)) break;
        const next: unknown =
          value === undefined ? dropAt(clone(current), target) : setAt(clone(current), target, value);
        body = next === undefined ? { kind: 'none' } : { kind: 'json', value: next };
        mutations.push(`body ${target.join('.') || '(root)'} = ${label}`);
        break;
      }
      case 'drop': {
        const place = pick(places, mutation.pick);
        if (!place || current === null) break;
        body = { kind: 'json', value: dropAt(clone(current), place) };
        mutations.push(`body ${place.join('.')} removed`);
        break;
      }
      case 'add': {
        if (!isContainer(current)) break;
        const objects = objectsOf(current);
        const place = pick(objects, mutation.pick) ?? [];
        body = { kind: 'json', value: setAt(clone(current), [...place, mutation.key], mutation.value) };
        mutations.push(
          `body + ${[...place, JSON.stringify(shorten(mutation.key, 40))].join('.')} = ${describeValue(mutation.value)}`,
        );
        break;
      }
      case 'whole-text':
        body = { kind: 'text', text: mutation.text };
        mutations.push(`body text ${JSON.stringify(shorten(mutation.text, 80))}`);
        break;
      case 'whole-value':
        body = { kind: 'json', value: mutation.value };
        mutations.push(`body = ${describeValue(mutation.value)}`);
        break;
      case 'huge':
        body = { kind: 'huge', bytes: mutation.bytes, style: mutation.style };
        mutations.push(`body of ${mutation.bytes} bytes (${mutation.style})`);
        break;
      case 'absent':
        body = { kind: 'none' };
        mutations.push('no body');
        break;
      case 'truncate': {
        if (body.kind !== 'binary' || body.data.length === 0) break;
        const keep: number = mutation.keep % body.data.length;
        body = { kind: 'binary', data: body.data.slice(0, keep), label: `${body.label}, first ${keep} bytes` };
        mutations.push(`body cut to its first ${keep} bytes`);
        break;
      }
      case 'overwrite': {
        if (body.kind !== 'binary' || body.data.length === 0) break;
        const at: number = mutation.at % body.data.length;
        const data: Uint8Array = body.data.slice();
        data.set(mutation.bytes.slice(0, data.length - at), at);
        body = { kind: 'binary', data, label: `${body.label}, bytes overwritten at ${at}` };
        mutations.push(`body bytes ${at}.. = ${hex(mutation.bytes)}`);
        break;
      }
      case 'random-bytes': {
        const magic = IMAGE_MAGIC[mutation.magic % IMAGE_MAGIC.length]!;
        const data = new Uint8Array([...magic.bytes, ...mutation.bytes]);
        body = { kind: 'binary', data, label: `${magic.label} magic number and ${mutation.bytes.length} random bytes` };
        mutations.push(`body = ${body.label}`);
        break;
      }
      case 'sample': {
        const sample = IMAGE_SAMPLES[mutation.index % IMAGE_SAMPLES.length]!;
        body = { kind: 'binary', data: sample.bytes, label: sample.label };
        contentType = sample.contentType;
        mutations.push(`body = ${sample.label} (${sample.contentType})`);
        break;
      }
      case 'append': {
        if (body.kind !== 'binary') break;
        const data: Uint8Array = new Uint8Array([...body.data, ...Buffer.from(mutation.text, 'utf8')]);
        body = { kind: 'binary', data, label: `${body.label} and text` };
        mutations.push(`body + text ${JSON.stringify(shorten(mutation.text, 60))}`);
        break;
      }
      case 'content-type':
        contentType = mutation.value;
        mutations.push(mutation.value === null ? 'no Content-Type' : `Content-Type ${JSON.stringify(mutation.value)}`);
        break;
    }
  }
  if (body.kind === 'json') body = { kind: 'json', value: resolve(body.value, victim, aim, true) };
  return { body, contentType };
}
