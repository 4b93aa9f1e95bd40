import { isSameOriginPath } from '@/shared/same-origin-path';

/** The fields through which a caller names where better-auth sends the browser next (query or JSON body). */
export const CALLBACK_FIELDS = ['callbackURL', 'newUserCallbackURL', 'errorCallbackURL', 'redirectTo'] as const;

/** A callback the guard refused: the field and what was sent in it. */
export interface RefusedCallback {
  field: (typeof CALLBACK_FIELDS)[number];
  value: string;
}

/**
 * The first callback field of `request` (its query, or its JSON body) that is not a path on this site by
 * {@link isSameOriginPath}, or null when every one present is. better-auth accepts any path its URL parser keeps on the
 * origin (`/.//evil.example` included) and logs every refusal as an error; this check runs first, so an attacker's
 * address is refused before it reaches better-auth. A body that is not JSON is left to better-auth (it answers 400).
 * @param request the request as received (its body is read from a clone)
 */
export async function refusedCallbackOf(request: Request): Promise<RefusedCallback | null> {
  const query = new URL(request.url).searchParams;
  for (const field of CALLBACK_FIELDS) {
    for (const value of query.getAll(field)) if (!isSameOriginPath(value)) return { field, value };
  }
  if (request.method === 'GET' || request.method === 'HEAD') return null;
  if (!(request.headers.get('content-type') ?? '').toLowerCase().includes('json')) return null;
  let body: unknown;
  try {
    body = await request.clone().json();
  } catch {
    return null;
  }
  if (typeof body !== 'object' || body === null) return null;
  for (const field of CALLBACK_FIELDS) {
    const value = (body as Record<string, unknown>)[field];
    if (typeof value === 'string' && !isSameOriginPath(value)) return { field, value };
  }
  return null;
}
