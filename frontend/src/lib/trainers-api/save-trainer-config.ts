import { savedTrainerConfigSchema, type TrainerConfig } from '@avpass/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { TRAINER_URLS } from './urls';

/** PUT /api/trainer-config: kept on the server for this administrator. */
export function useSaveTrainerConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (config: TrainerConfig) =>
      apiJson(TRAINER_URLS.config, savedTrainerConfigSchema, { method: 'PUT', body: config }),
    onSuccess: (saved) => queryClient.setQueryData([TRAINER_URLS.config], saved),
  });
}
