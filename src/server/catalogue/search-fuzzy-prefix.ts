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
  const n = word.length;
  if (n <= maxDistance) {
    collect(root, '', out);
    return out;
  }
  // rows[d] holds the distances between the path's first d characters and the word's first 0..n characters.
  const rows = Array.from({ length: n + maxDistance + 2 }, () => new Uint8Array(n + 1));
  for (let i = 0; i <= n; i += 1) (rows[0] as Uint8Array)[i] = i;
  const visit = (node: RadixNode, depth: number, path: string): void => {
    for (const [key, child] of node) {
      if (key === LEAF) continue;
      let d = depth;
      let reached = false;
      let alive = true;
      for (let c = 0; c < key.length; c += 1) {
        const previous = rows[d] as Uint8Array;
        const row = rows[d + 1] as Uint8Array;
        const char = key[c];
        row[0] = d + 1;
        let rowMin = row[0];
        for (let i = 1; i <= n; i += 1) {
          const value = Math.min(
            (previous[i] as number) + 1,
            (row[i - 1] as number) + 1,
            (previous[i - 1] as number) + (word[i - 1] === char ? 0 : 1),
          );
          row[i] = value;
          if (value < rowMin) rowMin = value;
        }
        d += 1;
        if ((row[n] as number) <= maxDistance) {
          reached = true;
          break;
        }
        if (rowMin > maxDistance) {
          alive = false;
          break;
        }
      }
      if (reached) collect(child as RadixNode, path + key, out);
      else if (alive) visit(child as RadixNode, d, path + key);
    }
  };
  visit(root, 0, '');
  return out;
}

/** Every term under `node`, whose path spells `path`. */
function collect(node: RadixNode, path: string, out: string[]): void {
  for (const [key, child] of node) {
    if (key === LEAF) out.push(path);
    else collect(child as RadixNode, path + key, out);
  }
}
