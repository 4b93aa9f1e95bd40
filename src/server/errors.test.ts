import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError, describeZodError, isDatabaseUnavailableError, toErrorResponse } from './errors';

describe('toErrorResponse', () => {
  it('maps AppError codes to their statuses', () => {
    expect(toErrorResponse(new AppError('NOT_FOUND', 'cocktail 3 not found'))).toEqual({
      status: 404,
      body: { error: { code: 'NOT_FOUND', message: 'cocktail 3 not found' } },
      expected: true,
    });
    expect(new AppError('PAYLOAD_TOO_LARGE', 'x').status).toBe(413);
    expect(new AppError('SERVICE_UNAVAILABLE', 'x').status).toBe(503);
  });

  it('maps zod errors to 400 naming the field', () => {
    const schema = z.object({ page: z.number().min(0, 'page must be 0 or more'), kind: z.enum(['a', 'b']) });
    const first = schema.safeParse({ page: -1, kind: 'a' });
    expect(toErrorResponse(first.error).body.error).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'page must be 0 or more',
    });
    const second = schema.safeParse({ page: 1, kind: 'c' });
    expect(describeZodError(second.error as z.ZodError)).toMatch(/^kind: /);
  });

  it('maps connection failures to 503 and anything else to a bare 500', () => {
    expect(
      toErrorResponse(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })).status,
    ).toBe(503);
    expect(toErrorResponse(new TypeError('The database connection is not open')).status).toBe(503);
    expect(toErrorResponse(new Error('driver has already been destroyed')).status).toBe(503);
    expect(toErrorResponse(Object.assign(new Error('terminating connection'), { code: '57P01' })).status).toBe(503);
    const bug = toErrorResponse(new Error('undefined is not a function'));
    expect(bug).toEqual({
      status: 500,
      body: { error: { code: 'INTERNAL', message: 'Something went wrong on our side.' } },
      expected: false,
    });
  });

  it('looks through error causes', () => {
    const wrapped = new Error('query failed', { cause: Object.assign(new Error('x'), { code: 'ECONNRESET' }) });
    expect(isDatabaseUnavailableError(wrapped)).toBe(true);
    expect(isDatabaseUnavailableError(new Error('syntax error at or near'))).toBe(false);
  });
});
