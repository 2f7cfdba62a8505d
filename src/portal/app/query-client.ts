import { QueryCache, QueryClient } from '@tanstack/react-query';
import { notifyError } from '../ui/toast/toast';

/**
 * Server state is fetched once per visit and refreshed by explicit invalidation (docs/behaviour.md#calls:
 * the home queries never refetch on focus, never retry and stay fresh forever). These defaults are
 * set here only: endpoint files state their key and fetcher, and options that differ from these.
 * A failed query shows the generic error toast once; a query that handles its own failure sets
 * `meta: { silentError: true }`. Mutations toast in the feature that runs them.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.silentError) notifyError(error);
      },
    }),
    defaultOptions: {
      queries: { staleTime: Infinity, refetchOnWindowFocus: false, retry: false },
      mutations: { retry: false },
    },
  });
}
