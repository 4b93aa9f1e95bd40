/**
 * Where a second metric or oz amount opens inside one line of a cell ('30 ml Vodka Citron 20 ml Triple Sec'): after a word,
 * not after 'to', 'or', 'and' or 'of' ('2 to 3 oz', 'juice of 2 ...'), before a number (whole, decimal or with a fraction)
 * and its measure.
 */
const NEXT_MEASURE =
  /(?<=[\p{L})])(?<!\b(?:to|or|and|of))\s+(?=\d+(?:[.,]\d+)?(?:\s+\d+\/\d+|\/\d+)?\s*(?:ml|cl|oz)\b)/giu;

/** How a note after a comma opens, as against another ingredient. */
const NOTE_AFTER_COMMA =
  /^\s*(?:preferably|ideally|optional|optionally|for\b|to taste|to top|chilled|cut\b|sliced|muddled|about|approx|plus|such as|e\.g|like\b|if\b|whipped|beaten|freshly|finely|torn|divided|room temperature)/i;

/**
 * Splits a CSV cell of ingredient lines ('45 ml Vodka,90 ml Tomato Juice', one a line, or several on one line with no
 * separator): at line breaks, semicolons, bars and commas outside parentheses (not at a comma before a note), then
 * where a second amount opens. A cell written as a list (`["2 oz gin", '1 oz lime']`) is read as its entries.
 */
export function cellLines(cell: string): string[] {
  const listed = /^\[(.*)\]$/s.exec(cell.trim());
  if (listed) {
    const entries = [...listed[1]!.matchAll(/"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'/g)].map((m) => m[1] ?? m[2] ?? '');
    if (entries.length > 0) return entries.map((entry) => entry.trim()).filter(Boolean);
  }
  const lines: string[] = [];
  let depth = 0;
  let current = '';
  for (let at = 0; at < cell.length; at += 1) {
    const char = cell[at]!;
    if (char === '(') depth += 1;
    else if (char === ')') depth = Math.max(0, depth - 1);
    // A comma before a note ('1 oz rum, preferably aged') keeps the note on its line.
    const parts = depth === 0 && /[,;|\n]/.test(char) && !(char === ',' && NOTE_AFTER_COMMA.test(cell.slice(at + 1)));
    if (parts) {
      lines.push(current);
      current = '';
    } else current += char;
  }
  lines.push(current);
  return lines
    .flatMap((line) => line.split(NEXT_MEASURE))
    .map((line) => line.trim())
    .filter(Boolean);
}
