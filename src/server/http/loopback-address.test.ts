import { describe, expect, it } from 'vitest';
import { isLoopbackAddress } from './client-address';

describe('isLoopbackAddress', () => {
  it.each(['127.0.0.1', '127.255.0.9', '::1', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1', '::FFFF:127.1.2.3'])(
    'accepts %s',
    (address) => expect(isLoopbackAddress(address)).toBe(true),
  );

  it.each([
    '192.168.1.20',
    '10.0.0.1',
    '128.0.0.1',
    '0.0.0.0',
    '::',
    '::ffff:192.168.1.20',
    'fe80::1',
    'localhost',
    'unknown',
    '127.0.0.1, 10.0.0.1',
    '',
    null,
    undefined,
  ])('refuses %j', (address) => expect(isLoopbackAddress(address)).toBe(false));
});
