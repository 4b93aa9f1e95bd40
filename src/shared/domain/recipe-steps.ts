import type { Technique } from './abv';

/**
 * Turns a recipe's instructions (free text) into numbered steps: one step per line when the text has several lines,
 * otherwise one per sentence. Leading numbering ("1.", "2)", "Step 3:") and bullets are removed, empty steps dropped.
 * @param instructions the cocktail's instructions
 * @returns the steps in order (empty for blank text)
 */
export function splitInstructions(instructions: string): string[] {
  const cleaned = instructions.replace(/\r\n?/g, '\n').trim();
  if (!cleaned) return [];
  const lines = cleaned
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const parts = lines.length > 1 ? lines : cleaned.split(/(?<=[.!?])\s+(?=[A-Z0-9"“(])/);
  return parts.map((part) => part.replace(/^(?:step\s*)?\d+\s*[.):-]\s*|^[-*•]\s+/i, '').trim()).filter(Boolean);
}

/**
 * How each technique leaves the drink, as a past participle for a sentence or a caption: 'Stir' -> 'Stirred'
 * ('Stirred, served in a rocks glass.').
 */
export const PREPARED_BY_TECHNIQUE: Readonly<Record<Technique, string>> = {
  Shake: 'Shaken',
  Stir: 'Stirred',
  Build: 'Built',
  Blend: 'Blended',
  Muddle: 'Muddled',
  Layer: 'Layered',
};
