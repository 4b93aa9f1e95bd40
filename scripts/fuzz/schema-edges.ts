import type { z } from 'zod';
import { EDGE_ISO_TIMESTAMPS } from './timestamps';
import { raw } from './values';

/**
 * Reads the shared zod schemas (src/shared/schemas) to find the values at and just past each field's edges: a string one
 * character over its maximum, a number one under its minimum, an enum option in the wrong case, a literal with a trailing
 * space, an array one item too long. The fuzz mixes these with its generic hostile values.
 */

interface ZodInternals {
  _zod: { def: Record<string, unknown> & { type: string; checks?: { _zod: { def: Record<string, unknown> } }[] } };
}

function defOf(schema: unknown): ZodInternals['_zod']['def'] | null {
  const internals = (schema as Partial<ZodInternals> | null)?._zod;
  return internals?.def ?? null;
}

/** The bounds a schema's checks declare (min/max length or size, greater/less than). */
function boundsOf(schema: unknown): { min?: number; max?: number } {
  const bounds: { min?: number; max?: number } = {};
  for (const check of defOf(schema)?.checks ?? []) {
    const def = check._zod.def;
    const value = (def.minimum ?? def.maximum ?? def.value ?? def.length) as number | bigint | undefined;
    if (typeof value !== 'number') continue;
    if (def.check === 'min_length' || def.check === 'min_size' || def.check === 'greater_than') bounds.min = value;
    if (def.check === 'max_length' || def.check === 'max_size' || def.check === 'less_than') bounds.max = value;
    if (def.check === 'length_equals') bounds.min = bounds.max = value;
  }
  return bounds;
}

/** The schema inside wrappers that do not change the value's type (optional, nullable, default, catch, readonly). */
function unwrap(schema: unknown): unknown {
  let current = schema;
  for (let depth = 0; depth < 10; depth += 1) {
    const def = defOf(current);
    if (!def) return current;
    if (['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional'].includes(def.type)) {
      current = def.innerType;
    } else if (def.type === 'pipe') {
      // A preprocess/transform step has nothing to read: the output side holds the shape.
      current = defOf(def.in)?.type === 'transform' ? def.out : def.in;
    } else {
      return current;
    }
  }
  return current;
}

/**
 * The sub-schema found by walking `path` (object keys and array indexes) down `schema`, or null when the schema does not
 * describe that place (extra fields, loose objects' unknown keys).
 */
export function schemaAt(schema: z.ZodType | undefined, path: readonly (string | number)[]): unknown {
  let current: unknown = schema;
  for (const step of path) {
    const inner = unwrap(current);
    const def = defOf(inner);
    if (!def) return null;
    if (def.type === 'object' && typeof step === 'string') {
      current = (def.shape as Record<string, unknown>)[step];
    } else if (def.type === 'array' && typeof step === 'number') {
      current = def.element;
    } else if (def.type === 'record') {
      current = def.valueType;
    } else {
      return null;
    }
    if (current === undefined) return null;
  }
  return current;
}

const swapCase = (text: string) =>
  [...text].map((ch) => (ch === ch.toUpperCase() ? ch.toLowerCase() : ch.toUpperCase())).join('');

/**
 * Values at and just past the edges `schema` declares. Empty for schemas with nothing to read (unknown, any, null).
 * Each value is valid JSON (or a raw number text); the fuzz sends them in bodies, query strings and path segments.
 */
export function edgeValues(schema: unknown): unknown[] {
  const values: unknown[] = [];
  // Absent and null, where a wrapper (at any depth) allows them.
  for (let current = schema, depth = 0; depth < 10; depth += 1) {
    const def = defOf(current);
    if (!def || !['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly'].includes(def.type)) break;
    if (['optional', 'default', 'prefault'].includes(def.type) && !values.includes(undefined)) values.push(undefined);
    if (def.type === 'nullable' && !values.includes(null)) values.push(null);
    current = def.innerType;
  }
  const inner = unwrap(schema);
  const def = defOf(inner);
  if (!def) return values;
  const { min, max } = boundsOf(inner);
  switch (def.type) {
    case 'string': {
      const format = def.format as string | undefined;
      if (format === 'datetime') values.push(...EDGE_ISO_TIMESTAMPS);
      if (format === 'email') values.push('a@b.c', 'A@EXAMPLE.TEST', 'a+b@example.test', 'a@b', '@example.test');
      values.push('', ' ');
      if (min !== undefined && min > 0) values.push('a'.repeat(min - 1), 'a'.repeat(min));
      if (max !== undefined)
        values.push('a'.repeat(max), 'a'.repeat(max + 1), `${'\u0000'.repeat(max)}`, ' '.repeat(max + 1));
      break;
    }
    case 'number':
    case 'int': {
      if (min !== undefined) values.push(min, min - 1, min - 0.5);
      if (max !== undefined) values.push(max, max + 1, max + 0.5);
      values.push(0, -1, 0.5, raw('-0'), raw('1e999'), '1', 'one', '');
      break;
    }
    case 'enum': {
      const options = Object.values(def.entries as Record<string, string | number>).map(String);
      for (const option of options.slice(0, 4)) values.push(option, swapCase(option), `${option} `, `${option}\u0000`);
      values.push('', options.join(','));
      break;
    }
    case 'literal': {
      for (const value of def.values as Iterable<unknown>) {
        values.push(value);
        if (typeof value === 'string') values.push(swapCase(value), `${value} `, ` ${value}`, `${value}\u0000`);
        if (typeof value === 'boolean') values.push(String(value), value ? 1 : 0, !value);
      }
      break;
    }
    case 'boolean':
      values.push(true, false, 'true', 'false', 1, 0, null);
      break;
    case 'array': {
      const element = edgeValues(def.element).find((value) => value !== undefined) ?? 'x';
      values.push([], [element]);
      if (max !== undefined) values.push(new Array<unknown>(max + 1).fill(element));
      break;
    }
    case 'object':
      values.push({});
      break;
    case 'record':
      values.push({}, { '': null }, { a: 'x'.repeat(5000) });
      break;
    case 'union':
      for (const option of (def.options as unknown[]).slice(0, 4)) values.push(...edgeValues(option).slice(0, 6));
      break;
    default:
      break;
  }
  return values;
}
