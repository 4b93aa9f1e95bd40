import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildMatcher } from './my-bar';
import {
  brandContrastProblem,
  contrastRatio,
  DEFAULT_BRAND,
  guestMenuIngredients,
  isListedOnMenus,
  MENU_DARK_TEXT,
  MENU_GRACE_DAYS,
  MENU_LIGHT_TEXT,
  menuMutedTextColor,
  menuStateOf,
  menuTextColor,
  MIN_ACCENT_CONTRAST,
  MIN_QR_CONTRAST,
  MIN_TEXT_CONTRAST,
  pouredIngredientId,
  qrModuleColor,
} from './venues';

describe('menuStateOf', () => {
  const now = new Date('2030-03-20T12:00:00.000Z');
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();

  it('is open while the plan is active, not-updated for the 14 grace days, then paused', () => {
    expect(MENU_GRACE_DAYS).toBe(14);
    expect(menuStateOf({ active: true, endedAt: null }, now)).toBe('open');
    expect(menuStateOf({ active: false, endedAt: daysAgo(0) }, now)).toBe('not-updated');
    expect(menuStateOf({ active: false, endedAt: daysAgo(13.99) }, now)).toBe('not-updated');
    expect(menuStateOf({ active: false, endedAt: daysAgo(14) }, now)).toBe('paused');
    expect(menuStateOf({ active: false, endedAt: daysAgo(40) }, now)).toBe('paused');
  });

  it('is paused when the owner never had the plan or the end cannot be read', () => {
    expect(menuStateOf({ active: false, endedAt: null }, now)).toBe('paused');
    expect(menuStateOf({ active: false, endedAt: 'soon' }, now)).toBe('paused');
  });
});

