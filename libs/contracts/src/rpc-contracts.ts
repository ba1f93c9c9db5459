import { z } from 'zod';
import { identityContracts } from './rpc-contracts/identity';
import { partnersContracts } from './rpc-contracts/partners';
import { vouchersContracts } from './rpc-contracts/vouchers';
import { auditContracts } from './rpc-contracts/audit';
import { creditsInventoryContracts } from './rpc-contracts/credits-inventory';
import { renderingContracts } from './rpc-contracts/rendering';
import { walletContracts } from './rpc-contracts/wallet';
import { statementsContracts } from './rpc-contracts/statements';
import { membersContracts } from './rpc-contracts/members';
import { memberAuthContracts } from './rpc-contracts/member-auth';
import { memberPassContracts } from './rpc-contracts/member-pass';
import { memberPassWalletContracts } from './rpc-contracts/member-pass-wallet';
import { memberPhotoContracts } from './rpc-contracts/member-photos';

/**
 * Every NATS request subject, tied to the zod schemas of its request and its answer. The request
 * schema is what the service receives, including what the gateway adds (the path's id, a header, the
 * page's origin): the service's `@RpcHandler(subject)` validates it once, at the service's boundary,
 * and its field errors are the 400 body the client reads. The gateway forwards bodies unparsed
 * (docs/decisions/0029-a-request-is-validated-once-by-the-service-that-owns-its.md); `rpc.call(subject, …)`
 * is typed by this map, and the OpenAPI document is derived from it.
 *
 * Frozen once deployed: a changed request or answer gets a new subject with the next version suffix.
 * The transport prefixes each subject with NATS_NAMESPACE. Each service's subjects are in their own file
 * under rpc-contracts/, joined here in the order they always had.
 */
export const RPC_CONTRACTS = {
  ...identityContracts,
  ...partnersContracts,
  ...vouchersContracts,
  ...auditContracts,
  ...creditsInventoryContracts,
  ...renderingContracts,
  ...walletContracts,
  ...statementsContracts,
  ...membersContracts,
  ...memberAuthContracts,
  ...memberPassContracts,
  ...memberPassWalletContracts,
  ...memberPhotoContracts,
} as const;

export type RpcContracts = typeof RPC_CONTRACTS;
export type RpcSubject = keyof RpcContracts;
/** What a caller sends (before parsing: 'unlimited', '5', an id object…). */
export type RpcRequestInput<S extends RpcSubject> = z.input<RpcContracts[S]['request']>;
/** What the handler receives, parsed and validated by its contract. */
export type RpcRequestPayload<S extends RpcSubject> = z.output<RpcContracts[S]['request']>;
/** What the handler answers and the caller receives. */
export type RpcResponse<S extends RpcSubject> = z.infer<RpcContracts[S]['response']>;

export const RPC_SUBJECTS = Object.keys(RPC_CONTRACTS) as RpcSubject[];

export function isRpcSubject(value: string): value is RpcSubject {
  return Object.prototype.hasOwnProperty.call(RPC_CONTRACTS, value);
}
