import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/client/lib/api-client';
import { accountKeys } from '@/client/lib/query-keys';
import { accountImportResultSchema, type EXPORT_FORMATS } from '@/shared/schemas/export';

/** The download link of the account's export in `format` (the server names the file). */
export function exportHref(format: (typeof EXPORT_FORMATS)[number]): string {
  return `/api/me/export?format=${format}`;
}

/**
 * Restores a Barback export (its .zip, or the JSON inside) into the signed-in account: what the user has is kept, the
 * file's copies of it skipped; every refusal is listed. Afterwards everything cached for the user is read again.
 * @throws ApiError 400 VALIDATION_FAILED (not a Barback export), 413 (over the size limit), NETWORK_ERROR.
 */
export function useRestoreAccount(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) =>
      apiFetch('/api/me/import', accountImportResultSchema, {
        method: 'POST',
        body: file,
        headers: { 'Content-Type': file.type || 'application/octet-stream' },
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: accountKeys.user(userId) }),
  });
}
