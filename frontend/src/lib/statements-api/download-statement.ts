import { fileNameFrom, saveBlob } from '@/components/downloads/save-file';
import { apiRequest } from '@/lib/api-client';
import { STATEMENT_URLS, withQuery } from './urls';

/**
 * GET /api/statements/{id}/pdf or /csv, saved under the server's file name (partner and period); the PDF
 * in `language` when given (the reader's, decision 355), else the browser's.
 */
export async function downloadStatement(
  id: string,
  kind: 'pdf' | 'csv',
  language?: 'en' | 'es',
): Promise<void> {
  const url = STATEMENT_URLS.document(id, kind);
  const response = await apiRequest(kind === 'pdf' && language ? withQuery(url, { language }) : url, {
    headers: { Accept: kind === 'pdf' ? 'application/pdf' : 'text/csv' },
  });
  saveBlob(await response.blob(), fileNameFrom(response, `statement.${kind}`));
}

/** GET /api/statements/payouts.csv?period=: the month's payouts, for the bookkeeper. */
export async function downloadPayouts(period: string): Promise<void> {
  const response = await apiRequest(withQuery(STATEMENT_URLS.payouts, { period }), {
    headers: { Accept: 'text/csv' },
  });
  saveBlob(await response.blob(), fileNameFrom(response, `avpass-payouts-${period}.csv`));
}
