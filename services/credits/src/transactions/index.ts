// transactions/: the ledger (record, void, the lists) and the partner screen's figures. Nothing in
// another folder uses it: the handlers and app.module (the composition root) wire it.

export { CreditSummaryService } from './credit-summary.service';
export { TransactionsRepository } from './transactions.repository';
export { TransactionsService } from './transactions.service';
