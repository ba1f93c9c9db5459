/** The services, by the name that prefixes their subjects (RPC_CONTRACTS in rpc-contracts.ts). */
export const SERVICE_NAMES = [
  'identity',
  'partners',
  'vouchers',
  'credits',
  'inventory',
  'rendering',
] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];
