import { apiFetch } from '@/client/lib/api-client';
import type { RecoveryEmailResponse } from '@/shared/schemas/session';

/**
 * Asks for an account-recovery link (`POST /api/session/recovery`, the sign-in dialog's 'Trouble signing in?'). The answer
 * is the same whether or not an account uses the address (only a real account gets mail), after the same time (~1.2 s).
 * The link lands in recovery mode and leads to 'Secure your account'.
 * @param email the address, trimmed by the server
 * @throws ApiError: 400 VALIDATION_FAILED for an empty or invalid address, 429 RATE_LIMITED (5 per 10 minutes per address
 *   and per email), 502 MAIL_FAILED when the mail server refused, NETWORK_ERROR offline.
 */
export function sendRecoveryEmail(email: string): Promise<RecoveryEmailResponse> {
  return apiFetch<RecoveryEmailResponse>('/api/session/recovery', null, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email }),
  });
}
