/**
 * The pure data of the generated cocktail illustration (visual-theme.ts reads it): the glass families and the
 * catalogue glassware each draws, the ingredients' tints (the palette), and the volumes used for colour and fill.
 */

/** The glass families drawn (one per entry of the catalogue's GLASSWARE vocabulary). */
export type GlassKey =
  | 'coupe'
  | 'nickAndNora'
  | 'martini'
  | 'rocks'
  | 'doubleRocks'
  | 'highball'
  | 'collins'
  | 'flute'
  | 'wine'
  | 'copperMug'
  | 'hurricane'
  | 'tikiMug'
  | 'julepCup'
  | 'irishCoffee'
  | 'pocoGrande'
  | 'fizz'
  | 'snifter';

/** GLASSWARE vocabulary entry (src/shared/domain/vocabulary.ts) -> glass family. Unknown glassware draws a coupe. */
export const GLASS_FAMILY: Readonly<Record<string, GlassKey>> = {
  Coupe: 'coupe',
  'Nick & Nora': 'nickAndNora',
  Martini: 'martini',
  Rocks: 'rocks',
  'Double rocks': 'doubleRocks',
  Highball: 'highball',
  Collins: 'collins',
  Flute: 'flute',
  Wine: 'wine',
  'Copper mug': 'copperMug',
  Hurricane: 'hurricane',
  'Tiki mug': 'tikiMug',
  'Julep cup': 'julepCup',
  'Irish coffee mug': 'irishCoffee',
  'Poco grande': 'pocoGrande',
  Fizz: 'fizz',
  Snifter: 'snifter',
};

/**
 * Tint of an ingredient: [name pattern, colour, strength, cloudiness]. strength is the colouring power per ml relative to
 * a whiskey (1); bitters are strong per dash, clear spirits and soda nearly 0. cloudiness is 0 (clear) to 1 (opaque:
 * cream, tomato juice). Patterns run against the lower-case, accent-free ingredient name; the first match wins, so the
 * specific names come before the general ones. Colours are the usual look of each product in a glass.
 */
