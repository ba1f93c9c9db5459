import { RouterProvider } from 'react-router-dom';
import { createQueryClient } from '@/lib/query-client';
import { getAuthToken } from '@/lib/session/auth-storage';
import { currentUserQueryOptions } from '@/lib/session/get-current-user';
import { holdBootFigures } from '@/lib/boot-handover';
import { mount } from './mount';
import { AppProviders } from './providers';
import { createAppRouter } from './router';

/**
 * The whole app: every route of the route table behind its guards; `queryClient` is the sign-in entry's
 * (app/login-shell.tsx) when it hands over, with the signed-in user in it.
 */
export function mountApp(queryClient = createQueryClient()): void {
  // The session check starts now, while the router still waits for the first screen's code (issue 28).
  if (getAuthToken() !== null) void queryClient.prefetchQuery(currentUserQueryOptions(true));
  const router = createAppRouter();
  // The figures boot.js drew stay over the app until its cards have theirs (decision 357).
  const root = document.getElementById('root');
  if (root) holdBootFigures(root);
  mount(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}
