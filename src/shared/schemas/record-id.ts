import { z } from 'zod';

/**
 * Largest id a table holds: ids are SQL `integer` columns (PostgreSQL's int4, 2^31 - 1). A bigger number can name no
 * record, and PostgreSQL refuses to compare an int4 column with it ('value out of range'), so it is refused at the edge.
 */
export const MAX_RECORD_ID = 2_147_483_647;

/**
 * A record id in a JSON body: a whole number from 1 to MAX_RECORD_ID. `name` is the field's name, used in the messages
 * ('cocktailId must be a whole number').
 */
export function recordIdSchema(name: string) {
  return recordIdRules(z.number({ error: `${name} must be a number` }), name);
}

/** A record id in a path or query string ('42'): coerced to a number, then as {@link recordIdSchema}. */
export function recordIdParamSchema(name: string) {
  return recordIdRules(z.coerce.number({ error: `${name} must be a number` }), name);
}

/** The bounds of a record id on a number schema, plain or coerced. */
function recordIdRules(number: z.ZodNumber | z.ZodCoercedNumber, name: string) {
  return number
    .int(`${name} must be a whole number`)
    .positive(`${name} must be positive`)
    .max(MAX_RECORD_ID, `${name} is out of range`);
}
