import { QueryClient } from '@tanstack/react-query';

// Server state is fetched once per visit and refreshed by explicit invalidation (spec section 7:
// the home queries never refetch on focus, never retry and stay fresh forever).
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: Infinity, refetchOnWindowFocus: false, retry: false },
      mutations: { retry: false },
    },
  });
}
