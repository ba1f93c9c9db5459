import type * as Contracts from '@avpass/contracts';
import type { AnswerSchema } from './api-client';

let contracts: Promise<typeof Contracts> | null = null;

/**
 * A contract schema loaded with the first call that needs it, not with the screen (issue 40: no runtime
 * schema library in a first load). `apiJson` starts the load before its request, so the two travel
 * together; the contracts (with zod) are one chunk, fetched once. A failed load is tried again next call.
 */
export function lazySchema<T>(
  pick: (contracts: typeof Contracts) => AnswerSchema<T>,
): () => Promise<AnswerSchema<T>> {
  let schema: Promise<AnswerSchema<T>> | null = null;
  return () =>
    (schema ??= (contracts ??= import('@avpass/contracts')).then(pick).catch((error: unknown) => {
      contracts = null;
      schema = null;
      throw error;
    }));
}
