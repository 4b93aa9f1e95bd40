/** The shape of one published API operation, and the helper its tables are written with. */
import type { z } from 'zod';

/** Who may call an operation (the document's security and its description say it). */
export type ApiAccess =
  | 'public'
  /** A signed-in session (the cookie, or a bearer token for the native app). */
  | 'session'
  /** A session whose account holds the pro entitlement (Individual/Pro or Enterprise): docs/product.md, Roles and plans. */
  | 'pro'
  /** A member of the venue in the path (its role decides the writes: docs/venues.md). */
  | 'venue'
  /** RevenueCat's webhook: its shared secret in Authorization. */
  | 'peer'
  /** Development and test runs only (the dev tools and the wrapper simulator); answered from this machine. */
  | 'dev';

/** The document's groups, in the order the reference shows them. */
export const API_TAGS = [
  'Catalogue',
  'Sign-in',
  'Account',
  'Favorites',
  'My Bar',
  'Collections',
  'My Recipes',
  'Venues',
  'Payments',
  'Support',
  'Health',
  'Development',
] as const;
export type ApiTag = (typeof API_TAGS)[number];

/**
 * One API operation as published: its method and Hono path (`:name` segments, as the routes mount it), what it is for,
 * who may call it, the shared schemas of its path parameters, query and JSON body (the very objects the route validates
 * with), and its answer: a shared schema of the JSON body, or the media type of a non-JSON one.
 */
export interface ApiOperation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  tag: ApiTag;
  summary: string;
  access: ApiAccess;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** Path segments the route reads without a validator (a fixed choice, or one better-auth reads), for the document. */
  pathChoices?: Record<string, readonly [string, ...string[]]>;
  /** The handler checks the documented params or body itself (the same 404 for a malformed share link; a beacon). */
  checkedInHandler?: true;
  /** The body is a raw upload of this media type (an image, a file to import) instead of JSON. */
  upload?: 'image' | 'file';
  /** The success status (200 unless said). */
  status?: 200 | 201 | 202 | 204 | 302;
  /** The JSON answer's shape; absent for a non-JSON answer (see `produces`) or one only better-auth defines. */
  response?: z.ZodType;
  /** The media type of a non-JSON answer. */
  produces?: string;
}

type Method = ApiOperation['method'];
type Rest = Omit<ApiOperation, 'method' | 'path' | 'tag' | 'summary' | 'access'>;

/** Builds one entry, keeping the table one line an operation where it fits. */
export function op(
  method: Method,
  path: string,
  tag: ApiTag,
  access: ApiAccess,
  summary: string,
  rest: Rest = {},
): ApiOperation {
  return { method, path, tag, access, summary, ...rest };
}
