import { createLocalJWKSet, decodeProtectedHeader, generateKeyPair, jwtVerify, SignJWT, base64url } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiErrorBody } from '@/shared/schemas/api-error';
import type { MeResponse } from '@/shared/schemas/account';
import type { FavoriteList } from '@/shared/schemas/favorites';
import { apiTokenClaimsSchema, apiTokenResponseSchema, jwksSchema, type Jwks } from '@/shared/schemas/token';
import { JWKS_GRACE_PERIOD_SECONDS } from '../auth/jwt';
import { grantEntitlement } from '../payments';
import { postJson, randomEmail, SESSION_COOKIE, signIn, userIdOf } from '../../../tests/support/auth';
import type { CookieJar } from '../../../tests/support/cookie-jar';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { testDialects } from '../../../tests/support/test-database';
import {
  ALGORITHM_MESSAGE,
  bearerTokenOf,
  EXPIRED_TOKEN_MESSAGE,
  INVALID_SIGNATURE_MESSAGE,
  MALFORMED_TOKEN_MESSAGE,
  MISSING_TOKEN_MESSAGE,
  SESSION_ENDED_MESSAGE,
} from './bearer';

describe('bearerTokenOf', () => {
  it.each([
    ['Bearer abc.def.ghi', 'abc.def.ghi'],
    ['bearer abc', 'abc'],
    ['BEARER   abc  ', 'abc'],
    ['Bearer', ''],
    ['Bearer   ', ''],
    ['Basic Zm9vOmJhcg==', null],
    ['Bearerabc', null],
    ['', null],
    [null, null],
  ])('reads %j as %j', (header, token) => {
    expect(bearerTokenOf(header)).toBe(token);
  });
});

const bearer = (token: string, extra: Record<string, string> = {}) => ({ authorization: `Bearer ${token}`, ...extra });

/** A copy of `token` with its payload replaced by `change(payload)` and the original signature kept. */
function withPayload(token: string, change: (payload: Record<string, unknown>) => Record<string, unknown>): string {
  const [header, payload, signature] = token.split('.') as [string, string, string];
  const decoded = JSON.parse(new TextDecoder().decode(base64url.decode(payload))) as Record<string, unknown>;
  return [header, base64url.encode(JSON.stringify(change(decoded))), signature].join('.');
}

/** A copy of `token` with its header replaced by `change(header)` and the original signature kept. */
function withHeader(token: string, change: (header: Record<string, unknown>) => Record<string, unknown>): string {
  const [header, payload, signature] = token.split('.') as [string, string, string];
  const decoded = JSON.parse(new TextDecoder().decode(base64url.decode(header))) as Record<string, unknown>;
  return [base64url.encode(JSON.stringify(change(decoded))), payload, signature].join('.');
}

/** A copy of `token` with one byte of its signature flipped. */
function withFlippedSignature(token: string): string {
  const [header, payload, signature] = token.split('.') as [string, string, string];
  const bytes = base64url.decode(signature);
  bytes[10] = bytes[10]! ^ 0xff;
  return [header, payload, base64url.encode(bytes)].join('.');
}

