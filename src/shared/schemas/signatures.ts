/** Signature cocktails' contracts: a recipe line as the editors send it, a signature's write, its detail and list. */
import { z } from 'zod';
import { MAX_RECORD_ID } from './record-id';
import {
  baseSpiritSchema,
  categorySchema,
  cocktailDetailSchema,
  difficultySchema,
  FLAVOR_PROFILES,
  glasswareSchema,
  OCCASIONS,
  SEASONS,
  techniqueSchema,
  unitSchema,
} from './cocktail';
import { storedPhotoSchema } from './public-menu';
import { ONE_LINE_TEXT, oneLineMessage, PARAGRAPH_TEXT, paragraphMessage } from './text';

/** Most signature cocktails one venue keeps; most lines in one of its recipes. */
export const MAX_SIGNATURES = 200;
export const MAX_SIGNATURE_LINES = 20;

/** Checks that a list holds no value twice. */
const distinct = <T extends z.ZodType>(item: T, name: string) =>
  z.array(item).refine((list) => new Set(list).size === list.length, { message: `${name} must not repeat` });

/**
 * The fields of one recipe line as the editor sends it (signatureLineSchema adds the range rule): an ingredient of the catalogue by id, an amount in `unit` (null
 * only for lines without a measure, e.g. 'top' without a volume; 'top' and 'splash' take the expected ml), an optional
 * upper amount for ranges, optional, a note ('chilled', 'to taste').
 */
export const recipeLineFields = z.strictObject({
  ingredient_id: z
    .number({ error: 'choose an ingredient' })
    .int()
    .positive('choose an ingredient')
    .max(MAX_RECORD_ID, 'ingredient_id is out of range'),
  amount: z.number().positive('the amount must be more than 0').max(10_000, 'the amount is too large').nullable(),
  amount_max: z
    .number()
    .positive('the upper amount must be more than 0')
    .max(10_000, 'the upper amount is too large')
    .nullable()
    .default(null),
  unit: unitSchema,
  is_optional: z.boolean().default(false),
  note: z
    .string()
    .trim()
    .max(120, 'a note has at most 120 characters')
    .regex(ONE_LINE_TEXT, oneLineMessage('a note'))
    .nullable()
    .default(null),
});

/** True when a line's upper amount, if any, is above its amount: the rule every recipe line keeps. */
export const amountRangeHolds = (line: { amount: number | null; amount_max: number | null }) =>
  line.amount_max === null || (line.amount !== null && line.amount_max > line.amount);
/** What a line breaking {@link amountRangeHolds} is told, and where. */
export const AMOUNT_RANGE_ISSUE = { message: 'the upper amount must be greater than the amount', path: ['amount_max'] };

export const signatureLineSchema = recipeLineFields.refine(amountRangeHolds, AMOUNT_RANGE_ISSUE);
export type SignatureLine = z.infer<typeof signatureLineSchema>;

/**
 * `POST /api/venues/:slug/signatures` and `PUT .../signatures/:cocktailId` (owner, manager): a signature recipe in the
 * catalogue's shape (snake_case, the same vocabularies). The strength band is not sent: the server derives it from the
 * recipe's computed ABV, as for the catalogue. preparation_time in minutes.
 */
export const signatureWriteSchema = z.strictObject({
  name: z
    .string()
    .trim()
    .min(2, 'the name needs at least 2 characters')
    .max(80, 'the name has at most 80 characters')
    .regex(ONE_LINE_TEXT, oneLineMessage('the name')),
  base_spirit: baseSpiritSchema,
  category: categorySchema,
  description: z
    .string()
    .trim()
    .max(600, 'the description has at most 600 characters')
    .regex(PARAGRAPH_TEXT, paragraphMessage('the description'))
    .default(''),
  instructions: z
    .string()
    .trim()
    .min(10, 'the method needs at least 10 characters')
    .max(1200, 'the method has at most 1,200 characters')
    .regex(PARAGRAPH_TEXT, paragraphMessage('the method')),
  difficulty_level: difficultySchema,
  glassware: glasswareSchema,
  technique: techniqueSchema,
  garnish: z
    .string()
    .trim()
    .max(120, 'the garnish has at most 120 characters')
    .regex(ONE_LINE_TEXT, oneLineMessage('the garnish'))
    .default(''),
  preparation_time: z
    .number()
    .int('preparation time is whole minutes')
    .min(1, 'preparation time is at least 1 minute')
    .max(60, 'preparation time is at most 60 minutes'),
  flavor_profile: distinct(z.enum(FLAVOR_PROFILES), 'flavours').max(5, 'at most 5 flavours').default([]),
  seasonal_tags: distinct(z.enum(SEASONS), 'seasons').default([]),
  occasion_tags: distinct(z.enum(OCCASIONS), 'occasions').default([]),
  ingredients: z
    .array(signatureLineSchema)
    .min(1, 'a recipe needs at least one ingredient')
    .max(MAX_SIGNATURE_LINES, `a recipe has at most ${MAX_SIGNATURE_LINES} ingredients`),
});
export type SignatureWrite = z.infer<typeof signatureWriteSchema>;
/** What the editor's form holds before defaults are applied. */
export type SignatureWriteInput = z.input<typeof signatureWriteSchema>;

/** A venue's signature cocktail: the catalogue's detail shape (slug free-form: venue slugs hold `--`) and its photo. */
export const signatureSchema = cocktailDetailSchema.extend({ slug: z.string(), photo: storedPhotoSchema.nullable() });
export type Signature = z.infer<typeof signatureSchema>;

/** `GET /api/venues/:slug/signatures` (any member): the venue's signature cocktails by name. */
export const signatureListSchema = z.object({ items: z.array(signatureSchema) });
export type SignatureList = z.infer<typeof signatureListSchema>;
