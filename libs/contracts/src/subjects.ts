import { RPC_CONTRACTS, type RpcContracts, type RpcSubject } from './rpc-contracts';
import { SERVICE_NAMES, type ServiceName } from './services';

export { SERVICES, SERVICE_NAMES, type ServiceDefinition, type ServiceName } from './services';

/** The service a subject belongs to: its first segment (`credits.transactions.record.v1` → credits). */
type ServiceOf<S extends string> = S extends `${infer Service}.${string}` ? Service : never;

/**
 * `RPC.<service>.<name>` → subject, derived from RPC_CONTRACTS (each entry's `contract(name, …)`):
 * `RPC.credits.record` is `'credits.transactions.record.v1'`. Callers name subjects through it.
 */
export type RpcNames = {
  readonly [Service in ServiceName]: {
    readonly [S in RpcSubject as ServiceOf<S> extends Service ? RpcContracts[S]['name'] : never]: S;
  };
};

/** Builds the RPC map; a subject of an unknown service or a name used twice in a service throws. */
export function rpcNamesOf(
  contracts: Record<string, { readonly name: string }>,
  services: readonly string[],
): Record<string, Record<string, string>> {
  const names: Record<string, Record<string, string>> = Object.fromEntries(
    services.map((service) => [service, {}]),
  );
  for (const [subject, { name }] of Object.entries(contracts)) {
    const service = subject.split('.')[0] ?? '';
    const group = names[service];
    if (!group) throw new Error(`${subject}: no service "${service}" in SERVICES (services.ts)`);
    if (group[name]) throw new Error(`${subject}: RPC.${service}.${name} already names ${group[name]}`);
    group[name] = subject;
  }
  return names;
}

/** Friendly names for the subjects of RPC_CONTRACTS (each points into it). */
export const RPC = rpcNamesOf(RPC_CONTRACTS, SERVICE_NAMES) as RpcNames;
