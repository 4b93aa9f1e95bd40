import { describe, expect, it } from 'vitest';
import { signInErrorMessage } from './sign-in-errors';

describe('signInErrorMessage', () => {
  it("says a rate limit once, with the server's wait (regression: 'Too many sign-in attempts. Too many requests. ...')", () => {
    const error = { status: 429, code: 'RATE_LIMITED', message: 'Too many requests. Please try again in 5 minutes.' };
    expect(signInErrorMessage(error)).toBe('Too many sign-in attempts. Please try again in 5 minutes.');
  });

  it('falls back to a plain wait when the 429 carries no usable message', () => {
    expect(signInErrorMessage({ status: 429, code: 'HTTP_ERROR', message: '' })).toBe(
      'Too many sign-in attempts. Please wait a few minutes and try again.',
    );
    expect(signInErrorMessage({ status: 429, code: 'RATE_LIMITED', message: 'Too many requests.' })).toBe(
      'Too many sign-in attempts. Please wait a few minutes and try again.',
    );
  });

  it("keeps the server's message for an unconfigured provider", () => {
    const error = {
      status: 503,
      code: 'PROVIDER_NOT_CONFIGURED',
      message: 'Google sign-in is not available on this server.',
    };
    expect(signInErrorMessage(error)).toBe('Google sign-in is not available on this server.');
  });
});
