import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSession } from '@/client/features/auth/api/get-session';
import { apiFetch } from '@/client/lib/api-client';
import { accountKeys, retryUnlessClientError } from './query-keys';

/** A way into the account as `GET /api/me` lists it. createdAt: ISO 8601. */
export interface MeLinkedAccount {
  /** better-auth's account row id (what unlinking takes). */
  id: string;
  /** 'google' | 'facebook' | 'magic-link' (other strings are possible for future providers). */
  providerId: string;
  /** The provider's id for the user (the email for 'magic-link'). */
  accountId: string;
  createdAt: string;
}

/** Plan of the account (spec section 3: derived from the entitlements; 'free' until payments arrive). */
export type AccountPlan = 'free' | 'pro' | 'enterprise';

/** `GET /api/me` answer. Dates are ISO 8601 strings. */
export interface MeResponse {
  user: {
    id: string;
    email: string;
    name: string;
    image: string | null;
    createdAt: string;
    updatedAt: string;
    emailVerified: boolean;
    twoFactorEnabled: boolean;
  };
  plan: AccountPlan;
  entitlements: string[];
  /** Always 'User' (spec section 6: no other role is shown). */
  role: 'User';
  counts: { favorites: number };
  accounts: MeLinkedAccount[];
  /** Which provider sign-ins this server offers. */
  providers: { google: boolean; facebook: boolean };
}

/**
 * Fetches the signed-in user's account summary.
 * @throws ApiError: 401 UNAUTHORIZED when signed out, NETWORK_ERROR offline.
 */
export function getMe(signal?: AbortSignal): Promise<MeResponse> {
  return apiFetch<MeResponse>('/api/me', null, { signal });
}

/** Query of one user's account summary (the key carries `userId`). 4xx answers are not retried. */
export function getMeQueryOptions(userId: string) {
  return queryOptions({
    queryKey: accountKeys.me(userId),
    queryFn: ({ signal }) => getMe(signal),
    retry: retryUnlessClientError,
  });
}

/** The signed-in user's account summary; idle (no request) while signed out or while the session loads. */
export function useMe() {
  const session = useSession();
  const userId = session.status === 'signed-in' ? (session.user?.id ?? null) : null;
  return useQuery({ ...getMeQueryOptions(userId ?? 'anonymous'), enabled: userId !== null });
}
