import type { GenerateTrainerQrRequest } from '@avpass/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { TRAINER_URLS } from './urls';
import { lazySchema } from '@/lib/lazy-schema';

/** Loaded with the call, not with the screen (issue 40). */
const generateTrainerQrResponseSchema = lazySchema((c) => c.generateTrainerQrResponseSchema);

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
