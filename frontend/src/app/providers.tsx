import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { ToastProvider } from '@/components/toast/toast-provider';
import { createQueryClient } from '@/lib/query-client';
import { subscribeToAuthToken, getAuthToken } from '@/lib/session/auth-storage';
import { theme } from '@/theme';

/** When the session ends, nothing the last user could see stays in the cache for the next one. */
function useForgetDataOnSignOut(queryClient: QueryClient) {
  useEffect(
    () =>
      subscribeToAuthToken(() => {
        // Deferred: the token can be cleared from inside a running query (a 401).
        if (getAuthToken() !== null) return;
        window.setTimeout(() => {
          if (getAuthToken() === null) queryClient.clear();
        }, 0);
      }),
    [queryClient],
  );
}

export function AppProviders({
  children,
  queryClient: given,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  useForgetDataOnSignOut(queryClient);

  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <ToastProvider>{children}</ToastProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
