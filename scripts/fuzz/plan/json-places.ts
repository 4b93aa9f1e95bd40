import { Special } from '../values';
import type { Path } from './types';

/** Reading and rewriting a JSON value place by place (bodies are mutated on copies, never in place). */

/** Every place in a JSON value (object keys and array items, at any depth), parents before children. */
export function placesOf(value: unknown, prefix: Path = []): Path[] {
  if (value === null || typeof value !== 'object' || value instanceof Special) return [];
  const entries: [string | number, unknown][] = Array.isArray(value)
    ? value.map((item, index) => [index, item])
    : Object.entries(value as Record<string, unknown>);
  return entries.flatMap(([key, item]) => [[...prefix, key], ...placesOf(item, [...prefix, key])]);
}

/** The places of a value that hold objects (where a field can be added), the root first. */
export function objectsOf(value: unknown, prefix: Path = []): Path[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || value instanceof Special) return [];
  const found: Path[] = [prefix];
  for (const [key, item] of Object.entries(value as Record<string, unknown>))
    found.push(...objectsOf(item, [...prefix, key]));
  return found;
}

/** A deep copy of a JSON value ({@link Special} parts are shared: they are never changed). */
export function clone<T>(value: T): T {
  if (value instanceof Special) return value;
  if (Array.isArray(value)) return value.map((item) => clone(item) as unknown) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, clone(item)])) as T;
  }
  return value;
}

/** `root` with `value` at `path` (the root itself when `path` is empty); changes `root`. */
export function setAt(root: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  let parent = root as Record<string | number, unknown>;
  for (const step of path.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  // A literal "__proto__" key must become an own property, as JSON.parse makes it.
  Object.defineProperty(parent, last, { value, enumerable: true, writable: true, configurable: true });
  return root;
}

/** The value at `path` in `root` (undefined when there is none). */
export function getAt(root: unknown, path: Path): unknown {
  let current = root;
  for (const step of path) current = (current as Record<string | number, unknown> | null)?.[step];
  return current;
}

/** `root` without the value at `path` (undefined when `path` is empty); changes `root`. */
export function dropAt(root: unknown, path: Path): unknown {
  if (path.length === 0) return undefined;
  let parent = root as Record<string | number, unknown>;
  for (const step of path.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (Array.isArray(parent) && typeof last === 'number') parent.splice(last, 1);
  else delete parent[last];
  return root;
}

/** Whether a value has places of its own (an object or an array, not a {@link Special}). */
export const isContainer = (value: unknown): value is object =>
  value !== null && typeof value === 'object' && !(value instanceof Special);

/** Item `index` of `items`, modulo their number (undefined when there are none). */
export const pick = <T>(items: readonly T[], index: number): T | undefined =>
  items.length === 0 ? undefined : items[index % items.length];
