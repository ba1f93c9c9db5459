import { applyDecorators } from '@nestjs/common';
import { ApiBody, ApiResponse } from '@nestjs/swagger';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;
const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;

/** Documents a route's body and answer from the same zod contracts that validate them. */
export function ApiContract(options: { body?: z.ZodType; response?: z.ZodType; status?: number }) {
  return applyDecorators(
    ...(options.body ? [ApiBody({ schema: toSchema(options.body, 'input') })] : []),
    ...(options.response
      ? [ApiResponse({ status: options.status ?? 200, schema: toSchema(options.response, 'output') })]
      : []),
  );
}
