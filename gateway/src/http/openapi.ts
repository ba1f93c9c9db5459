import { RPC_CONTRACTS, type RpcSubject } from '@avpass/contracts';
import { applyDecorators } from '@nestjs/common';
import { ApiBody, ApiResponse } from '@nestjs/swagger';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;
const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;

/** Documents a route that is not a service call (uploads, the queue board) from a zod schema. */
export function ApiContract(options: { body?: z.ZodType; response?: z.ZodType; status?: number }) {
  return applyDecorators(
    ...(options.body ? [ApiBody({ schema: toSchema(options.body, 'input') })] : []),
    ...(options.response
      ? [ApiResponse({ status: options.status ?? 200, schema: toSchema(options.response, 'output') })]
      : []),
  );
}

/** The request schema's JSON schema without the fields the gateway fills from the path or a header. */
function bodySchemaOf(subject: RpcSubject, added: readonly string[]): JsonSchema {
  const schema = toSchema(RPC_CONTRACTS[subject].request, 'input');
  const properties = { ...(schema.properties as Record<string, unknown> | undefined) };
  for (const key of added) delete properties[key];
  const required = (schema.required as string[] | undefined)?.filter((key) => !added.includes(key));
  return { ...schema, properties, ...(required ? { required } : {}) };
}

export interface ApiRpcOptions {
  /** The route has a JSON body: documented as the request schema minus `added`. */
  body?: boolean;
  /** Request fields the gateway fills (path ids, headers, the page's origin), not part of the body. */
  added?: readonly string[];
  /** The success status (default 200). */
  status?: number;
  /** The answer is a file (the route sends it itself): no JSON response schema. */
  file?: boolean;
}

/**
 * Documents a route that forwards to `subject`, from the subject's request and response schemas in
 * RPC_CONTRACTS: the same schemas the service validates with and the caller is typed by.
 */
export function ApiRpc(subject: RpcSubject, options: ApiRpcOptions = {}) {
  const contract = RPC_CONTRACTS[subject];
  return applyDecorators(
    ...(options.body ? [ApiBody({ schema: bodySchemaOf(subject, options.added ?? []) })] : []),
    ...(options.file
      ? []
      : [ApiResponse({ status: options.status ?? 200, schema: toSchema(contract.response, 'output') })]),
  );
}
