import type { TrainerConfig } from '@avpass/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { TRAINER_URLS } from './urls';
import { lazySchema } from '@/lib/lazy-schema';

/** Loaded with the call, not with the screen (issue 40). */
const savedTrainerConfigSchema = lazySchema((c) => c.savedTrainerConfigSchema);

/** PUT /api/trainer-config: kept on the server for this administrator. */
export function useSaveTrainerConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (config: TrainerConfig) =>
      apiJson(TRAINER_URLS.config, savedTrainerConfigSchema, { method: 'PUT', body: config }),
    onSuccess: (saved) => queryClient.setQueryData([TRAINER_URLS.config], saved),
  });
}
