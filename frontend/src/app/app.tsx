import { RouterProvider } from 'react-router-dom';
import { mount } from './mount';
import { AppProviders } from './providers';
import { createAppRouter } from './router';

/** The whole app: every route of the route table behind its guards. */
export function mountApp(): void {
  const router = createAppRouter();
  mount(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}
