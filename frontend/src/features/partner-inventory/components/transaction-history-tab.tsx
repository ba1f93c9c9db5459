import { TransactionsTable } from '@/components/inventory/transactions-table';

/** Transaction History: the company's inventory transactions (the ledger as a partner reads it). */
export function TransactionHistoryTab() {
  return <TransactionsTable role="partner" />;
}
