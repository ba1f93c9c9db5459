import { apiRequest } from '@/lib/api-client';
import { fileNameFrom, saveBlob } from '@/components/downloads/save-file';
import { analyticsQuery, TRAINER_URLS, type AnalyticsFilters } from './urls';

/** GET /api/trainer-analytics/export: the CSV, saved under the server's file name. */
export async function downloadAnalyticsCsv(filters: AnalyticsFilters): Promise<void> {
  const response = await apiRequest(`${TRAINER_URLS.exportCsv}${analyticsQuery(filters)}`);
  saveBlob(await response.blob(), fileNameFrom(response, 'athlete-analytics.csv'));
}
