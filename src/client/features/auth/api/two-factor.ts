import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAuth } from '@/client/lib/auth-client';
import { accountKeys } from '@/client/lib/query-keys';
import { getSessionQueryOptions } from '@/client/lib/session';

/**
 * better-auth's two-factor endpoints (TOTP with backup codes), through its client (loaded on first use). Enabling works
 * without a password (the server allows passwordless enrolment: magic-link and provider accounts have none).
 */

/** What turning two-factor on returns: the otpauth:// URI for the QR code and the one-time backup codes. */
export interface TwoFactorEnrolment {
  totpURI: string;
  backupCodes: string[];
}

/**
 * Starts enrolment (`POST /api/auth/two-factor/enable`): creates a new secret, not yet active until a code from it is
 * verified with {@link verifyTotp}.
 * @throws ApiError: 400 TOTP_ALREADY_ENABLED, 401 signed out, NETWORK_ERROR.
 */
export async function enableTwoFactor(): Promise<TwoFactorEnrolment> {
  const data = await callAuth((client) => client.twoFactor.enable({}));
  const { totpURI, backupCodes } = data as { totpURI?: string; backupCodes?: string[] };
  if (!totpURI) throw new Error('The server did not return an authenticator setup code.');
  return { totpURI, backupCodes: backupCodes ?? [] };
}

/**
 * Verifies a 6-digit TOTP code (`POST /api/auth/two-factor/verify-totp`). Signed in: confirms enrolment (two-factor is on
 * from then) or proves the code before turning it off. During a sign-in that waits for its second factor: completes the
 * sign-in (a session cookie is set).
 * @throws ApiError: 401 INVALID_CODE / INVALID_TWO_FACTOR_COOKIE (the 10-minute challenge expired), 429 too many tries.
 */
export async function verifyTotp(code: string): Promise<void> {
  await callAuth((client) => client.twoFactor.verifyTotp({ code: code.trim() }));
}

/**
 * Completes a waiting sign-in with one of the backup codes (`POST /api/auth/two-factor/verify-backup-code`); each code
 * works once.
 * @throws ApiError: 401 INVALID_BACKUP_CODE, INVALID_TWO_FACTOR_COOKIE.
 */
export async function verifyBackupCode(code: string): Promise<void> {
  await callAuth((client) => client.twoFactor.verifyBackupCode({ code: code.trim() }));
}

/**
 * Turns two-factor off (`POST /api/auth/two-factor/disable` with `code`): the server checks the code (a current TOTP code
 * or a backup code) in the same request, so a session alone cannot turn it off.
 * @throws ApiError: 401 INVALID_CODE for a wrong code (nothing changes), 400 TWO_FACTOR_CODE_REQUIRED, 401 signed out.
 */
export async function disableTwoFactor(code: string): Promise<void> {
  // better-auth's typed body has no `code`; Barback's server plugin reads it (auth/sign-in-plugin.ts).
  await callAuth((client) =>
    client.twoFactor.disable({ code: code.trim() } as Parameters<typeof client.twoFactor.disable>[0]),
  );
}

/**
 * Replaces the backup codes by a fresh set (`POST /api/auth/two-factor/generate-backup-codes` with `code`, checked like
 * {@link disableTwoFactor}); the old ones stop working.
 * @throws ApiError: 401 INVALID_CODE for a wrong code, 400 when two-factor is off, 401 signed out.
 */
export async function regenerateBackupCodes(code: string): Promise<string[]> {
  const data = await callAuth((client) =>
    client.twoFactor.generateBackupCodes({ code: code.trim() } as Parameters<
      typeof client.twoFactor.generateBackupCodes
    >[0]),
  );
  return (data as { backupCodes?: string[] }).backupCodes ?? [];
}

/** The secret of an otpauth:// URI (base32, shown for manual entry), or '' when absent. */
export function totpSecretFromUri(totpURI: string): string {
  try {
    return new URL(totpURI).searchParams.get('secret') ?? '';
  } catch {
    return '';
  }
}

/** A base32 secret in groups of four for reading aloud or typing: 'JBSW Y3DP EHPK 3PXP'. */
export function formatSecret(secret: string): string {
  return secret.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * After a two-factor change the server issues a new session cookie: the session and the account summary are read again.
 */
function useRefreshAfterChange() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: getSessionQueryOptions().queryKey }),
      queryClient.invalidateQueries({ queryKey: accountKeys.all }),
    ]);
}

/** Mutation: start enrolment. */
export function useEnableTwoFactor() {
  return useMutation({ mutationFn: enableTwoFactor });
}

/** Mutation: confirm enrolment with a code; refreshes the session (two-factor is on). */
export function useConfirmTwoFactor() {
  const refresh = useRefreshAfterChange();
  return useMutation({ mutationFn: verifyTotp, onSuccess: refresh });
}

/** Mutation: turn two-factor off with a code; refreshes the session. */
export function useDisableTwoFactor() {
  const refresh = useRefreshAfterChange();
  return useMutation({ mutationFn: disableTwoFactor, onSuccess: refresh });
}

/** Mutation: new backup codes. */
export function useRegenerateBackupCodes() {
  return useMutation({ mutationFn: regenerateBackupCodes });
}
