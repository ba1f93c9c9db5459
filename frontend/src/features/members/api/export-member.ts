import { saveBlob } from '@/components/downloads/save-file';
import { apiRequest } from '@/lib/api-client';
import { MEMBER_URLS } from '@/lib/members-api';

/** GET /api/members/{id}/export: everything held about the member, saved as a JSON file. */
export async function downloadMemberExport(id: string): Promise<void> {
  const response = await apiRequest(MEMBER_URLS.exportData(id));
  const text = await response.text();
  saveBlob(new Blob([text], { type: 'application/json' }), `member-${id}.json`);
}
