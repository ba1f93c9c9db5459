import { useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { TRAINER_URLS } from './urls';
import { lazySchema } from '@/lib/lazy-schema';

/** Loaded with the call, not with the screen (issue 40). */
const savedTrainerConfigSchema = lazySchema((c) => c.savedTrainerConfigSchema);

/** GET /api/trainer-config: the administrator's saved trainer form settings (null until saved). */
export function useTrainerConfig() {
  return useQuery({
    queryKey: [TRAINER_URLS.config],
    queryFn: ({ signal }) => apiJson(TRAINER_URLS.config, savedTrainerConfigSchema, { signal }),
  });
}
