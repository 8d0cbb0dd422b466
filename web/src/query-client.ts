import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api/client';

/**
 * One QueryClient for the app. Client errors (4xx) are not retried (asking again gives the same answer);
 * a 503 or a network failure is retried twice before the error state shows.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
    },
  },
});
