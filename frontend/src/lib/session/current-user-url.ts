/**
 * The current user's endpoint (spec section 7), alone: the sign-in page primes its query without loading
 * the call's code (issue 40).
 */
export const CURRENT_USER_URL = '/api/auth/user';
