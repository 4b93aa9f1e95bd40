/**
 * Reads a cocktail's free-text garnish (the catalogue's `garnish` field, e.g. "Orange twist and a cocktail cherry",
 * "Half salt rim (optional)", "None (a lime wheel if you like)") into the pieces the illustration draws.
 * Pure and deterministic. Alternatives ("X or Y") keep the first; parentheses (suggestions, "optional") are dropped;
 * "None ..." draws nothing except what sits in the drink ("the lime is in the glass").
 */

/** A garnish piece the illustration can draw. */
export type GarnishKind =
  | 'wheel'
  | 'halfWheel'
  | 'wedge'
  | 'twist'
  | 'longPeel'
  | 'ring'
  | 'inGlass'
  | 'cherry'
  | 'olive'
  | 'onion'
  | 'mint'
  | 'leaf'
  | 'basil'
  | 'cucumber'
  | 'pineapple'
  | 'berries'
  | 'grapes'
  | 'celery'
  | 'chili'
  | 'ginger'
  | 'passionFruit'
  | 'apple'
  | 'cinnamon'
  | 'umbrella';

/** One garnish piece: its kind, main colour (CSS hex), how many (cherries, onions, berries), and a few details. */
export interface GarnishItem {
  kind: GarnishKind;
  color: string;
  /** Pieces on one pick or in one cluster (1 unless the text says two, three or a plural). */
  count: number;
  /** Flamed peel: a tiny flame above the twist. */
  flamed?: boolean;
  /** Wheel studded with cloves (Hot Toddy). */
  cloves?: boolean;
}

/** Sugar or salt on the rim, all round or on half of it. */
export interface RimCoat {
  kind: 'salt' | 'sugar' | 'celerySalt';
  half: boolean;
}

/** A dusting on the drink's surface: grated spice, coffee beans, or drops of bitters on a foam. */
export type Dusting = 'nutmeg' | 'cinnamon' | 'beans' | 'bitters';

/** What the garnish text describes. */
export interface GarnishReading {
  items: GarnishItem[];
  rim: RimCoat | null;
  dusting: Dusting | null;
}

/** Peel and flesh colours of the citrus the catalogue uses (sources: the fruits' usual peel colours). */
export const FRUIT_COLOURS: Readonly<Record<string, string>> = {
  lime: '#8cc152',
  lemon: '#f2d64b',
  orange: '#f39a2b',
  grapefruit: '#f07a5a',
};

const FRUIT_PATTERN = /lime|lemon|orange|grapefruit/;

function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

function countOf(part: string): number {
  if (/\bthree\b|\b3\b/.test(part)) return 3;
  if (/\btwo\b|\b2\b|cherries|onions|berries|grapes/.test(part)) return 2;
  return 1;
}

/** The kind a part names (null when it names only a fruit, as "lime" in "orange, lime and grapefruit wedges"). */
function kindOf(part: string): GarnishKind | null {
  if (/in the glass|spent|\bcoin\b/.test(part)) return 'inGlass';
  if (/umbrella/.test(part)) return 'umbrella';
  if (/cherr/.test(part)) return 'cherry';
  if (/olive/.test(part)) return 'olive';
  if (/onion/.test(part)) return 'onion';
  if (/mint leaf/.test(part)) return 'leaf';
  if (/mint/.test(part)) return 'mint';
  if (/basil|sage|rosemary|thyme/.test(part)) return 'basil';
  if (/cucumber/.test(part)) return 'cucumber';
  if (/pineapple/.test(part)) return 'pineapple';
  if (/berr/.test(part)) return 'berries';
  if (/grape(?!fruit)/.test(part)) return 'grapes';
  if (/celery/.test(part)) return 'celery';
  if (/chili|pepper/.test(part)) return 'chili';
  if (/ginger/.test(part)) return 'ginger';
  if (/passion/.test(part)) return 'passionFruit';
  if (/apple/.test(part)) return 'apple';
  if (/cinnamon stick/.test(part)) return 'cinnamon';
  if (/ring/.test(part)) return 'ring';
  if (/long|spiral|lining/.test(part)) return 'longPeel';
  if (/twist|peel|zest/.test(part)) return 'twist';
  if (/half|half-wheel/.test(part) && /slice|wheel/.test(part)) return 'halfWheel';
  if (/wedge|spear|chunk/.test(part)) return 'wedge';
  if (/wheel|slice/.test(part)) return 'wheel';
  return null;
}

