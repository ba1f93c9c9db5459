export const ROLES = ['super_admin', 'company_admin'] as const;
export type Role = (typeof ROLES)[number];

/** Who is making a request, as the gateway established it from the session. */
export interface Actor {
  userId: string;
  role: Role;
  companyId: string | null;
  /** The session the request came with (its hashed id), so a password change can keep it. */
  sessionId?: string;
}
