import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api";
import { onUserChange } from "./user-change";

/** A 4xx will not change on retry; a network or server error gets two more tries. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

// Loaded with the first page that reads server data (not with the public site).
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

// Cached data belongs to one user: it goes when they sign out or someone else signs in.
onUserChange((previous) => {
  if (previous !== null) queryClient.clear();
});
