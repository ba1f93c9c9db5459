import type { AuditQuery } from '@avpass/contracts';
import { fileNameFrom, saveBlob } from '@/components/downloads/save-file';
import { apiRequest } from '@/lib/api-client';
import { AUDIT_URLS, auditUrl } from './urls';

/**
 * GET /api/audit/export with the screen's filters: the CSV, saved under the server's file name. Its
 * Description column is in `language`, the screen's (as Accept-Language; the gateway speaks English
 * for any other).
 */
export async function downloadAuditCsv(
  filters: Omit<AuditQuery, 'cursor' | 'limit'>,
  language: string,
): Promise<void> {
  const response = await apiRequest(auditUrl(AUDIT_URLS.exportCsv, filters), {
    headers: { Accept: 'text/csv', 'Accept-Language': language },
  });
  saveBlob(await response.blob(), fileNameFrom(response, 'audit.csv'));
}
