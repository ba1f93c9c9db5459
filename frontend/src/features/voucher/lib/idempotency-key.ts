/** The redeem key is one of the platform's idempotency keys (see @/lib/idempotency). */
export { newIdempotencyKey } from '@/lib/idempotency';
