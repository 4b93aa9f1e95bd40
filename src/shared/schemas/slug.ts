import { z } from 'zod';

/**
 * A URL-safe identifier: lower-case letters, digits and single hyphens, 1 to 80 characters. A module of its own so the
 * ingredient contract can use it without building every cocktail contract when it loads (the batch
 * calculator reads ingredients at start, and building the cocktail contracts there was a long task).
 */
export const slugSchema = z
  .string()
  .min(1)
  .max(80)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lower-case letters, digits and hyphens');
