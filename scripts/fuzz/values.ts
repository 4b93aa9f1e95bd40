import fc from 'fast-check';

/**
 * Hostile values for the fuzz suite: strings (NUL and other control characters, lone surrogates, emoji, huge), numbers at
 * their extremes, timestamps at year 0 / 9999 / negative, wrong types, and JSON that a JSON value cannot hold (raw text,
 * nesting 10,000 deep, arrays of 100k items), described compactly so a reproduction prints in a line.
 */

/**
 * A piece of a JSON body the fuzz writes as text rather than as a value: `raw` text placed as it is (invalid JSON, -0,
 * 1e999, NaN), a value nested `count` deep (`deep-object`, `deep-array`), or an array of `count` copies of `text`
 * (`long-array`, `text` being one JSON item).
 */
export class Special {
  constructor(
    readonly kind: 'raw' | 'deep-object' | 'deep-array' | 'long-array',
    readonly text: string,
    readonly count = 1,
  ) {}

  /** The JSON text this stands for. */
  render(): string {
    switch (this.kind) {
      case 'raw':
        return this.text;
      case 'deep-object':
        return `${'{"a":'.repeat(this.count)}${this.text}${'}'.repeat(this.count)}`;
      case 'deep-array':
        return `${'['.repeat(this.count)}${this.text}${']'.repeat(this.count)}`;
      case 'long-array':
        return `[${new Array<string>(this.count).fill(this.text).join(',')}]`;
    }
  }

  /** How a reproduction prints it. */
  describe(): string {
    switch (this.kind) {
      case 'raw':
        return `«raw ${JSON.stringify(shorten(this.text, 60))}»`;
      case 'deep-object':
        return `«{"a": … nested ${this.count} deep … ${this.text}}»`;
      case 'deep-array':
        return `«[ … nested ${this.count} deep … ${this.text}]»`;
      case 'long-array':
        return `«array of ${this.count} × ${shorten(this.text, 40)}»`;
    }
  }
}

/** Raw JSON text, placed in a body as it is. */
export const raw = (text: string): Special => new Special('raw', text);

/** `text` cut to `max` characters with a note of how much was left out. */
export function shorten(text: string, max = 120): string {
  if (text.length <= max) return text;
  const unit = text[max - 1] ?? '';
  const rest = text.slice(max);
  const uniform = unit !== '' && rest.split(unit).join('') === '';
  return `${text.slice(0, max)}… (+${rest.length} more${uniform ? ` ${JSON.stringify(unit)}` : ''} characters)`;
}

/**
 * Writes a body value as JSON text: plain JSON values as JSON.stringify writes them, {@link Special} parts as their text.
 * Lone surrogates come out as `\udXXX` escapes (so the server parses them back into lone surrogates).
 */