describe.each(testDialects())('signed tokens and bearer requests on %s', (dialect) => {
  let t: TestApp;
  let alice: CookieJar;
  let bob: CookieJar;
  let aliceId: string;
  let bobId: string;
  let aliceEmail: string;
  let cocktailIds: number[];
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    aliceEmail = randomEmail('alice');
    alice = await signIn(t, aliceEmail);
    bob = await signIn(t, randomEmail('bob'));
    aliceId = await userIdOf(t, alice);
    bobId = await userIdOf(t, bob);
    await grantEntitlement({ db: t.database.db, userId: aliceId, name: 'pro' });
    const rows = await t.database.db.selectFrom('cocktail').select('id').orderBy('id').execute();
    cocktailIds = rows.map((row) => Number(row.id));
  });
  afterAll(() => t?.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  /** `GET /api/auth/token` with `jar`'s cookie: the token. */
  async function tokenOf(jar: CookieJar): Promise<string> {
    const response = await t.request('/api/auth/token', { headers: jar.headers() });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    return apiTokenResponseSchema.parse(await response.json()).token;
  }

  async function publishedKeys(): Promise<Jwks> {
    const response = await t.request('/.well-known/jwks.json');
    expect(response.status).toBe(200);
    return jwksSchema.parse(await response.json());
  }

  /** The id of the session `jar` is signed in with (its cookie holds `<token>.<signature>`). */
  async function sessionIdOf(jar: CookieJar): Promise<string> {
    const token = decodeURIComponent(jar.get(SESSION_COOKIE)!).split('.')[0]!;
    const row = await t.database.db
      .selectFrom('session')
      .select('id')
      .where('token', '=', token)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** `request` with Alice's valid cookie too: a bad bearer token must still be refused. */
  async function expectRefused(token: string, message: string | RegExp) {
    const response = await t.request('/api/me', { headers: bearer(token, alice.headers()) });
    const body = (await response.json()) as ApiErrorBody;
    expect(response.status).toBe(401);
    expect(body.error.code).toBe('UNAUTHORIZED');
    if (typeof message === 'string') expect(body.error.message).toBe(message);
    else expect(body.error.message).toMatch(message);
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer .*error="invalid_token"/);
  }

  it('gives a 15-minute EdDSA token that verifies against /.well-known/jwks.json with jose and carries the claims', async () => {
    const token = await tokenOf(alice);
    const wellKnown = await t.request('/.well-known/jwks.json');
    expect(wellKnown.headers.get('cache-control')).toBe('public, max-age=300');
    expect(wellKnown.headers.get('content-type')).toMatch(/^application\/json/);
    const jwks = jwksSchema.parse(await wellKnown.json());
    expect(jwks.keys.length).toBeGreaterThan(0);
    for (const key of jwks.keys) {
      expect(key).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA' });
      // Public keys only: no private part (`d`) is ever published.
      expect(key).not.toHaveProperty('d');
      expect(JSON.stringify(key)).not.toMatch(/privateKey|"d"/);
    }
    const auths = await t.json<Jwks>('/api/auth/jwks');
    expect(auths.status).toBe(200);
    expect(auths.body).toEqual(jwks);

    const { payload, protectedHeader } = await jwtVerify(token, createLocalJWKSet(jwks), {
      issuer: t.config.appUrl,
      audience: t.config.appUrl,
      algorithms: ['EdDSA'],
    });
    expect(protectedHeader.alg).toBe('EdDSA');
    expect(jwks.keys.map((key) => key.kid)).toContain(protectedHeader.kid);
    const claims = apiTokenClaimsSchema.parse(payload);
    expect(claims).toMatchObject({
      sub: aliceId,
      sid: await sessionIdOf(alice),
      email: aliceEmail,
      plan: 'pro',
      entitlements: ['pro'],
      iss: t.config.appUrl,
      aud: t.config.appUrl,
    });
    expect(claims.exp - claims.iat).toBe(900);
    expect(Math.abs(claims.iat - Date.now() / 1000)).toBeLessThan(60);

    // Bob has no plan: his token says so (read at signing time).
    const bobClaims = apiTokenClaimsSchema.parse(
      (await jwtVerify(await tokenOf(bob), createLocalJWKSet(jwks), { algorithms: ['EdDSA'] })).payload,
    );
    expect(bobClaims).toMatchObject({ sub: bobId, plan: 'free', entitlements: [] });
  });

  it('gives no token without a session, and a token cannot get itself a new one', async () => {
    expect((await t.request('/api/auth/token')).status).toBe(401);
    const token = await tokenOf(alice);
    expect((await t.request('/api/auth/token', { headers: bearer(token) })).status).toBe(401);
  });

  it('answers a bearer request as it answers the cookie, without cookies; the bearer wins over a cookie', async () => {
    const token = await tokenOf(alice);
    const byCookie = await t.json<MeResponse>('/api/me', { headers: alice.headers() });
    const byBearer = await t.json<MeResponse>('/api/me', { headers: bearer(token) });
    expect(byBearer.status).toBe(200);
    expect(byBearer.headers.getSetCookie()).toEqual([]);
    expect(byBearer.body).toEqual(byCookie.body);
    // Bob's cookie beside Alice's token: Alice.
    const both = await t.json<MeResponse>('/api/me', { headers: bearer(token, bob.headers()) });
    expect(both.status).toBe(200);
    expect(both.body.user.id).toBe(aliceId);
    // The pro gate reads Alice's plan through the token as through the cookie.
    expect((await t.request('/api/me/bar', { headers: bearer(token) })).status).toBe(200);
    expect((await t.request('/api/me/bar', { headers: bearer(await tokenOf(bob)) })).status).toBe(403);
  });

  it('refuses a tampered token with 401 "Invalid JWT signature", even beside a valid cookie', async () => {
    const token = await tokenOf(alice);
    await expectRefused(
      withPayload(token, (payload) => ({ ...payload, sub: bobId })),
      INVALID_SIGNATURE_MESSAGE,
    );
    await expectRefused(
      withPayload(token, (payload) => ({ ...payload, plan: 'enterprise', entitlements: ['enterprise'] })),
      INVALID_SIGNATURE_MESSAGE,
    );
    await expectRefused(withFlippedSignature(token), INVALID_SIGNATURE_MESSAGE);
    // A kid no published key has, and a token signed by someone else's key under the server's kid.
    await expectRefused(
      withHeader(token, (header) => ({ ...header, kid: 'no-such-key' })),
      INVALID_SIGNATURE_MESSAGE,
    );
    const { kid } = decodeProtectedHeader(token);
    const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    const forged = await new SignJWT(decodeClaims(token))
      .setProtectedHeader({ alg: 'EdDSA', kid: kid! })
      .sign(privateKey);
    await expectRefused(forged, INVALID_SIGNATURE_MESSAGE);
    // The untampered token still works: the refusals were about the changes.
    expect((await t.request('/api/me', { headers: bearer(token) })).status).toBe(200);
  });

  it('refuses unsigned, wrongly signed and malformed tokens with 401 and a clear message', async () => {
    const token = await tokenOf(alice);
    const claims = decodeClaims(token);
    const { kid } = decodeProtectedHeader(token);
    const unsigned = `${base64url.encode(JSON.stringify({ alg: 'none', kid }))}.${base64url.encode(JSON.stringify(claims))}.`;
    await expectRefused(unsigned, /^(Invalid JWT: only EdDSA|Malformed JWT)/);
    const hmac = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', kid: kid! })
      .sign(new TextEncoder().encode('a-guessed-secret-0123456789abcdef'));
    await expectRefused(hmac, ALGORITHM_MESSAGE);
    await expectRefused('x', MALFORMED_TOKEN_MESSAGE);
    await expectRefused('a.b.c', MALFORMED_TOKEN_MESSAGE);
    await expectRefused(
      withHeader(token, ({ kid: _kid, ...header }) => header),
      MALFORMED_TOKEN_MESSAGE,
    );
    const empty = await t.json<ApiErrorBody>('/api/me', { headers: { authorization: 'Bearer ' } });
    expect(empty.status).toBe(401);
    expect(empty.body.error.message).toBe(MISSING_TOKEN_MESSAGE);
    // Another scheme is not a bearer request: the cookie decides.
    const basic = await t.request('/api/me', { headers: { authorization: 'Basic Zm9vOmJhcg==', ...alice.headers() } });
    expect(basic.status).toBe(200);
  });

  it('refuses an expired token with its own 401 message (fake clock, and a token minted with a past exp)', async () => {
    const token = await tokenOf(alice);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 15 * 60_000 + 5_000 });
    await expectRefused(token, EXPIRED_TOKEN_MESSAGE);
    vi.useRealTimers();
    expect((await t.request('/api/me', { headers: bearer(token) })).status).toBe(200);

    const now = Math.floor(Date.now() / 1000);
    const claims = decodeClaims(token);
    const mint = async (payload: Record<string, unknown>) =>
      (await t.auth.api.signJWT({ body: { payload: { ...claims, ...payload } } })).token;
    await expectRefused(await mint({ iat: now - 1000, exp: now - 100 }), EXPIRED_TOKEN_MESSAGE);
    // The same minting with a future exp is accepted: the past exp is what was refused.
    expect((await t.request('/api/me', { headers: bearer(await mint({ iat: now, exp: now + 60 })) })).status).toBe(200);
    // Claims this server did not issue for itself, or without the session.
    await expectRefused(
      await mint({ iat: now, exp: now + 60, aud: 'https://partner.example' }),
      /^Invalid JWT claims: .*aud/,
    );
    await expectRefused(
      await mint({ iat: now, exp: now + 60, iss: 'https://other.example' }),
      /^Invalid JWT claims: .*iss/,
    );
    await expectRefused(await mint({ iat: now, exp: now + 60, sid: undefined }), /^Invalid JWT claims: sid/);
    // Well signed, but naming a session that is not the subject's (Bob's session with Alice's sub).
    await expectRefused(await mint({ iat: now, exp: now + 60, sid: await sessionIdOf(bob) }), SESSION_ENDED_MESSAGE);
  });

  it('keeps an unexpired token valid across a key rotation; both keys are published', async () => {
    const before = await tokenOf(alice);
    const oldKid = decodeProtectedHeader(before).kid!;
    // The key's signing time is over (as after 30 days): the next token is signed with a new key.
    await t.database.db
      .updateTable('jwks')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', oldKid)
      .execute();
    const after = await tokenOf(alice);
    const newKid = decodeProtectedHeader(after).kid!;
    expect(newKid).not.toBe(oldKid);
    const jwks = await publishedKeys();
    expect(jwks.keys.map((key) => key.kid)).toEqual(expect.arrayContaining([oldKid, newKid]));
    for (const token of [before, after]) {
      await expect(jwtVerify(token, createLocalJWKSet(jwks), { algorithms: ['EdDSA'] })).resolves.toBeTruthy();
      const me = await t.json<MeResponse>('/api/me', { headers: bearer(token) });
      expect(me.status).toBe(200);
      expect(me.body.user.id).toBe(aliceId);
    }
    expect((await t.json<Jwks>('/api/auth/jwks')).body).toEqual(jwks);

    // Past the grace period the old key is no longer published (its tokens expired long before).
    await t.database.db
      .updateTable('jwks')
      .set({ expiresAt: new Date(Date.now() - (JWKS_GRACE_PERIOD_SECONDS + 60) * 1000).toISOString() })
      .where('id', '=', oldKid)
      .execute();
    const later = await publishedKeys();
    expect(later.keys.map((key) => key.kid)).toContain(newKid);
    expect(later.keys.map((key) => key.kid)).not.toContain(oldKid);
    await expect(jwtVerify(before, createLocalJWKSet(later), { algorithms: ['EdDSA'] })).rejects.toThrow();
  });

  it('keeps a bearer caller to their own data, like the cookie: reads and writes only Alice’s rows', async () => {
    const token = await tokenOf(alice);
    const [first, second] = cocktailIds as [number, number];
    // Bob favorites `first` by cookie.
    expect((await t.request(`/api/me/favorites/${first}`, postJson({}, bob, 'PUT'))).status).toBe(200);

    // Alice writes by bearer, with no Origin header and no cookie (a native client).
    const put = await t.request(`/api/me/favorites/${second}`, {
      method: 'PUT',
      headers: bearer(token, { 'content-type': 'application/json' }),
      body: '{}',
    });
    expect(put.status).toBe(200);
    const mine = await t.json<FavoriteList>('/api/me/favorites', { headers: bearer(token) });
    expect(mine.status).toBe(200);
    expect(mine.body.ids).toEqual([second]);
    // A user id in the query changes nothing; Bob's favorite is not Alice's to delete.
    const sneaky = await t.json<FavoriteList>(`/api/me/favorites?userId=${bobId}`, { headers: bearer(token) });
    expect(sneaky.body.ids).toEqual([second]);
    const removed = await t.request(`/api/me/favorites/${first}?userId=${bobId}`, {
      method: 'DELETE',
      headers: bearer(token),
    });
    expect(removed.status).toBe(200);
    expect((await t.json<FavoriteList>('/api/me/favorites', { headers: bob.headers() })).body.ids).toEqual([first]);
    const rows = await t.database.db
      .selectFrom('user_favorites')
      .select(['user_id', 'cocktail_id'])
      .where('cocktail_id', 'in', [first, second])
      .execute();
    expect(rows.map((row) => [row.user_id, Number(row.cocktail_id)]).sort()).toEqual(
      [
        [aliceId, second],
        [bobId, first],
      ].sort(),
    );
    // A cross-site Origin is still refused on a write.
    const crossSite = await t.request(`/api/me/favorites/${second}`, {
      method: 'DELETE',
      headers: bearer(token, { origin: 'https://evil.example' }),
    });
    expect(crossSite.status).toBe(403);
  });

  it('stops a token at once when its session signs out; the same user’s other sessions keep theirs', async () => {
    const phone = await signIn(t, aliceEmail);
    const phoneToken = await tokenOf(phone);
    const otherToken = await tokenOf(alice);
    expect((await t.request('/api/me', { headers: bearer(phoneToken) })).status).toBe(200);
    const signedOut = await t.request('/api/auth/sign-out', postJson({}, phone));
    expect(signedOut.status).toBe(200);
    await expectRefused(phoneToken, SESSION_ENDED_MESSAGE);
    expect((await t.request('/api/me/favorites', { headers: bearer(phoneToken) })).status).toBe(401);
    expect((await t.request('/api/me', { headers: bearer(otherToken) })).status).toBe(200);
  });

  it('personalises the catalogue for a valid bearer, and refuses an invalid one where the session is read', async () => {
    const token = await tokenOf(alice);
    const put = await t.request(`/api/me/favorites/${cocktailIds[2]}`, { method: 'PUT', headers: bearer(token) });
    expect(put.status).toBe(200);
    const own = await t.json<{ items: { id: number }[] }>('/api/cocktails?favorites=1', { headers: bearer(token) });
    expect(own.status).toBe(200);
    expect(own.body.items.map((item) => item.id)).toContain(cocktailIds[2]);
    const refused = await t.json<ApiErrorBody>('/api/cocktails?favorites=1', {
      headers: bearer(withFlippedSignature(token), alice.headers()),
    });
    expect(refused.status).toBe(401);
    expect(refused.body.error.message).toBe(INVALID_SIGNATURE_MESSAGE);
  });

  it('lets a bearer caller use the routes that call better-auth for them (creating a venue)', async () => {
    const owner = await signIn(t, randomEmail('owner'));
    await grantEntitlement({ db: t.database.db, userId: await userIdOf(t, owner), name: 'enterprise' });
    const token = await tokenOf(owner);
    const created = await t.json<{ slug: string; role: string }>('/api/venues', {
      method: 'POST',
      headers: bearer(token, { 'content-type': 'application/json' }),
      body: JSON.stringify({ name: 'Bearer Bar', slug: `bearer-bar-${dialect}` }),
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ slug: `bearer-bar-${dialect}`, role: 'owner' });
    const listed = await t.json<{ items: { slug: string }[] }>('/api/venues', { headers: bearer(token) });
    expect(listed.body.items.map((venue) => venue.slug)).toEqual([`bearer-bar-${dialect}`]);
  });
});

