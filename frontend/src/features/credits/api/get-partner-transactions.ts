import { type TransactionListQuery } from '@avpass/contracts';
import { CREDIT_URLS } from './urls';
import { transactionPageSchema, usePagedList } from './paged-list';

/** GET /api/credits/partner-transactions: the partner's own transactions. */
export const usePartnerTransactions = (query: TransactionListQuery) =>
  usePagedList(CREDIT_URLS.partnerTransactions, transactionPageSchema, query);
