import { saveBlob } from '@/components/downloads/save-file';
import { apiJson } from '@/lib/api-client';
import { CREDIT_URLS } from '../api/urls';
import { transactionPageSchema } from '../api/paged-list';
import { csvLines, LEDGER_CSV_HEADER, ledgerCsvRow } from './ledger-csv';

/**
 * The ledger as a CSV file for the accountant: walked page by page by cursor (200 rows a call), so no
 * call reads more than a page however long the ledger is.
 */
export async function exportLedgerCsv(search?: string): Promise<number> {
  const parts: string[] = [csvLines([LEDGER_CSV_HEADER])];
  let cursor: string | null | undefined = null;
  let count = 0;
  do {
    const params = new URLSearchParams({ limit: '200' });
    if (cursor) params.set('cursor', cursor);
    if (search?.trim()) params.set('search', search.trim());
    const page = await apiJson(`${CREDIT_URLS.ledger}?${params.toString()}`, transactionPageSchema);
    if (page.items.length) parts.push(csvLines(page.items.map(ledgerCsvRow)));
    count += page.items.length;
    cursor = page.nextCursor;
  } while (cursor);
  const stamp = new Date().toISOString().slice(0, 10);
  saveBlob(new Blob(parts, { type: 'text/csv;charset=utf-8' }), `credit-ledger-${stamp}.csv`);
  return count;
}
