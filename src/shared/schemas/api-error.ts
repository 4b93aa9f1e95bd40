import { z } from 'zod';

import { API_ERROR_CODES } from './api-error-codes';

export {
  API_ERROR_CODES,
  CLIENT_ERROR_CODES,
  isApiErrorCode,
  type ApiErrorCode,
  type ClientErrorCode,
} from './api-error-codes';

/** The API's error body. */
export const apiErrorBodySchema = z.object({
  error: z.object({ code: z.enum(API_ERROR_CODES), message: z.string() }),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;