export function toJsonText(value: unknown): string {
  if (value instanceof Special) return value.render();
  if (Array.isArray(value)) return `[${value.map((item) => toJsonText(item)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, item]) => item !== undefined);
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${toJsonText(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** A body value as a reproduction prints it: JSON, with long strings shortened and {@link Special} parts described. */
export function describeValue(value: unknown, depth = 0): string {
  if (value instanceof Special) return value.describe();
  if (value !== null && typeof value === 'object' && typeof (value as { describe?: unknown }).describe === 'function') {
    return (value as { describe(): string }).describe();
  }
  if (typeof value === 'string') return JSON.stringify(shorten(value));
  if (depth > 6) return '…';
  if (Array.isArray(value)) {
    const items = value.slice(0, 8).map((item) => describeValue(item, depth + 1));
    if (value.length > 8) items.push(`… ${value.length - 8} more`);
    return `[${items.join(',')}]`;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, item]) => item !== undefined);
    return `{${entries.map(([key, item]) => `${JSON.stringify(shorten(key, 40))}:${describeValue(item, depth + 1)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

/** Characters that break naive code: NUL, C0/C1 controls, lone surrogates, bidi overrides, BOM, separators, quotes. */
export const NASTY_CHARACTERS = [
  '\u0000',
  '\u0001',
  '\u0008',
  '\u001b',
  '\u001f',
  '\u007f',
  '\u0085',
  '\u00a0',
  '\ud800',
  '\udbff',
  '\udc00',
  '\udfff',
  '\u200b',
  '\u202e',
  '\u2028',
  '\u2029',
  '\ufeff',
  '\ufffd',
  '\uffff',
  '\t',
  '\n',
  '\r',
  '"',
  "'",
  '`',
  '\\',
  '%',
  '&',
  '=',
  '?',
  '#',
  '/',
  '.',
  ';',
  ',',
  '<',
  '>',
  '😀',
  '👩‍👩‍👧‍👦',
  'é',
  'İ',
  'ß',
  'ﬃ',
  '𝔘',
] as const;

/** Hand-picked hostile strings: encodings, traversal, injections, format strings, number-looking text, odd URLs and emails. */
export const CURATED_STRINGS = [
  '',
  ' ',
  '   ',
  '\u0000',
  'a\u0000b',
  '\u0000'.repeat(16),
  '\u0001\u0002\u0003\u0007\b\t\n\v\f\r\u001b\u007f',
  '\u0080\u0085\u009f',
  '\ud800',
  '\udfff',
  'a\ud800b',
  '\udc00\ud800',
  '\ufeff{}',
  '\u202egnp.exe',
  '😀',
  '👨‍👩‍👧‍👦🏳️‍🌈',
  'Z̤̝͉̖͔͚̊̃͂̿a̸̙l̵g̷o̴',
  'ﷺ',
  '𝒜𝒷𝒸',
  'İıŞş',
  "'",
  '"',
  "' OR '1'='1",
  '\'; DROP TABLE "user"; --',
  "1' UNION SELECT id FROM account --",
  '\\',
  '%',
  '%00',
  '%ZZ',
  '%E0%A4%A',
  '%u0000',
  '..%2f..%2f..%2fetc%2fpasswd',
  '../fuzz-secret.txt',
  '../../fuzz-secret.txt',
  '..%2f..%2ffuzz-secret.txt',
  '..%2ffuzz-secret.txt',
  '%2e%2e%2ffuzz-secret.txt',
  '..\\fuzz-secret.txt',
  '../../../../etc/passwd',
  '..\\..\\..\\windows\\win.ini',
  '%2e%2e/%2e%2e/',
  '${7*7}',
  '{{7*7}}',
  '<script>alert(1)</script>',
  '__proto__',
  'constructor',
  'prototype',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  'true',
  '[]',
  '{}',
  '-0',
  '1e308',
  '1e999',
  '9007199254740993',
  '-1',
  '0x1F',
  ' 1 ',
  '1.5',
  'javascript:alert(1)',
  '//evil.example/',
  'https://evil.example/',
  '/\\evil.example',
  '\\\\evil.example',
  'data:text/html,<b>x</b>',
  'file:///etc/passwd',
  'a@b',
  'fuzz@example.test',
  ' FUZZ@EXAMPLE.TEST ',
  'a@ex\u0000ample.test',
  `${'x'.repeat(250)}@example.test`,
  '"a b"@example.test',
  'a@[127.0.0.1]',
  'a@localhost',
  '%s%s%s%n',
  '\r\nSet-Cookie: x=1',
] as const;

/** One hostile character: one of {@link NASTY_CHARACTERS} or any code point (binary unit) or grapheme. */
export const nastyCharacter: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_CHARACTERS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }) },
);

/** Short strings made of hostile characters. */
export const nastyString: fc.Arbitrary<string> = fc.string({ unit: nastyCharacter, maxLength: 24 });

/** A string of 1,000 to `max` characters (default ~100 kB): one character repeated, or a short hostile string repeated. */
export function hugeString(max = 100_000): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.oneof(fc.constantFrom('a', ' ', '\u0000', '\ud800', '😀', 'é', '%', '"', '\\'), nastyString),
      fc.integer({ min: 1_000, max }),
    )
    .map(([unit, length]) => {
      const piece = unit === '' ? 'a' : unit;
      return piece.repeat(Math.ceil(length / piece.length)).slice(0, length);
    });
}

