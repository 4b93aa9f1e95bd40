/**
 * Merges a fresh list with the one on screen so that entries which disappeared from the fresh list stay where they were.
 * My Favorites uses it: un-hearting a cocktail keeps its card (with an empty heart) until the user leaves the page, so a
 * mis-tap can be undone and keyboard focus is not lost with the card.
 * @param shown the entries on screen, in screen order.
 * @param fresh the latest entries from the server, in their order (they always all appear).
 * @returns `fresh`, with each entry of `shown` missing from it put back at its old position (clamped to the end).
 */
export function keepRemoved<T extends { id: number }>(shown: readonly T[], fresh: readonly T[]): T[] {
  const freshIds = new Set(fresh.map((item) => item.id));
  const result = [...fresh];
  shown.forEach((item, index) => {
    if (!freshIds.has(item.id)) result.splice(Math.min(index, result.length), 0, item);
  });
  return result;
}
