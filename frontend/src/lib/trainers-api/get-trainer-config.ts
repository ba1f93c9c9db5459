import { savedTrainerConfigSchema } from '@avpass/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { TRAINER_URLS } from './urls';

/** GET /api/trainer-config: the administrator's saved trainer form settings (null until saved). */
export function useTrainerConfig() {
  return useQuery({
    queryKey: [TRAINER_URLS.config],
    queryFn: ({ signal }) => apiJson(TRAINER_URLS.config, savedTrainerConfigSchema, { signal }),
  });
}
