import {
  findUnsafeText,
  firstErrorMessage,
  RPC_CONTRACTS,
  toFieldErrors,
  type RpcMeta,
  type RpcRequest,
  type RpcRequestPayload,
  type RpcResponse,
  type RpcSubject,
  UNSAFE_TEXT_MESSAGE,
} from '@avpass/contracts';
import { MessagePattern } from '@nestjs/microservices';
import { DomainError } from './domain-error';

/** A handler's signature for a subject: the validated payload and the caller's meta; its answer. */
export type RpcHandlerFn<S extends RpcSubject> = (
  payload: RpcRequestPayload<S>,
  meta: RpcMeta,
) => RpcResponse<S> | Promise<RpcResponse<S>>;

/** Where each handler decorated with @RpcHandler was registered (for the map-coverage test). */
export const RPC_HANDLER_SUBJECTS = new Set<RpcSubject>();

/**
 * The service side of a contract: `@RpcHandler(RPC.vouchers.redeem)` registers the method for its
 * subject and validates the request against the subject's schema in RPC_CONTRACTS before the method
 * runs. The method receives `(payload, meta)`, typed by the map; an invalid payload is refused with
 * VALIDATION_FAILED and its field errors (the gateway's 400 `{message, errors}`), without running it.
 */
export function RpcHandler<S extends RpcSubject>(subject: S) {
  return <F extends RpcHandlerFn<S>>(
    target: object,
    key: string | symbol,
    descriptor: TypedPropertyDescriptor<F>,
  ): void => {
    const handle = descriptor.value!;
    const schema = RPC_CONTRACTS[subject].request;
    // Nest calls a method without parameter decorators with the raw message (data, context).
    const adapter = function (this: unknown, request: RpcRequest<unknown>) {
      // Every text field of every request, whatever its schema says (libs/contracts/src/text.ts).
      const unsafe = findUnsafeText(request?.payload);
      if (unsafe) throw DomainError.validation(UNSAFE_TEXT_MESSAGE, { [unsafe]: [UNSAFE_TEXT_MESSAGE] });
      const parsed = schema.safeParse(request?.payload);
      if (!parsed.success) {
        throw DomainError.validation(firstErrorMessage(parsed.error), toFieldErrors(parsed.error));
      }
      return handle.call(this, parsed.data as RpcRequestPayload<S>, request.meta);
    };
    Object.defineProperty(adapter, 'name', { value: handle.name });
    descriptor.value = adapter as unknown as F;
    RPC_HANDLER_SUBJECTS.add(subject);
    MessagePattern(subject)(target, key, descriptor);
  };
}
