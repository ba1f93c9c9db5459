import { NotFoundRoute } from '@/app/routes/not-found';

/** Placeholder until the screen is built (issue 3). */
export function BulkRoute() {
  return <NotFoundRoute />;
}
