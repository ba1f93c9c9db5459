import { z } from 'zod';
import { optionalEmail, optionalText } from './common';
import { newPasswordSchema, PASSWORD_MIN_LENGTH } from './password-policy';

export * from './session';

/**
 * An account whose sign-ins are being slowed down for everyone without its trusted device: its failed
 * attempts from untrusted sources passed the account-wide budget (GET /api/admin/sign-in-attacks).
 */
export const signInAttackSchema = z.object({
  userId: z.string().uuid(),
  username: z.string(),
  /** Failed attempts counted in this episode (none an hour apart). */
  failedAttempts: z.number().int(),
  since: z.string(),
  lastFailure: z.string(),
});
export type SignInAttack = z.infer<typeof signInAttackSchema>;

export const updateProfileRequestSchema = z.object({
  username: z
    .string({ error: 'Username is required' })
    .trim()
    .min(1, 'Username is required')
    .max(64, 'Username must be at most 64 characters'),
  email: optionalEmail('Valid email required'),
  firstName: optionalText(100),
  lastName: optionalText(100),
});
export type UpdateProfileRequest = z.input<typeof updateProfileRequestSchema>;

export const changePasswordRequestSchema = z.object({
  currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required'),
  newPassword: newPasswordSchema(
    'New password must be at least 6 characters',
    'New password must be at most 1024 characters',
  ),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** The Security tab's form: the request plus a confirmation that must match. */
export const changePasswordFormSchema = changePasswordRequestSchema
  .extend({
    confirmPassword: z
      .string({ error: 'Password confirmation is required' })
      .min(PASSWORD_MIN_LENGTH, 'Password confirmation is required'),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;