/** Any hostile string: curated, made of hostile characters, unicode text, or (rarely) huge. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...CURATED_STRINGS) },
  { weight: 4, arbitrary: nastyString },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: hugeString() },
);

/** Numbers JavaScript can hold but handlers rarely expect, and number texts JSON cannot express (written raw). */
export const nastyNumber: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom<unknown>(
      0,
      -1,
      1,
      1.5,
      -0.5,
      2 ** 31,
      2 ** 32,
      2 ** 53,
      2 ** 53 + 2,
      -(2 ** 53) - 2,
      1e21,
      1e308,
      -1e308,
      5e-324,
      -8.64e15,
      8.64e15,
      8.64e15 + 1,
      raw('-0'),
      raw('1e999'),
      raw('-1e999'),
      raw('NaN'),
      raw('Infinity'),
      raw('9007199254740993'),
      raw('123456789012345678901234567890'),
      raw('1.0000000000000000000001'),
      raw('1e-400'),
      raw('0x10'),
      raw('01'),
    ),
  },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
);

/** Body texts that are not a JSON document, or are JSON of an unexpected shape. */
export const BROKEN_JSON_BODIES = [
  '',
  ' ',
  '{',
  '}',
  '{"a":}',
  '{"a":1,}',
  "{'a':1}",
  '{"a":1}{"b":2}',
  '[1,2',
  'NaN',
  'undefined',
  'null',
  'true',
  '0',
  '"text"',
  '[]',
  '{}',
  '\ufeff{}',
  '\u0000',
  '{"a":"\u0000"}',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  'a=1&b=2',
  '<xml/>',
  '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--xyz--',
] as const;

/** A nested value `depth` deep (object or array), up to 10,000 deep. */
export const deepValue: fc.Arbitrary<Special> = fc
  .tuple(
    fc.constantFrom<'deep-object' | 'deep-array'>('deep-object', 'deep-array'),
    fc.oneof(fc.constantFrom(10_000, 5_000, 1_000, 800, 100), fc.integer({ min: 10, max: 10_000 })),
  )
  .map(([kind, depth]) => new Special(kind, '1', depth));

/** An array of up to 100k items (numbers, strings or objects). */
export const longArray: fc.Arbitrary<Special> = fc
  .tuple(
    fc.constantFrom('1', '"x"', '{}', 'null', '{"productId":"app.barback.pro.monthly","appUserId":"x"}'),
    fc.oneof(fc.constant(100_000), fc.integer({ min: 101, max: 100_000 })),
  )
  .map(([item, count]) => new Special('long-array', item, count));

/** A value of any JSON type but the expected one: numbers, booleans, null, arrays and objects of hostile content. */
export const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(null, true, false, 0, [], {}, [null], { '': '' }, [[[]]], { a: { b: { c: {} } } }),
  nastyNumber,
  fc.array(hostileString, { maxLength: 4 }),
  fc.dictionary(nastyString, hostileString, { maxKeys: 4 }),
);

/** Keys a body rarely expects: prototype pollution, mass-assignment of ids and flags, hostile names. */
export const EXTRA_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'id',
  'userId',
  'user_id',
  'email',
  'role',
  'admin',
  'emailVerified',
  'twoFactorEnabled',
  'plan',
  'entitlements',
  'appMetadata',
  'app_user_id',
  'token',
  'sessionId',
  'createdAt',
  '',
  '\u0000',
  '\ud800',
  'x'.repeat(1000),
] as const;

/**
 * `length` characters that do not compress (a fixed pseudo-random sequence of letters and digits): unlike a repeated
 * character, such text stays long inside a database index or a compressed column.
 */
export function noise(length: number): string {
  let state = 0x2545f491;
  let out = '';
  for (let i = 0; i < length; i += 1) {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    out += 'abcdefghijklmnopqrstuvwxyz0123456789'[(state >>> 16) % 36];
  }
  return out;
}

/** Payload sizes past any route's limit: 1 to 5 MB. */
export const hugeBodySize: fc.Arbitrary<number> = fc.integer({ min: 1_000_000, max: 5_000_000 });
