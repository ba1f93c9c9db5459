import type { TransactionListQuery } from '@avpass/contracts';
import { saveBlob } from '@/components/downloads/save-file';
import { apiJson } from '@/lib/api-client';
import { CREDIT_URLS } from '../api/urls';
import { transactionPageSchema } from '../api/paged-list';
import { csvLines, LEDGER_CSV_HEADER, ledgerCsvRow } from './ledger-csv';

/**
 * The ledger as a CSV file for the accountant: the view the table shows (its search, order, status and
 * partner), walked page by page by cursor (200 rows a call), so no call reads more than a page however
 * long the ledger is.
 */
export async function exportLedgerCsv(
  view: Pick<TransactionListQuery, 'search' | 'sort' | 'order' | 'status' | 'partnerId'> = {},
): Promise<number> {
  const parts: string[] = [csvLines([LEDGER_CSV_HEADER])];
  let cursor: string | null | undefined = null;
  let count = 0;
  do {
    const params = new URLSearchParams({ limit: '200' });
    if (cursor) params.set('cursor', cursor);
    if (view.search?.trim()) params.set('search', view.search.trim());
    for (const name of ['sort', 'order', 'status', 'partnerId'] as const) {
      const value = view[name];
      if (value) params.set(name, value);
    }
    const page = await apiJson(`${CREDIT_URLS.ledger}?${params.toString()}`, () => transactionPageSchema);
    if (page.items.length) parts.push(csvLines(page.items.map(ledgerCsvRow)));
    count += page.items.length;
    cursor = page.nextCursor;
  } while (cursor);
  const stamp = new Date().toISOString().slice(0, 10);
  saveBlob(new Blob(parts, { type: 'text/csv;charset=utf-8' }), `credit-ledger-${stamp}.csv`);
  return count;
}
