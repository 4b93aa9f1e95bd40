import { createHash } from 'node:crypto';
import { FIRST_PAINT_SCRIPT } from '@/shared/first-paint';

/**
 * The CSP source expression allowing index.html's one inline script ({@link FIRST_PAINT_SCRIPT}):
 * `'sha256-<base64 of SHA-256 of its exact text>'` (CSP Level 2, "hash-source"). Computed once at start-up from the
 * same constant the build writes into the page, so the two cannot drift apart.
 */
export const FIRST_PAINT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(FIRST_PAINT_SCRIPT, 'utf8').digest('base64')}'`;