describe.each(testDialects())('bearer requests while the database is away, on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    const jar = await signIn(t, randomEmail('outage'));
    const response = await t.json<{ token: string }>('/api/auth/token', { headers: jar.headers() });
    token = response.body.token;
    // One bearer request first, so the verifier holds the keys when the database goes.
    expect((await t.request('/api/me', { headers: bearer(token) })).status).toBe(200);
    await t.database.destroy();
  });
  afterAll(() => t?.close());

  it.each([
    ['a valid token (the session cannot be read)', () => token],
    [
      'a token naming a key not yet known (the keys cannot be read)',
      () => withHeader(token, (h) => ({ ...h, kid: 'x' })),
    ],
  ])('answers 503 SERVICE_UNAVAILABLE with Retry-After for %s, never 500', async (_label, tokenFor) => {
    const response = await t.request('/api/me', { headers: bearer(tokenFor()) });
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(((await response.json()) as ApiErrorBody).error.code).toBe('SERVICE_UNAVAILABLE');
  });

  it('answers 503 for the published keys', async () => {
    const response = await t.request('/.well-known/jwks.json');
    expect(response.status).toBe(503);
    expect(((await response.json()) as ApiErrorBody).error.code).toBe('SERVICE_UNAVAILABLE');
  });
});

/** The claims of `token`, unverified. */
function decodeClaims(token: string): Record<string, unknown> {
  return JSON.parse(new TextDecoder().decode(base64url.decode(token.split('.')[1]!))) as Record<string, unknown>;
}
