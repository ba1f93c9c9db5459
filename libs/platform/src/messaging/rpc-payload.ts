import type { RpcRequest } from '@avpass/contracts';
import type { z } from 'zod';

/** Validates a request's payload against its contract; a ZodError becomes a 400 with field errors. */
export function parsePayload<S extends z.ZodType>(schema: S, request: RpcRequest<unknown>): z.output<S> {
  return schema.parse(request?.payload);
}
