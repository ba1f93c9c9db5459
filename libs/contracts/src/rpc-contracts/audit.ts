import { auditPageSchema, auditQuerySchema } from '../audit';
import { contract, health } from './contract';

/** The audit subjects of RPC_CONTRACTS (rpc-contracts.ts). */
export const auditContracts = {
  'audit.health.v1': health,
  /** GET /api/audit: newest first, keyset-paged; super_admin all, company_admin its company's entries. */
  'audit.entries.list.v1': contract('list', auditQuerySchema, auditPageSchema),
  /** GET /api/audit/export: one page of the CSV (same query and visibility), walked by cursor. */
  'audit.entries.export-page.v1': contract('exportPage', auditQuerySchema, auditPageSchema),
} as const;
