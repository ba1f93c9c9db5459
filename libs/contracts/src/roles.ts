import { z } from 'zod';

export const ROLES = ['super_admin', 'company_admin'] as const;
export type Role = (typeof ROLES)[number];

/** Who is making a request, as the gateway established it from the session. */
export const actorSchema = z.object({
  userId: z.string(),
  role: z.enum(ROLES),
  companyId: z.string().nullable(),
  /** The session the request came with (its hashed id), so a password change can keep it. */
  sessionId: z.string().optional(),
  /** The user's name as staff see it (first and last name, else the username): what a till redemption or an undo records (issue 25). */
  name: z.string().optional(),
});
export type Actor = z.infer<typeof actorSchema>;
