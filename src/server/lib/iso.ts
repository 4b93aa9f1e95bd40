/** What `Date.prototype.toISOString` gives: the form our writes store timestamps in on SQLite. */
const CANONICAL_ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/**
 * A timestamp column as ISO 8601 text, `YYYY-MM-DDTHH:mm:ss.sssZ` (SQLite gives text, PostgreSQL a Date). Text already in
 * that form is answered as it is: lists answer a time per row, and parsing and printing each was a tenth of a My Bar
 * answer's cost.
 * @throws RangeError for text or a Date that is no valid time
 */
export function iso(value: Date | string): string {
  return typeof value === 'string' && CANONICAL_ISO.test(value) ? value : new Date(value).toISOString();
}
