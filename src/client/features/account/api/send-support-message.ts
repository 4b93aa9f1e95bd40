import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiFetch } from '@/client/lib/api-client';
import { supportReceiptSchema, type SupportReceipt, type supportMessageSchema } from '@/shared/schemas/support';

/** Body of `POST /api/support` (the shared contract: email, message of 1–5000 characters, page it was sent from). */
export type SupportMessageInput = z.input<typeof supportMessageSchema>;
export type { SupportReceipt };

/**
 * Sends a Contact Support message (stored and mailed to support by the server). The receipt says whether it was mailed
 * and its priority ('priority' for an Enterprise customer).
 * @throws ApiError: 400 VALIDATION_FAILED naming a bad field, 429 RATE_LIMITED (5 an hour per address), 403 cross-site,
 *   NETWORK_ERROR offline.
 */
export function sendSupportMessage(input: SupportMessageInput): Promise<SupportReceipt> {
  return apiFetch('/api/support', supportReceiptSchema, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(input),
  });
}

/** Mutation sending a support message (never retried: a second try could send it twice). */
export function useSendSupportMessage() {
  return useMutation({ mutationFn: sendSupportMessage });
}
