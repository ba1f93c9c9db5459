import { type TransactionListQuery } from '@avpass/contracts';
import { CREDIT_URLS } from './urls';
import { transactionPageSchema, usePagedList } from './paged-list';

/** GET /api/credit-transactions (super_admin): the ledger. */
export const useLedger = (query: TransactionListQuery) =>
  usePagedList(CREDIT_URLS.ledger, transactionPageSchema, query);
