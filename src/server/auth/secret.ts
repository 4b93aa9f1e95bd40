import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT, type Config } from '../config';

/** Where development keeps its generated auth secret (git-ignored var/). */
export const DEV_SECRET_FILE = path.join(PROJECT_ROOT, 'var', 'auth-secret');

/** Test processes without BETTER_AUTH_SECRET share one random secret, so apps built by one test file agree. */
let ephemeralSecret: string | null = null;

/**
 * The secret better-auth signs cookies and encrypts two-factor secrets with:
 * - BETTER_AUTH_SECRET when set (config requires it in production);
 * - development: read from var/auth-secret, created there (48 random bytes, base64url, file mode 0600) on first use, so
 *   sessions survive restarts;
 * - test: a random secret for this process.
 * @throws the file system's error when development cannot read or create var/auth-secret.
 */
export function resolveAuthSecret(
  config: Pick<Config, 'betterAuthSecret' | 'nodeEnv'>,
  file = DEV_SECRET_FILE,
): string {
  if (config.betterAuthSecret) return config.betterAuthSecret;
  if (config.nodeEnv === 'production') throw new Error('BETTER_AUTH_SECRET is required in production');
  if (config.nodeEnv === 'test') return (ephemeralSecret ??= randomBytes(48).toString('base64url'));
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(48).toString('base64url');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
