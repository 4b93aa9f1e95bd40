import { apiFetch } from '@/client/lib/api-client';
import { purchaseSyncResponseSchema, type PurchaseSyncResponse } from '@/shared/schemas/payments';

/**
 * Asks the server to reconcile the signed-in user's purchases with the store (`POST /api/me/purchases/sync`): what Restore
 * calls once the wrapper reported RESTORE_COMPLETED. The answer is the server's view; the client never decides access.
 * @throws ApiError: 401 UNAUTHORIZED signed out, 429 RATE_LIMITED, 502 STORE_UNAVAILABLE (nothing changed),
 *   NETWORK_ERROR offline, BAD_RESPONSE for an answer of another shape.
 */
export function syncPurchases(): Promise<PurchaseSyncResponse> {
  return apiFetch('/api/me/purchases/sync', purchaseSyncResponseSchema, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: '{}',
  });
}
