import {
  generateTrainerQrResponseSchema,
  savedTrainerConfigSchema,
  type GenerateTrainerQrRequest,
  type TrainerConfig,
} from '@avpass/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiJson, apiRequest, apiUpload } from '@/lib/api-client';
import { fileNameFrom, saveBlob } from '@/components/downloads/save-file';
import { analyticsQuery, TRAINER_URLS, type AnalyticsFilters } from './urls';

const invalidatesTrainers = (key: unknown) =>
  typeof key === 'string' &&
  (key === TRAINER_URLS.adminList ||
    key === TRAINER_URLS.companyList ||
    key === TRAINER_URLS.analytics ||
    key.startsWith('/api/admin/') ||
    key === '/api/qr-codes');

/** POST /api/generate-trainer-qr: one code, or one per name in batch mode. */
export function useGenerateTrainerQr() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GenerateTrainerQrRequest) =>
      apiJson(TRAINER_URLS.generate, generateTrainerQrResponseSchema, {
        method: 'POST',
        body: { ...body, deploymentUrl: window.location.origin },
      }),
    onSuccess: () =>
      setTimeout(
        () => void queryClient.invalidateQueries({ predicate: (q) => invalidatesTrainers(q.queryKey[0]) }),
        100,
      ),
  });
}

/** PUT /api/trainer-config: kept on the server for this administrator. */
export function useSaveTrainerConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (config: TrainerConfig) =>
      apiJson(TRAINER_URLS.config, savedTrainerConfigSchema, { method: 'PUT', body: config }),
    onSuccess: (saved) => queryClient.setQueryData([TRAINER_URLS.config], saved),
  });
}

export const TRAINER_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
const uploadResponse = z.object({ url: z.string() });

/** POST /api/upload-trainer-image (multipart field `image`), answering the stored image's URL. */
export async function uploadTrainerImage(file: File): Promise<string> {
  const { url } = await apiUpload(TRAINER_URLS.uploadImage, { image: file }, uploadResponse, {
    invalidMessage: 'Failed to upload image',
  });
  return url;
}

export function useUploadTrainerImage() {
  return useMutation({ mutationFn: uploadTrainerImage });
}

/** GET /api/trainer-analytics/export: the CSV, saved under the server's file name. */
export async function downloadAnalyticsCsv(filters: AnalyticsFilters): Promise<void> {
  const response = await apiRequest(`${TRAINER_URLS.exportCsv}${analyticsQuery(filters)}`);
  saveBlob(await response.blob(), fileNameFrom(response, 'athlete-analytics.csv'));
}
