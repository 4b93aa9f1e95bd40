import { zValidator } from '@hono/zod-validator';
import { validator } from 'hono/validator';
import type { z } from 'zod';
import { AppError, describeZodError, type ZodIssues } from '../errors';
import { readJsonBody } from './read-json-body';

/** JSON media types (application/json, application/*+json), as Hono's validator recognises them. */
const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;

/** Where a request part is validated: path parameters, query string or JSON body. */
export type RequestPart = 'param' | 'query' | 'json';

/** What a validator checks: the request part and the shared schema (read by the OpenAPI contract test). */
export interface RequestContract {
  part: RequestPart;
  schema: z.ZodType;
}

const REQUEST_CONTRACT = Symbol('request contract');

/** Marks a validator middleware with the schema it checks, so the published contract can be compared with the routes. */
function withContract<Handler extends object>(handler: Handler, contract: RequestContract): Handler {
  Object.defineProperty(handler, REQUEST_CONTRACT, { value: contract });
  return handler;
}

/**
 * The request part and schema a route handler (a validator made by {@link validate} or {@link jsonBody}) checks, or
 * undefined for any other handler. A handler Hono wrapped when mounting a sub-app is unwrapped first.
 */
export function requestContractOf(handler: unknown): RequestContract | undefined {
  if (typeof handler !== 'function') return undefined;
  const inner = (handler as { __COMPOSED_HANDLER?: unknown }).__COMPOSED_HANDLER;
  if (inner) return requestContractOf(inner);
  return (handler as { [REQUEST_CONTRACT]?: RequestContract })[REQUEST_CONTRACT];
}

/** zod-validator's failure hook: throws the API's 400 VALIDATION_FAILED naming the first bad field. */
function throwOnFailure(result: { success: boolean; error?: ZodIssues }): void {
  if (!result.success && result.error) throw new AppError('VALIDATION_FAILED', describeZodError(result.error));
}

/**
 * Validates a request's path parameters or query string with a shared zod schema (src/shared/schemas), through
 * @hono/zod-validator; the handler reads the parsed value with `c.req.valid('param' | 'query')`.
 * @throws AppError VALIDATION_FAILED (400) naming the first bad field.
 */
export function validate<Target extends 'param' | 'query', Schema extends z.ZodType>(target: Target, schema: Schema) {
  return withContract(zValidator(target, schema, throwOnFailure), { part: target, schema });
}

/**
 * Validates a JSON request body with a shared zod schema; the handler reads it with `c.req.valid('json')`. The body is
 * read as JSON whatever its Content-Type (sendBeacon posts text/plain).
 * @throws AppError BAD_REQUEST (400) for an empty or malformed body; VALIDATION_FAILED (400) naming the first bad field.
 */
export function jsonBody<Schema extends z.ZodType>(schema: Schema) {
  const middleware = validator('json', async (value, c): Promise<z.output<Schema>> => {
    const mediaType = (c.req.header('content-type') ?? '').split(';')[0]?.trim() ?? '';
    const body = JSON_MEDIA_TYPE.test(mediaType) ? value : await readJsonBody(c.req.raw);
    const result = await schema.safeParseAsync(body);
    if (!result.success) throw new AppError('VALIDATION_FAILED', describeZodError(result.error));
    return result.data;
  });
  return withContract(middleware, { part: 'json', schema });
}
