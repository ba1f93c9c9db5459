import type { Role } from '@avpass/contracts';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import type { RouteAccess } from '@/config/paths';
import { useSession } from '@/lib/session/use-session';
import { AccessDenied } from './access-denied';

interface RoleGateProps {
  access: RouteAccess;
  children: ReactNode;
}

/** Applies a route's role rule; sits inside <RequireAuth>, so a user is always present. */
export function RoleGate({ access, children }: RoleGateProps) {
  const session = useSession();
  if (session.status !== 'signed-in') return null;
  const role: Role = session.user.role;

  switch (access.kind) {
    case 'public':
    case 'signed-in':
      return children;
    case 'role':
      return access.roles.includes(role) ? children : <AccessDenied role={role} description={access.denial} />;
    case 'role-or-redirect':
      return access.roles.includes(role) ? children : <Navigate to={access.otherwise} replace />;
  }
}
