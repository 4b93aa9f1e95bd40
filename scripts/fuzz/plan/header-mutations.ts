import fc from 'fast-check';
import { TEST_WEBHOOK_AUTH } from '../../../tests/support/payments';
import { hostileString, hugeString, nastyString } from '../values';
import { victimRef } from './field-values';
import { COOKIE_MIXES, type HeaderMutation } from './types';

/** The arbitraries of what goes around the path and body: the method, headers, cookie mixes and socket addresses. */

/** Methods a request may be sent with instead of its route's. */
export const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'PROPFIND', 'FUZZ'] as const;

const headerText = fc.oneof(hostileString, hugeString(16_000));

/** Header mutations: origins, fetch metadata, content types, authorization, forwarding and caching headers, odd text. */
export const headerMutation: fc.Arbitrary<HeaderMutation> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      name: fc.constant('origin'),
      value: fc.constantFrom<string | null>(
        'https://evil.example',
        'null',
        'http://localhost:3000.evil.example',
        'http://localhost',
        'http://localhost:3001',
        'http://127.0.0.1:3000',
        'HTTP://LOCALHOST:3000',
        '',
        'http://localhost:3000/',
        'file://',
        'chrome-extension://abcdef',
        null,
      ),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      name: fc.constant('sec-fetch-site'),
      value: fc.constantFrom('cross-site', 'same-site', 'none', 'same-origin'),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      name: fc.constant('content-type'),
      value: fc.constantFrom<string | null>(
        'text/plain',
        'text/plain;charset=UTF-8',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=xyz',
        'multipart/form-data',
        'application/json; charset=utf-16',
        'application/json; charset=latin1',
        'application/xml',
        'application/vnd.api+json',
        'application/json, text/plain',
        'APPLICATION/JSON',
        'application/json;;;',
        '*/*',
        '',
        null,
      ),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.oneof(
      fc.record({ name: fc.constant('authorization'), value: victimRef, prefix: fc.constant('Bearer ') }),
      fc.record({
        name: fc.constant('authorization'),
        value: fc.constantFrom<string | null>(
          'Bearer x',
          'Bearer ',
          TEST_WEBHOOK_AUTH.replace(' ', '  '),
          TEST_WEBHOOK_AUTH.toLowerCase(),
          TEST_WEBHOOK_AUTH.slice(0, -1),
          `${TEST_WEBHOOK_AUTH}0`,
          'Basic Zm9vOmJhcg==',
          'Bearer test-webhook-secret-0123456788',
          null,
        ),
      }),
      fc.record({ name: fc.constant('authorization'), value: headerText }),
    ),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      name: fc.constantFrom(
        'x-forwarded-for',
        'x-real-ip',
        'forwarded',
        'x-barback-client-address',
        'cf-connecting-ip',
      ),
      value: fc.oneof(
        fc.constantFrom('127.0.0.1', '::1', '1.1.1.1, 127.0.0.1', 'unknown', 'for=127.0.0.1'),
        headerText,
      ),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      name: fc.constant('accept-encoding'),
      value: fc.constantFrom('gzip', 'br', 'deflate', 'zstd', 'gzip;q=0', '*', 'identity;q=0', 'gzip, br'),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      name: fc.constantFrom('if-none-match', 'if-modified-since', 'range', 'accept', 'x-http-method-override'),
      value: fc.oneof(
        fc.constantFrom(
          '*',
          'W/"0"',
          '"x"',
          'bytes=0-0',
          'bytes=-1',
          'text/html',
          'DELETE',
          'Thu, 01 Jan 1970 00:00:00 GMT',
        ),
        headerText,
      ),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      name: fc.constantFrom('user-agent', 'referer', 'x-fuzz', 'x-requested-with', 'accept-language'),
      value: headerText,
    }),
  },
  { weight: 3, arbitrary: offlineWriteHeader() },
);

/**
 * The offline write queue's headers on any route: `Idempotency-Key` (a few fixed keys, so the same key lands on the same
 * write again and on other writes, fresh UUIDs, and malformed ones) and `Barback-Write-Age` (ages at and past the
 * edges, and text that is no age). A replay, a reused key or a refused header is a 4xx, never a 5xx.
 */
function offlineWriteHeader(): fc.Arbitrary<HeaderMutation> {
  return fc.oneof(
    fc.record({
      name: fc.constant('idempotency-key'),
      value: fc.oneof(
        fc.constantFrom('fuzz-key-1', 'fuzz-key-2', 'fuzz_key-3', 'a', 'x'.repeat(128)),
        fc.uuid(),
        fc.constantFrom('', ' ', 'x'.repeat(129), 'has space', 'ü', '../key', 'key;drop', '0'),
        headerText,
      ),
    }),
    fc.record({
      name: fc.constant('barback-write-age'),
      value: fc.oneof(
        fc.constantFrom('0', '1', '60000', '2592000000', '2592000001', '-1', '1.5', '1e3', '00', '', 'NaN'),
        fc.integer({ min: 0, max: 2_592_000_000 }).map(String),
        fc.bigInt({ min: 0n, max: 10n ** 30n }).map(String),
        headerText,
      ),
    }),
  );
}

/** What is done to the caller's Cookie header (see {@link COOKIE_MIXES}), with text for the garbage mix. */
export const cookieMutation = fc.record({
  mix: fc.constantFrom(...COOKIE_MIXES),
  text: fc.oneof(fc.constantFrom('', 'a', '%00', '"'), nastyString),
});

const loopbackAddress = fc.constantFrom('127.0.0.1', '::1', '::ffff:127.0.0.1');
/** The socket address of a request: mostly public IPv4, now and then IPv6 or this machine. */
export const address: fc.Arbitrary<string> = fc.oneof(
  { weight: 12, arbitrary: fc.ipV4() },
  { weight: 1, arbitrary: fc.ipV6() },
  { weight: 1, arbitrary: loopbackAddress },
);
/** Routes that answer this machine only get half their requests from it, so their handlers are reached too. */
export const thisMachineAddress = fc.oneof(loopbackAddress, address);
