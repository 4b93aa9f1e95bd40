import type SearchableMap from 'minisearch/SearchableMap';

/**
 * Fuzzy prefix lookup in MiniSearch's radix tree (`SearchableMap`): the terms that start with something within a few
 * Levenshtein edits of a word, for the last word of a query while it is typed ('marge' -> 'margarita', 'fasho' ->
 * 'fashioned'). SearchableMap offers whole-term fuzzy lookups (`fuzzyGet`) and exact prefixes (`atPrefix`) but not both
 * at once, so this walks the tree it is built on (`_tree`: a Map per node from edge label to child, the value of a term
 * under the key ''), as MiniSearch's own fuzzy search does, with one Levenshtein row per character of the path: once the
 * path is within reach of the whole word, every term below it matches; once no cell of the row is within reach, nothing
 * below can.
 */

type RadixNode = Map<string, unknown>;

const LEAF = '';

/**
 * Terms of `map` having a prefix within `maxDistance` Levenshtein edits of `word` (compared by UTF-16 code units; a lone
 * swap of neighbouring letters counts two here, as Levenshtein does: callers look swapped spellings up apart).
 * @returns the terms, each once, in no particular order.
 */
export function fuzzyPrefixKeys(map: SearchableMap<unknown>, word: string, maxDistance: number): string[] {
  const root = (map as unknown as { _tree: RadixNode })._tree;
  const out: string[] = [];
  if (word.length <= maxDistance) {
    collect(root, '', out);
    return out;
  }
  // Row d holds the distances between the path's first d characters and the word's first 0..n - 1 characters; only
  // the band within maxDistance of the diagonal is computed (the rest stays maxDistance + 1), as MiniSearch does.
  const n = word.length + 1;
  const rows = word.length + maxDistance + 1;
  const matrix = new Uint8Array(rows * n).fill(maxDistance + 1);
  for (let j = 0; j < n; j += 1) matrix[j] = j;
  for (let i = 1; i < rows; i += 1) matrix[i * n] = i;
  walk(root, word, maxDistance, matrix, 1, n, rows, '', out);
  return out;
}

function walk(
  node: RadixNode,
  word: string,
  max: number,
  matrix: Uint8Array,
  depth: number,
  n: number,
  rows: number,
  path: string,
  out: string[],
): void {
  for (const key of node.keys()) {
    if (key === LEAF) continue;
    let i = depth;
    let reached = false;
    let alive = true;
    for (let pos = 0; pos < key.length; pos += 1, i += 1) {
      if (i >= rows) {
        alive = false;
        break;
      }
      const char = key[pos];
      const row = n * i;
      const previous = row - n;
      let rowMin = matrix[row] as number;
      const first = i - max - 1 > 0 ? i - max - 1 : 0;
      const last = i + max < n - 1 ? i + max : n - 1;
      for (let j = first; j < last; j += 1) {
        const replace = (matrix[previous + j] as number) + (char === word[j] ? 0 : 1);
        const remove = (matrix[previous + j + 1] as number) + 1;
        const insert = (matrix[row + j] as number) + 1;
        const value = replace < remove ? (replace < insert ? replace : insert) : remove < insert ? remove : insert;
        matrix[row + j + 1] = value;
        if (value < rowMin) rowMin = value;
      }
      if ((matrix[row + n - 1] as number) <= max) {
        reached = true;
        break;
      }
      if (rowMin > max) {
        alive = false;
        break;
      }
    }
    const child = node.get(key) as RadixNode;
    if (reached) collect(child, path + key, out);
    else if (alive) walk(child, word, max, matrix, i, n, rows, path + key, out);
  }
}

/** Every term under `node`, whose path spells `path`. */
function collect(node: RadixNode, path: string, out: string[]): void {
  for (const key of node.keys()) {
    if (key === LEAF) out.push(path);
    else collect(node.get(key) as RadixNode, path + key, out);
  }
}
