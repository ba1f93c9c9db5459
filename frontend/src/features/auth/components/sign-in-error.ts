import { ApiError } from '@/lib/api-client';

/** Spec section 8: the server's message, else 'Invalid username or password.'; outages get their own words. */
export function signInErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.serverMessage) return error.serverMessage;
    if (error.status >= 500) return 'Sign-in is unavailable right now. Please try again in a moment.';
    return 'Invalid username or password.';
  }
  if (error instanceof TypeError) return 'Could not reach AV Pass. Check your connection and try again.';
  return 'Invalid username or password.';
}
