import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { SessionProvider } from '@/client/lib/session';

/** A fresh query client that does not retry, so a test sees a failure at once. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/**
 * The providers a client test renders inside, built once here instead of in each test: a fresh non-retrying query
 * client and, unless `session` is false, the session provider. Routers stay with the test (each picks its own URL).
 */
export function TestProviders({
  children,
  client,
  session = true,
}: {
  children: ReactNode;
  client?: QueryClient;
  session?: boolean;
}) {
  // One client for the provider's life: a default made per render would drop the cache on every re-render.
  const [ownClient] = useState(() => client ?? createTestQueryClient());
  return (
    <QueryClientProvider client={client ?? ownClient}>
      {session ? <SessionProvider>{children}</SessionProvider> : children}
    </QueryClientProvider>
  );
}
