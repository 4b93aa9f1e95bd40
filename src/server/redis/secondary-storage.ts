import type { SecondaryStorage } from 'better-auth';
import { APIError } from 'better-auth/api';
import { RedisUnavailableError, REDIS_UNAVAILABLE_MESSAGE, type RedisHandle } from './client';

/**
 * better-auth's secondary storage on Redis (REDIS_URL): the session cache (`<token>` -> session and user JSON, and
 * `active-sessions-<userId>` -> the user's session tokens), verification values (`verification:<identifier>`: magic links,
 * OAuth state, two-factor challenges) and better-auth's own rate-limit counters. Every key is stored under
 * `<REDIS_KEY_PREFIX>auth:`.
 *
 * When Redis cannot be reached each call throws better-auth's APIError SERVICE_UNAVAILABLE (503, Retry-After
 * {@link AUTH_STORE_RETRY_AFTER_SECONDS}), which better-auth passes through untouched (a plain error would become its own
 * 500): /api/auth answers 503, and a session read elsewhere answers 503 through the app's error handler.
 */

/** Sub-prefix of better-auth's keys, after REDIS_KEY_PREFIX. */
export const AUTH_KEY_PREFIX = 'auth:';
/** What a 503 from the auth store asks the client to wait, seconds. */
export const AUTH_STORE_RETRY_AFTER_SECONDS = 5;

/** The 503 better-auth answers (and rethrows from auth.api calls) when Redis cannot be reached. */
function unavailable(cause: unknown): APIError {
  const error = new APIError(
    'SERVICE_UNAVAILABLE',
    { code: 'SERVICE_UNAVAILABLE', message: REDIS_UNAVAILABLE_MESSAGE },
    { 'Retry-After': String(AUTH_STORE_RETRY_AFTER_SECONDS) },
  );
  error.cause = cause;
  return error;
}

/** Whole seconds for EX: at least 1 (better-auth may pass fractions, or 0 for "already expired"). */
function seconds(ttl: number): number {
  return Math.max(1, Math.ceil(ttl));
}

/** INCR that gives a new counter its TTL, once: later increments never extend the window. */
const INCREMENT_SCRIPT = `local count = redis.call('incr', KEYS[1])
if count == 1 then redis.call('expire', KEYS[1], ARGV[1]) end
return count`;

/**
 * better-auth's {@link SecondaryStorage} (1.7: get, getAndDelete, increment, set, delete) on `redis`. Values are strings
 * (better-auth stores JSON text); `ttl` is in seconds.
 * @throws APIError SERVICE_UNAVAILABLE (503) from any call when Redis cannot be reached.
 */
export function redisSecondaryStorage(redis: RedisHandle): SecondaryStorage {
  const key = (name: string) => `${AUTH_KEY_PREFIX}${name}`;
  const run = async <T>(command: Parameters<RedisHandle['run']>[0]): Promise<T> => {
    try {
      return (await redis.run(command)) as T;
    } catch (error) {
      throw error instanceof RedisUnavailableError ? unavailable(error.cause) : error;
    }
  };
  return {
    get: (name) => run((client) => client.get(key(name))),
    getAndDelete: (name) => run((client) => client.getdel(key(name))),
    increment: async (name, ttl) =>
      Number(await run((client) => client.eval(INCREMENT_SCRIPT, 1, key(name), String(seconds(ttl))))),
    set: (name, value, ttl) =>
      run((client) =>
        ttl === undefined || ttl === null
          ? client.set(key(name), value)
          : client.set(key(name), value, 'EX', seconds(ttl)),
      ),
    delete: async (name) => {
      await run((client) => client.del(key(name)));
    },
  };
}

/**
 * Removes what better-auth's Redis storage holds for a user being deleted: every cached session (the tokens listed under
 * `active-sessions-<userId>` and `tokens`, e.g. the database's session tokens of the user) and that list, and every
 * verification value naming the user id or the email (magic links still in flight, two-factor challenges). Without this a
 * deleted account's other devices would stay signed in from the cache until their sessions expire.
 * @param options.email the account's email, lower-cased.
 * @returns how many keys were deleted.
 * @throws RedisUnavailableError when Redis cannot be reached (the caller's deletion should then fail as a whole).
 */
export async function purgeUserFromAuthStore(
  redis: RedisHandle,
  options: { userId: string; email: string; tokens?: readonly string[] },
): Promise<number> {
  const listKey = `${AUTH_KEY_PREFIX}active-sessions-${options.userId}`;
  const listed = await redis.run((client) => client.get(listKey));
  const tokens = new Set(options.tokens ?? []);
  try {
    for (const entry of JSON.parse(listed ?? '[]') as { token?: unknown }[]) {
      if (typeof entry?.token === 'string') tokens.add(entry.token);
    }
  } catch {
    // An unreadable list is deleted below all the same.
  }
  const doomed = [listKey, ...[...tokens].map((token) => `${AUTH_KEY_PREFIX}${token}`)];
  const verificationKeys = await redis.scanKeys(`${AUTH_KEY_PREFIX}verification:*`);
  if (verificationKeys.length > 0) {
    const values = await redis.run((client) => client.mget(verificationKeys));
    const email = JSON.stringify(options.email.toLowerCase());
    values.forEach((stored, i) => {
      // better-auth keeps {identifier, value, expiresAt, ...} as JSON; `value` is the user id or a JSON text.
      let value: unknown;
      try {
        value = (JSON.parse(stored ?? 'null') as { value?: unknown } | null)?.value;
      } catch {
        return;
      }
      if (typeof value !== 'string') return;
      if (value.includes(options.userId) || value.toLowerCase().includes(email))
        doomed.push(verificationKeys[i] as string);
    });
  }
  return redis.run((client) => client.del(...doomed));
}
