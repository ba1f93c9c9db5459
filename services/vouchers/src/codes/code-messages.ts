import { DomainError } from '@avpass/platform';

// What every folder says about codes the same way (the generate, list, till and redeem answers).

/** A company asked the codes table for another partner's codes. */
export const OWN_COMPANY_ONLY_LIST_MESSAGE = 'You can only list your own company’s codes';

/** Used for the QR link only when neither PUBLIC_URL nor the page's origin is known. */
export const FALLBACK_ORIGIN = 'http://localhost:3000';

/**
 * Not part of an Idempotency-Key's request: the origin printed into the QR links says where the
 * request came from (the gateway adds the page's or its own host), not what it asks for.
 */
export const ORIGIN_FIELDS = ['deploymentUrl'] as const;

export function voucherNotFound(): DomainError {
  return new DomainError('NOT_FOUND', 'Voucher not found. This discount voucher is invalid or has expired.');
}

/** A company_admin asked for codes of another partner (issue 24: its codes are its own company's). */
export const OWN_COMPANY_ONLY_MESSAGE = 'You can only create codes for your own company';
export const NO_COMPANY_MESSAGE = 'Your account is not linked to a company';
