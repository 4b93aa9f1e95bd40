import { describe, expect, it } from 'vitest';
import { echoUrl } from './echo-url';

describe('echoUrl', () => {
  it("asks for a URL when the input is blank: 'Please enter a URL to test'", () => {
    expect(echoUrl('   ')).toEqual({ ok: false, error: 'Please enter a URL to test' });
  });

  it("rejects text that is not an absolute URL: 'Invalid URL format'", () => {
    expect(echoUrl('not a url')).toEqual({ ok: false, error: 'Invalid URL format' });
    expect(echoUrl('/relative/path')).toEqual({ ok: false, error: 'Invalid URL format' });
  });

  it('splits a URL into protocol, host, path, query parameters and hash', () => {
    const result = echoUrl('https://barback.app:8443/auth/callback?code=abc&state=x%20y&code=2#done');
    expect(result).toEqual({
      ok: true,
      url: {
        href: 'https://barback.app:8443/auth/callback?code=abc&state=x%20y&code=2#done',
        protocol: 'https:',
        host: 'barback.app:8443',
        path: '/auth/callback',
        params: [
          ['code', 'abc'],
          ['state', 'x y'],
          ['code', '2'],
        ],
        hash: '#done',
      },
    });
  });
});
