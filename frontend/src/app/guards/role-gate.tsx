import type { Role } from '@avpass/contracts';
import { Navigate, Outlet } from 'react-router-dom';
import type { RouteAccess } from '@/config/paths';
import { useSession } from '@/lib/session/use-session';
import { NotFoundRoute } from '../routes/not-found';
import { AccessDenied } from './access-denied';

/** Applies a route's role rule (a layout route inside <RequireAuth>, so a user is always present). */
export function RoleGate({ access }: { access: RouteAccess }) {
  const session = useSession();
  if (session.status !== 'signed-in') return null;
  const role: Role = session.user.role;

  switch (access.kind) {
    case 'public':
    case 'signed-in':
      return <Outlet />;
    case 'role':
      return access.roles.includes(role) ? (
        <Outlet />
      ) : (
        <AccessDenied role={role} description={access.denial} />
      );
    case 'role-or-redirect':
      return access.roles.includes(role) ? <Outlet /> : <Navigate to={access.otherwise} replace />;
    case 'role-or-not-found':
      return access.roles.includes(role) ? <Outlet /> : <NotFoundRoute />;
  }
}
