import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/client/lib/api-client';

/** Body of `POST /api/support`. email: a valid address; message: 1–5000 characters; page: the path it was sent from. */
export interface SupportMessageInput {
  email: string;
  message: string;
  page?: string;
}

/** `POST /api/support` answer (201). mailed: false when the message was stored but the mail could not be sent. */
export interface SupportReceipt {
  id: number;
  status: 'received';
  mailed: boolean;
}

/**
 * Sends a Contact Support message (stored and mailed to support by the server).
 * @throws ApiError: 400 VALIDATION_FAILED naming a bad field, 429 RATE_LIMITED (5 an hour per address), 403 cross-site,
 *   NETWORK_ERROR offline.
 */
export function sendSupportMessage(input: SupportMessageInput): Promise<SupportReceipt> {
  return apiFetch<SupportReceipt>('/api/support', null, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(input),
  });
}

/** Mutation sending a support message (never retried: a second try could send it twice). */
export function useSendSupportMessage() {
  return useMutation({ mutationFn: sendSupportMessage });
}
