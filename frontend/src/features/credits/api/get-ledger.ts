import { type ListQuery } from '@avpass/contracts';
import { CREDIT_URLS } from './urls';
import { transactionPageSchema, usePagedList } from './paged-list';

/** GET /api/credit-transactions (super_admin): the ledger. */
export const useLedger = (query: ListQuery) => usePagedList(CREDIT_URLS.ledger, transactionPageSchema, query);
