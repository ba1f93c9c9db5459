import { statementPreviewQuerySchema, statementPreviewSchema } from '../statements';
import { contract, health } from './contract';

/** The statements subjects of RPC_CONTRACTS (rpc-contracts.ts): partner statements (issue 39). */
export const statementsContracts = {
  'statements.health.v1': health,
  /** GET /api/statements/preview: the live figures of any range; a company its own partner's only. */
  'statements.preview.v1': contract('preview', statementPreviewQuerySchema, statementPreviewSchema),
} as const;