function colourOf(kind: GarnishKind, part: string, fruit: string | undefined): string {
  switch (kind) {
    case 'cherry':
      return '#a3162b';
    case 'olive':
      return '#7d8c3a';
    case 'onion':
      return '#efe9d6';
    case 'mint':
    case 'leaf':
      return '#4f9a4a';
    case 'basil':
      return '#3f8a3d';
    case 'cucumber':
      return '#a9d18e';
    case 'pineapple':
      return '#f5c542';
    case 'berries':
      return /raspberr/.test(part) ? '#c2264a' : /seasonal/.test(part) ? '#8a1f4a' : '#3a1030';
    case 'grapes':
      return '#d6e39a';
    case 'celery':
      return '#9cc46a';
    case 'chili':
      return '#c8241c';
    case 'ginger':
      return '#d9a441';
    case 'passionFruit':
      return '#6b2a5a';
    case 'apple':
      return '#f4ecc8';
    case 'cinnamon':
      return '#7a4322';
    case 'umbrella':
      return '#e6a84f';
    default:
      return FRUIT_COLOURS[fruit ?? 'lemon'] ?? '#f2d64b';
  }
}

/**
 * Reads a garnish text.
 * @param garnish the catalogue's garnish text (any case; may be empty or "None ...")
 * @returns the pieces in the order the text names them (at most 4), the rim coat and the surface dusting
 */
export function readGarnish(garnish: string | null | undefined): GarnishReading {
  const text = normalise(garnish ?? '');
  const reading: GarnishReading = { items: [], rim: null, dusting: null };
  const none = /^\s*none\b/.test(text);
  const inside = text.match(/\(([^)]*)\)/)?.[1] ?? '';
  if (none) {
    // "None (the lime is in the glass)" still shows the lime; suggestions ("if you like") are not drawn.
    if (/in the glass/.test(inside)) reading.items.push({ kind: 'inGlass', color: FRUIT_COLOURS.lime!, count: 1 });
    return reading;
  }
  const main = text.replace(/\([^)]*\)/g, ' ');
  if (/rim/.test(main)) {
    reading.rim = {
      kind: /celery/.test(main) ? 'celerySalt' : /salt/.test(main) ? 'salt' : 'sugar',
      half: /half/.test(main),
    };
  }
  if (/nutmeg/.test(main)) reading.dusting = 'nutmeg';
  else if (/coffee bean/.test(main)) reading.dusting = 'beans';
  else if (/bitters/.test(main)) reading.dusting = 'bitters';

  const parts = main
    .split(/,|\band\b/)
    .map((part) => part.trim())
    .filter((part) => part.length > 0 && !/rim$|rim\b.*$|nutmeg|coffee bean|bitters on/.test(part));
  const pending: string[] = [];
  for (const raw of parts) {
    // "Lemon or orange twist": the first alternative, with the noun of the second when the first has none.
    const [first = '', ...rest] = raw.split(/\bor\b/);
    const part = kindOf(first) ? first : `${first} ${rest.join(' ')}`;
    const kind = kindOf(part);
    const fruit = part.match(FRUIT_PATTERN)?.[0];
    if (!kind) {
      if (fruit) pending.push(fruit);
      continue;
    }
    // Fruits named before a shared noun ("orange, lime and grapefruit wedges") take that noun.
    for (const earlier of pending.splice(0)) {
      reading.items.push({ kind, color: colourOf(kind, part, earlier), count: 1 });
    }
    reading.items.push({
      kind,
      color: colourOf(kind, part, fruit ?? (kind === 'inGlass' ? 'lime' : undefined)),
      count: kind === 'onion' ? 3 : countOf(part),
      flamed: /flamed/.test(part) || undefined,
      cloves: /clove/.test(part) || undefined,
    });
  }
  reading.items = reading.items.slice(0, 4);
  return reading;
}
