import type { AuditQuery } from '@avpass/contracts';
import { fileNameFrom, saveBlob } from '@/components/downloads/save-file';
import { apiRequest } from '@/lib/api-client';
import { AUDIT_URLS, auditUrl } from './urls';

/** GET /api/audit/export with the screen's filters: the CSV, saved under the server's file name. */
export async function downloadAuditCsv(filters: Omit<AuditQuery, 'cursor' | 'limit'>): Promise<void> {
  const response = await apiRequest(auditUrl(AUDIT_URLS.exportCsv, filters), {
    headers: { Accept: 'text/csv' },
  });
  saveBlob(await response.blob(), fileNameFrom(response, 'audit.csv'));
}
