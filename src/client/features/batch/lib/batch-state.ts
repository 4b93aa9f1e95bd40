import { DILUTION_BY_TECHNIQUE, type Technique } from '@/shared/domain/abv';
import {
  defaultLineRole,
  PARTY_FIRST_HOUR_RATE,
  PARTY_LATER_RATE,
  type BatchInput,
  type BatchLine,
  type LineRole,
  type ServiceStyle,
} from '@/shared/domain/batch';
import { batchSchemas, type BatchLineState, type BatchState, type PartyState } from '@/shared/schemas/batch';
import type { CocktailDetail } from '@/shared/schemas/cocktail';

/**
 * The calculator's state and its share link: a {@link BatchState} or {@link PartyState} (zod contracts in
 * src/shared/schemas/batch.ts) written into the URL as base64url JSON, read back and checked on load.
 */

/** URL parameters of /batch-calculator. */
export const BATCH_PARAMS = {
  /** The batch tab's state (base64url JSON of a BatchState). */
  batch: 'batch',
  /** The party tab's state (base64url JSON of a PartyState). */
  party: 'party',
  /** Which tab shows: 'party', or the batch tab when absent. */
  tab: 'tab',
  /** A catalogue cocktail to start a batch from ('Batch this' in the recipe modal). */
  cocktail: 'cocktail',
  /** The ml / oz / cl choice the link was made with: opening it shows the same amounts. */
  unit: 'unit',
} as const;

/** The service style a cocktail starts with: ready to pour from the fridge (the method's whole dilution). */
export const DEFAULT_STYLE: ServiceStyle = 'fridge';

/** A new custom recipe: two empty lines, stirred, ready to pour, into a 750 ml bottle. */
export function emptyBatchState(): BatchState {
  return {
    v: 1,
    cocktailId: null,
    name: '',
    glassware: null,
    servedOverIce: null,
    garnish: null,
    technique: 'Stir',
    dilution: DILUTION_BY_TECHNIQUE.Stir * 100,
    style: DEFAULT_STYLE,
    lines: [emptyLine(), emptyLine()],
    scale: { by: 'volume', volumeMl: 750 },
  };
}

/** A blank line (free text, ml, batched). */
export function emptyLine(): BatchLineState {
  return { ingredient: '', ingredientId: null, category: null, abv: 0, amount: null, unit: 'ml', role: 'batch' };
}

/**
 * A batch state from a catalogue recipe: its lines with their roles defaulted from each ingredient (see
 * {@link defaultLineRole}), its technique's dilution, and the scale kept from `previous` when there is one.
 */
export function batchStateFromRecipe(recipe: CocktailDetail, previous?: BatchState): BatchState {
  return {
    v: 1,
    cocktailId: recipe.id,
    name: recipe.name,
    glassware: recipe.glassware,
    servedOverIce: recipe.served_over_ice,
    garnish: recipe.garnish || null,
    technique: recipe.technique,
    dilution: DILUTION_BY_TECHNIQUE[recipe.technique] * 100,
    style: previous?.style ?? DEFAULT_STYLE,
    lines: recipe.ingredients.map((line) => ({
      ingredient: line.ingredient,
      ingredientId: line.ingredient_id,
      category: line.category,
      abv: line.abv,
      amount: line.amount,
      unit: line.unit,
      role: defaultLineRole({ unit: line.unit, ingredient: line.ingredient, category: line.category }),
    })),
    scale: previous?.scale ?? { by: 'volume', volumeMl: 750 },
  };
}

/** The lines the maths can use: named, with an amount or a unit that needs none (rinse). */
export function usableLines(lines: readonly BatchLineState[]): BatchLine[] {
  return lines
    .filter((line) => line.ingredient.trim() !== '' && (line.amount !== null || line.unit === 'rinse'))
    .map((line) => ({
      ingredient: line.ingredient.trim(),
      category: line.category,
      abv: line.abv,
      amount: line.amount,
      unit: line.unit,
      role: line.role as LineRole,
    }));
}

/** The domain's input for a batch state (dilution from % to a fraction). */
export function batchInputOf(state: BatchState): BatchInput {
  return {
    lines: usableLines(state.lines),
    methodDilution: state.dilution / 100,
    style: state.style as ServiceStyle,
    scale: state.scale,
  };
}

/** A party with no cocktails yet: 20 guests for 3 hours, 2 drinks a guest the first hour and 1 after. */
export function emptyPartyState(): PartyState {
  return {
    v: 1,
    guests: 20,
    hours: 3,
    firstHourRate: PARTY_FIRST_HOUR_RATE,
    laterRate: PARTY_LATER_RATE,
    cocktails: [],
  };
}

/** The technique's default dilution, %. */
export function defaultDilution(technique: Technique): number {
  return DILUTION_BY_TECHNIQUE[technique] * 100;
}

/** JSON as base64url (UTF-8 safe), for a URL parameter. */
export function encodeState(state: BatchState | PartyState): string {
  const bytes = new TextEncoder().encode(JSON.stringify(state));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Reads base64url JSON; null when it is not. */
function decodeJson(text: string): unknown {
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) as unknown;
  } catch {
    return null;
  }
}

/** The outcome of reading a share link: the state, nothing there, or a damaged link. */
export type Decoded<T> = { status: 'ok'; state: T } | { status: 'absent' } | { status: 'invalid' };

/** Reads and checks a batch share parameter. */
export function decodeBatchState(text: string | null): Decoded<BatchState> {
  if (!text) return { status: 'absent' };
  const parsed = batchSchemas().batchState.safeParse(decodeJson(text));
  return parsed.success ? { status: 'ok', state: parsed.data } : { status: 'invalid' };
}

/** Reads and checks a party share parameter. */
export function decodePartyState(text: string | null): Decoded<PartyState> {
  if (!text) return { status: 'absent' };
  const parsed = batchSchemas().partyState.safeParse(decodeJson(text));
  return parsed.success ? { status: 'ok', state: parsed.data } : { status: 'invalid' };
}