export const TINTS: readonly (readonly [RegExp, string, number, number])[] = [
  [/egg white|aquafaba/, '#f4efe4', 0.25, 0.7],
  [/egg yolk|whole egg|advocaat/, '#f2cf6a', 1.4, 1],
  [/ice cream|whipped cream|heavy cream|\bcream$|^cream|milk|butter/, '#f6efe2', 1.1, 1],
  [/cream of coconut|coconut cream/, '#f6f0e4', 1.1, 1],
  [/irish cream/, '#c9a27a', 1.2, 1],
  [/espresso|cold brew|^coffee$/, '#2a160c', 2.6, 0.9],
  [/coffee liqueur|kahlua|walnut/, '#2a140a', 2.2, 0.5],
  [/dark creme de cacao/, '#4a2212', 1.6, 0.3],
  [/green creme de menthe/, '#2fa84f', 2, 0.1],
  [/blue curacao/, '#1f7fd8', 2.4, 0.1],
  [/creme de violette/, '#8f86d8', 4, 0.1],
  [/creme de cassis/, '#4a0d2a', 2.4, 0.1],
  [/creme de mure/, '#5a0f38', 2.2, 0.1],
  [/creme de banane/, '#f2dc6a', 1, 0.1],
  [
    /white creme|^gin$|vodka|white rum|blanco|mezcal|pisco|cachaca|grappa|aquavit|overproof|coconut rum/,
    '#f1efe6',
    0.03,
    0,
  ],
  [/ouzo|sambuca|triple sec|cointreau|maraschino|soda water|water$|lemon-lime|coconut water/, '#f1efe6', 0.02, 0],
  [/old tom|genever|plymouth|london|navy/, '#f1efe6', 0.04, 0],
  [/agricole|aguardiente|sugar cane juice/, '#e9e2bc', 0.25, 0.15],
  [/demerara rum|dark rum/, '#4a200c', 1.3, 0.05],
  [/jamaican rum|spiced rum/, '#b8772e', 0.8, 0],
  [/aged rum|gold rum|anejo|^rum$/, '#c98a3a', 0.7, 0],
  [/reposado/, '#e0b860', 0.35, 0],
  [/whisk|bourbon|rye|scotch/, '#c77a2b', 0.8, 0],
  [/cognac|brandy|armagnac|calvados|applejack/, '#b8642a', 0.85, 0],
  [/campari|bitter aperitivo/, '#c8102e', 2.2, 0.05],
  [/select aperitivo/, '#b0182e', 2, 0.05],
  [/aperol/, '#f2561d', 1.8, 0.05],
  [/gran classico/, '#c8642a', 1.2, 0],
  [/sweet vermouth|carpano|punt e mes|dubonnet/, '#6e1f14', 1.4, 0],
  [/dry vermouth|blanc vermouth|^vermouth/, '#efe4b8', 0.2, 0],
  [/lillet blanc|cocchi americano/, '#efcf6e', 0.5, 0],
  [/lillet rose|rose wine/, '#eea1a0', 0.6, 0],
  [/fino|manzanilla|white port/, '#efd98a', 0.35, 0],
  [/amontillado/, '#c58a3b', 0.7, 0],
  [/oloroso|madeira/, '#8e4a1c', 1, 0],
  [/pedro ximenez/, '#3a1a0a', 1.5, 0],
  [/tawny/, '#8a3b1a', 1.2, 0],
  [/port/, '#6a1020', 1.6, 0],
  [/red wine/, '#6e0f22', 2, 0.05],
  [/white wine|^wine/, '#efe2a0', 0.3, 0],
  [/champagne|prosecco|cava|sparkling/, '#f1e3a0', 0.25, 0],
  [/green chartreuse/, '#8fbf3a', 1.2, 0],
  [/yellow chartreuse|strega/, '#e8cf3a', 1, 0],
  [/benedictine|drambuie|licor 43|swedish punsch|southern comfort/, '#d08f33', 0.9, 0],
  [/galliano/, '#f2d027', 1.4, 0],
  [/amaretto|amer picon|montenegro|hazelnut/, '#b8652a', 0.9, 0],
  [/apricot/, '#e08a2a', 1.1, 0],
  [/cherry heering|cherry liqueur/, '#6a0a1a', 2, 0],
  [/sloe gin/, '#a01838', 1.8, 0],
  [/limoncello|italicus/, '#ece07a', 0.8, 0.3],
  [/raspberry liqueur|chambord/, '#7a0a2a', 2, 0],
  [/passion fruit liqueur/, '#e8506a', 1.2, 0.1],
  [/melon/, '#7acc3a', 1.8, 0],
  [/anise|pastis|pernod|absinthe/, '#a8c86a', 0.7, 0.2],
  [/pimm/, '#7a2a18', 1.2, 0],
  [/ginger liqueur/, '#e8c47a', 0.5, 0],
  [/grapefruit liqueur/, '#f2a0a0', 0.6, 0],
  [/elderflower|st-germain|falernum|peach schnapps/, '#f3e8c0', 0.2, 0.1],
  [/allspice/, '#6a2a12', 1.2, 0],
  [/nonino/, '#c9803a', 0.9, 0],
  [/fernet|averna|jager|cynar|lucano|ramazzotti|^amaro/, '#2e170c', 1.8, 0],
  [/suze/, '#f2d23a', 1.2, 0],
  [/curacao|grand marnier|orange liqueur/, '#e08a2a', 0.9, 0],
  [/angostura|aromatic bitters|amargo/, '#6a1a10', 6, 0],
  [/peychaud/, '#c8242e', 6, 0],
  [/bitters/, '#d8802a', 3, 0],
  [/grenadine|raspberry syrup|pomegranate/, '#b0102a', 2.4, 0.1],
  [/demerara syrup|rich simple|maple|cinnamon syrup/, '#b8752e', 0.5, 0],
  [/honey/, '#e0a02a', 0.6, 0.1],
  [/orgeat/, '#f4ecdc', 0.6, 0.8],
  [/passion fruit syrup/, '#f2a22a', 1, 0.3],
  [/donn/, '#f0b49a', 0.8, 0.6],
  [/pineapple syrup/, '#f2d05a', 0.8, 0.2],
  [/lime cordial/, '#c8e070', 0.8, 0.1],
  [/chamomile|vanilla|ginger syrup|agave|cane syrup/, '#f0d890', 0.3, 0],
  [/lime juice|^lime$/, '#c6dc84', 0.9, 0.5],
  [/lemon juice|^lemon$/, '#f4e482', 0.9, 0.5],
  [/blood orange/, '#d0401a', 1.4, 0.8],
  [/orange juice|^orange$|orange marmalade/, '#f6a21e', 1.2, 0.9],
  [/pink grapefruit soda/, '#f4a8a0', 0.5, 0.3],
  [/grapefruit soda|bitter lemon/, '#f4e2b8', 0.35, 0.35],
  [/pink grapefruit/, '#f4908a', 1, 0.7],
  [/grapefruit/, '#f6d28a', 0.8, 0.7],
  [/pineapple/, '#f4cc3a', 1, 0.9],
  [/cranberry/, '#b0102e', 1.6, 0.15],
  [/tomato|clamato/, '#b8301c', 1.6, 1],
  [/apple juice|cider/, '#e8c060', 0.8, 0.2],
  [/peach puree/, '#f6d4a6', 1, 1],
  [/passion fruit puree/, '#f2b020', 1.3, 0.9],
  [/strawberry/, '#d8203a', 1.8, 0.7],
  [/mango/, '#f6a81a', 1.5, 1],
  [/ginger beer/, '#e8d49a', 0.5, 0.55],
  [/ginger ale/, '#e8c070', 0.6, 0.1],
  [/\bcola\b/, '#3a1a0a', 1.8, 0.05],
  [/tea/, '#8a4010', 1, 0.1],
  [/cucumber|mint|basil/, '#7fbf5a', 1.2, 0.2],
  [/blackberr|raspberr|blueberr/, '#6a1038', 1.6, 0.4],
  [/worcestershire|hot sauce|tabasco/, '#6a1a10', 2, 0.2],
  [/lager|beer|pale ale/, '#e8b84a', 0.8, 0.1],
  [/stout/, '#1a0d06', 2.5, 0.8],
];

/** Colour of the drink where nothing tints it: water-clear with a warm cast from the bar light. */
export const CLEAR = '#eef0e6';

/** ml-equivalent of a count unit, for colour only (a muddled whole lime tints like ~25 ml of juice). */
export const COUNT_ML: Readonly<Record<string, number>> = {
  whole: 25,
  wedge: 8,
  slice: 5,
  piece: 5,
  leaf: 0.6,
  sprig: 2,
  scoop: 60,
};

/** Typical capacity of each glass, ml (bar supply catalogues' usual sizes). */
export const CAPACITY_ML: Record<GlassKey, number> = {
  coupe: 170,
  nickAndNora: 150,
  martini: 180,
  rocks: 240,
  doubleRocks: 330,
  highball: 300,
  collins: 360,
  flute: 180,
  wine: 420,
  copperMug: 450,
  hurricane: 440,
  tikiMug: 420,
  julepCup: 350,
  irishCoffee: 240,
  pocoGrande: 380,
  fizz: 220,
  snifter: 400,
};
