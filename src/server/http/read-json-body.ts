import { AppError } from '../errors';

/**
 * Reads a request body as JSON, whatever its Content-Type (sendBeacon posts text/plain).
 * @throws AppError BAD_REQUEST when the body is empty or is not valid JSON, naming the problem.
 */
export async function readJsonBody(request: Request): Promise<unknown> {
  const text = await request.text();
  if (text.trim() === '') throw new AppError('BAD_REQUEST', 'body is empty: expected a JSON document');
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new AppError('BAD_REQUEST', `body is not valid JSON: ${(error as Error).message}`);
  }
}