describe('the menu text colour follows the background', () => {
  it('writes dark ink on a white background, and the pair needs no change', () => {
    expect(menuTextColor('#ffffff')).toBe(MENU_DARK_TEXT);
    expect(menuTextColor('#eeeeee')).toBe(MENU_DARK_TEXT);
    expect(brandContrastProblem({ background: '#ffffff', accent: '#8a3b12' })).toBeNull();
    expect(brandContrastProblem({ background: '#eeeeee', accent: '#8a3b12' })).toBeNull();
  });

  it('writes warm white on a dark background, as before', () => {
    expect(menuTextColor(DEFAULT_BRAND.background)).toBe(MENU_LIGHT_TEXT);
    expect(menuTextColor('#1b2a3a')).toBe(MENU_LIGHT_TEXT);
    expect(brandContrastProblem(DEFAULT_BRAND)).toBeNull();
  });

  it('refuses a mid-grey neither text colour reads on, asking for a lighter or darker background', () => {
    expect(contrastRatio(MENU_LIGHT_TEXT, '#777777')).toBeLessThan(MIN_TEXT_CONTRAST);
    expect(contrastRatio(MENU_DARK_TEXT, '#777777')).toBeLessThan(MIN_TEXT_CONTRAST);
    const problem = brandContrastProblem({ background: '#777777', accent: '#ffffff' });
    expect(problem).toContain("The menu's text would be hard to read on this background");
    expect(problem).toContain('Choose a lighter or darker background.');
  });

  it('still refuses an accent that does not stand out from the background', () => {
    expect(brandContrastProblem({ background: '#ffffff', accent: '#e6a84f' })).toContain(
      'The accent colour would be hard to see',
    );
  });

  it('keeps the muted text at 4.5:1 or more, between the text colour and the background', () => {
    expect(menuMutedTextColor('#7f7f7f')).toBe(MENU_DARK_TEXT);
    const muted = menuMutedTextColor('#ffffff');
    expect(muted).not.toBe(MENU_DARK_TEXT);
    expect(contrastRatio(muted, '#ffffff')).toBeLessThan(contrastRatio(MENU_DARK_TEXT, '#ffffff'));
  });

  it('draws the QR code in the background colour only when it scans on white', () => {
    expect(qrModuleColor(DEFAULT_BRAND.background)).toBe(DEFAULT_BRAND.background);
    expect(qrModuleColor('#f4efe6')).toBe(MENU_DARK_TEXT);
    expect(contrastRatio(qrModuleColor('#f4efe6'), '#ffffff')).toBeGreaterThanOrEqual(MIN_QR_CONTRAST);
  });

  const hex = fc
    .tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }))
    .map((rgb) => `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`);

  it('accepts a pair only when the chosen text, the muted text and the accent all read on the background', () => {
    fc.assert(
      fc.property(hex, hex, (background, accent) => {
        if (brandContrastProblem({ background, accent }) !== null) return;
        expect(contrastRatio(menuTextColor(background), background)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
        expect(contrastRatio(menuMutedTextColor(background), background)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
        expect(contrastRatio(accent, background)).toBeGreaterThanOrEqual(MIN_ACCENT_CONTRAST);
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses a background only when neither text colour reaches 4.5:1', () => {
    fc.assert(
      fc.property(hex, (background) => {
        const best = Math.max(contrastRatio(MENU_LIGHT_TEXT, background), contrastRatio(MENU_DARK_TEXT, background));
        const problem = brandContrastProblem({ background, accent: background });
        expect(problem?.startsWith("The menu's text") ?? false).toBe(best < MIN_TEXT_CONTRAST);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("the guests' menu lists what a drink is made of as a bar menu does", () => {
  const names = ['Water', 'Hot water', 'Crushed ice', 'Soda water', 'Tonic water', 'Rose water', 'Triple sec', 'Gin'];
  // 1 triple sec, 2 Cointreau (below it), 3 tequila, 4 lime juice, 5 water, 6 crushed ice, 7 Grand Marnier.
  const matcher = buildMatcher({
    ingredients: [
      { id: 1, name: 'Triple sec', parentId: null, parts: [] },
      { id: 2, name: 'Cointreau', parentId: 1, parts: [] },
      { id: 3, name: 'Blanco tequila', parentId: null, parts: [] },
      { id: 4, name: 'Lime juice', parentId: null, parts: [] },
      { id: 5, name: 'Water', parentId: null, parts: [] },
      { id: 6, name: 'Crushed ice', parentId: null, parts: [] },
      { id: 7, name: 'Grand Marnier', parentId: null, parts: [] },
    ],
    cocktails: [
      {
        id: 100,
        lines: [
          { ingredientId: 3, optional: false, substitutes: [] },
          { ingredientId: 1, optional: false, substitutes: [] },
          { ingredientId: 4, optional: false, substitutes: [] },
          { ingredientId: 5, optional: false, substitutes: [] },
          { ingredientId: 6, optional: false, substitutes: [] },
        ],
      },
      { id: 101, lines: [{ ingredientId: 2, optional: false, substitutes: [7] }] },
    ],
  });

  it('leaves out water and ice, the lines My Bar never asks a bar to stock, and keeps soda, tonic and rose water', () => {
    expect(names.filter(isListedOnMenus)).toEqual(['Soda water', 'Tonic water', 'Rose water', 'Triple sec', 'Gin']);
    const lines = matcher.match(100, { owned: [] })!.lines;
    expect(lines.filter((line) => line.coverage === 'not-needed').map((line) => line.ingredientId)).toEqual([5, 6]);
  });

  it('names the bottle the bar pours for a generic line, a named substitute too, and keeps its own bottle as written', () => {
    const stock = { owned: [2, 3, 4] };
    const owned = new Set(stock.owned);
    const lines = matcher.match(100, stock)!.lines;
    expect(lines.map((line) => pouredIngredientId(line, owned))).toEqual([null, 2, null, null, null]);
    const substitute = matcher.match(101, { owned: [7] })!.lines[0]!;
    expect(pouredIngredientId(substitute, new Set([7]))).toBe(7);
    // Holding the line's own bottle as well: the recipe's line stands.
    const both = { owned: [1, 2, 3, 4] };
    expect(pouredIngredientId(matcher.match(100, both)!.lines[1]!, new Set(both.owned))).toBeNull();
    // Not covered at all: nothing poured.
    expect(pouredIngredientId(matcher.match(100, { owned: [] })!.lines[1]!, new Set())).toBeNull();
  });

  it('lists the poured bottle while the drink is available, the recipe as written when it is not', () => {
    const lines = [
      { name: 'Blanco tequila', pouredName: null },
      { name: 'Triple sec', pouredName: 'Cointreau' },
      { name: 'Lime juice', pouredName: null },
      { name: 'Water', pouredName: null },
    ];
    expect(guestMenuIngredients(lines, true)).toEqual(['Blanco tequila', 'Cointreau', 'Lime juice']);
    expect(guestMenuIngredients(lines, false)).toEqual(['Blanco tequila', 'Triple sec', 'Lime juice']);
    expect(
      guestMenuIngredients(
        [
          { name: 'Cointreau', pouredName: null },
          { name: 'Triple sec', pouredName: 'Cointreau' },
        ],
        true,
      ),
    ).toEqual(['Cointreau']);
  });
});
