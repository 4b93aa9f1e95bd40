import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PAYMENTS_ENV } from '../../../tests/support/payments';

/** What the fuzzed app runs with: its environment, and a client build beside a file no path may reach. */

/** Environment of the fuzzed app: everything on, so no route answers 5xx merely because it is not configured. */
export const FUZZ_ENV: Record<string, string> = {
  ...PAYMENTS_ENV,
  WRAPPER_SIMULATOR: '1',
  DEV_TOOLS: '1',
  GOOGLE_CLIENT_ID: 'fuzz-google-client',
  GOOGLE_CLIENT_SECRET: 'fuzz-google-secret-0123456789',
  FACEBOOK_CLIENT_ID: 'fuzz-facebook-client',
  FACEBOOK_CLIENT_SECRET: 'fuzz-facebook-secret-0123456789',
};

/** The file next to the client build that no path may reach (path traversal), and the text it holds. */
export const OUTSIDE_FILE = 'fuzz-secret.txt';

/**
 * A client build for the fuzzed app (index.html and one asset), so non-API paths answer as in production rather than
 * 503 "client not built"; beside it, {@link OUTSIDE_FILE} holds a marker no answer may contain.
 */
export function makeClientBuild(): { dir: string; marker: string; remove: () => void } {
  const root = mkdtempSync(path.join(os.tmpdir(), 'barback-fuzz-'));
  const dir = path.join(root, 'client');
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Barback</title><div id="root"></div>');
  writeFileSync(path.join(dir, 'assets', 'app.js'), 'console.log("barback");');
  const marker = `outside-the-client-${Math.random().toString(36).slice(2)}`;
  writeFileSync(path.join(root, OUTSIDE_FILE), marker);
  return { dir, marker, remove: () => rmSync(root, { recursive: true, force: true }) };
}
