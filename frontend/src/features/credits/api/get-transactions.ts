import { type TransactionListQuery } from '@avpass/contracts';
import type { CreditsRole } from '../components/credit-roles';
import { CREDIT_URLS } from './urls';
import { transactionPageSchema, usePagedList } from './paged-list';

/**
 * A role's credit transactions: GET /api/credit-transactions (super_admin, the ledger) or
 * GET /api/credits/partner-transactions (the partner's own).
 */
export const useCreditTransactions = (role: CreditsRole, query: TransactionListQuery) =>
  usePagedList(
    role === 'admin' ? CREDIT_URLS.ledger : CREDIT_URLS.partnerTransactions,
    transactionPageSchema,
    query,
  );
