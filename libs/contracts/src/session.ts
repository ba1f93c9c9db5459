import { z } from 'zod';
import { languageSchema } from './languages';
import { ROLES } from './roles';

/**
 * The sign-in's requests and answers, the session's user and the plain message answer: what the browser
 * checks at the sign-in and in a signed-in screen's first call, without the new-password rules (and their
 * list of 10,000 common passwords) of `auth.ts`, which re-exports all of it (issue 40).
 */

export const loginRequestSchema = z.object({
  username: z.string({ error: 'Username is required' }).trim().min(1, 'Username is required').max(254),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(1024),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** Partner staff sign in with their e-mail or their username. */
export const companyLoginRequestSchema = z
  .object({
    email: z.string().trim().toLowerCase().max(254).optional(),
    username: z.string().trim().max(254).optional(),
    password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(1024),
  })
  .refine((v) => Boolean(v.email || v.username), {
    message: 'Email or username is required',
    path: ['username'],
  });
export type CompanyLoginRequest = z.infer<typeof companyLoginRequestSchema>;

export const roleSchema = z.enum(ROLES);

export const currentUserSchema = z.object({
  id: z.string().uuid(),
  username: z.string(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: roleSchema,
  companyId: z.string().uuid().nullable(),
  companyName: z.string().nullable(),
  /**
   * The user's own language (issue 42): en until they choose es. Identity always sends it; optional in
   * the schema because it was added to deployed subjects (decision 269).
   */
  language: languageSchema.optional(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const authResponseSchema = z.object({
  token: z.string(),
  role: roleSchema,
  user: currentUserSchema,
});
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;
