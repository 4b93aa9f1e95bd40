import { z } from 'zod';
import { recordIdSchema } from './record-id';
import { TECHNIQUES } from '../domain/abv';
import { LINE_ROLES, SERVICE_STYLES } from '../domain/batch';
import { MAX_PARTY_COCKTAILS } from '../domain/party';
import { UNITS } from '../domain/units';
import { ONE_LINE_TEXT, oneLineMessage } from './text';

/**
 * The batch calculator's and party planner's share links: the whole calculation travels in the URL (base64url JSON in
 * `?batch=` or `?party=`), so a link opened anywhere restores it. These schemas check a link before it is used: a damaged
 * or hand-edited link is refused with a message, never half-applied. Volumes in ml, ABV and dilution in %.
 */

/** Most lines a recipe in the calculator may hold. */
export const MAX_BATCH_LINES = 20;
/** Longest ingredient or recipe name, characters. */
export const MAX_BATCH_NAME = 80;
/** Largest batch the calculator plans, ml (a 200 l party is out of scope; keeps the figures readable). */
export const MAX_BATCH_VOLUME_ML = 200_000;
/** Most guests, hours, servings and bottles the calculator accepts. */
export const BATCH_LIMITS = { servings: 5000, bottles: 200, guests: 2000, hours: 24, rate: 10 } as const;

/**
 * Builds the share links' schemas. Built on first use ({@link batchSchemas}), not when the module loads: a zod schema
 * costs its construction (about 50 of them here, a long task of the calculator's start; Total Blocking Time),
 * and only a page opened from a share link reads one at start.
 */
function buildBatchSchemas() {
  const amountSchema = z.number().min(0, 'must be 0 or more').max(100_000, 'is too large').nullable();

  /** One recipe line of a shared batch. */
  const batchLineState = z.object({
    ingredient: z
      .string()
      .trim()
      .min(1, 'needs an ingredient')
      .max(MAX_BATCH_NAME)
      .regex(ONE_LINE_TEXT, oneLineMessage('ingredient')),
    /** The catalogue ingredient's id when picked from the catalogue, else null (free text). */
    ingredientId: recordIdSchema('ingredientId').nullable(),
    category: z.string().max(40).nullable(),
    /** % ABV. */
    abv: z.number().min(0, 'ABV must be 0 or more').max(100, 'ABV must be at most 100'),
    amount: amountSchema,
    unit: z.enum(UNITS as [string, ...string[]]),
    role: z.enum(LINE_ROLES as [string, ...string[]]),
  });

  /** How far to scale a shared batch (see BatchScale in domain/batch.ts). */
  const batchScaleState = z.discriminatedUnion('by', [
    z.object({ by: z.literal('servings'), servings: z.number().int().min(1).max(BATCH_LIMITS.servings) }),
    z.object({ by: z.literal('volume'), volumeMl: z.number().min(1).max(MAX_BATCH_VOLUME_ML) }),
    z.object({
      by: z.literal('bottles'),
      bottles: z.number().int().min(1).max(BATCH_LIMITS.bottles),
      bottleMl: z.number().min(50).max(5000),
    }),
    z.object({
      by: z.literal('party'),
      guests: z.number().int().min(1).max(BATCH_LIMITS.guests),
      hours: z.number().min(0.5).max(BATCH_LIMITS.hours),
      firstHourRate: z.number().min(0).max(BATCH_LIMITS.rate),
      laterRate: z.number().min(0).max(BATCH_LIMITS.rate),
    }),
  ]);

  /** A whole batch calculation, as its share link carries it. */
  const batchState = z.object({
    v: z.literal(1),
    /** The catalogue cocktail it started from, or null for a custom recipe. */
    cocktailId: recordIdSchema('cocktailId').nullable(),
    name: z.string().trim().max(MAX_BATCH_NAME).regex(ONE_LINE_TEXT, oneLineMessage('name')),
    glassware: z.string().max(40).nullable(),
    /**
     * The recipe's served-over-ice fact (domain/batch-service.ts `isServedOverIce`); null, or absent in a link made before
     * it, lets the glass decide.
     */
    servedOverIce: z.boolean().nullable().default(null),
    garnish: z.string().max(200).nullable(),
    technique: z.enum(TECHNIQUES),
    /** The method's dilution, % (0–100). */
    dilution: z.number().min(0).max(100),
    style: z.enum(SERVICE_STYLES as [string, ...string[]]),
    lines: z.array(batchLineState).max(MAX_BATCH_LINES),
    scale: batchScaleState,
  });

  /** One cocktail of a shared party plan: the catalogue id, its share and how it is served (the recipe is re-read). */
  const partyCocktailState = z.object({
    cocktailId: recordIdSchema('cocktailId'),
    /** Relative share of the drinks (weights; all 0 = equal). */
    share: z.number().min(0).max(100),
    style: z.enum(SERVICE_STYLES as [string, ...string[]]),
    /** The method's dilution, %, or null for the technique's default. */
    dilution: z.number().min(0).max(100).nullable(),
  });

  /** A whole party plan, as its share link carries it. */
  const partyState = z.object({
    v: z.literal(1),
    guests: z.number().int().min(1).max(BATCH_LIMITS.guests),
    hours: z.number().min(0.5).max(BATCH_LIMITS.hours),
    firstHourRate: z.number().min(0).max(BATCH_LIMITS.rate),
    laterRate: z.number().min(0).max(BATCH_LIMITS.rate),
    cocktails: z.array(partyCocktailState).max(MAX_PARTY_COCKTAILS),
  });

  return { batchLineState, batchScaleState, batchState, partyCocktailState, partyState };
}

/** The share links' schemas: `batchState` (?batch=) and `partyState` (?party=), with the parts they are made of. */
export type BatchSchemas = ReturnType<typeof buildBatchSchemas>;

let built: BatchSchemas | null = null;

/**
 * The share links' schemas, built on the first call and kept (see {@link buildBatchSchemas}). Never throws.
 */
export function batchSchemas(): BatchSchemas {
  return (built ??= buildBatchSchemas());
}

/** One recipe line of a shared batch: ingredient, ABV %, amount in its unit, role. */
export type BatchLineState = z.infer<BatchSchemas['batchLineState']>;
/** How far to scale a shared batch: by servings, volume (ml), bottles or party. */
export type BatchScaleState = z.infer<BatchSchemas['batchScaleState']>;
/** A whole batch calculation, as its share link carries it. */
export type BatchState = z.infer<BatchSchemas['batchState']>;
/** One cocktail of a shared party plan. */
export type PartyCocktailState = z.infer<BatchSchemas['partyCocktailState']>;
/** A whole party plan, as its share link carries it. */
export type PartyState = z.infer<BatchSchemas['partyState']>;
