import { messageResponseSchema } from '../auth';
import { uuidParam } from '../common';
import {
  athleteCreditSchema,
  createCreditRequestSchema,
  creditListQuerySchema,
  creditSummarySchema,
  creditTransactionSchema,
  deleteCreditResponseSchema,
  memberCreditsRequestSchema,
  memberCreditsSchema,
  recordCreditTransactionRequestSchema,
  recordLedgerTransactionRequestSchema,
  recordTransactionResponseSchema,
  spendableAthletesPageSchema,
  spendableAthletesQuerySchema,
  transactionListQuerySchema,
  voidTransactionRequestSchema,
  voidTransactionResponseSchema,
} from '../credits';
import {
  allocationListQuerySchema,
  allocationPageSchema,
  allocationSchema,
  bulkInventoryRequestSchema,
  bulkInventoryResponseSchema,
  createAllocationRequestSchema,
  createInventoryRequestSchema,
  inventoryLineSchema,
  inventorySummarySchema,
  inventoryTransactionListQuerySchema,
  inventoryTransactionSchema,
  itemLinesQuerySchema,
  merchItemFieldsSchema,
  merchItemListQuerySchema,
  merchItemSchema,
  restockRequestSchema,
  updateUsageRequestSchema,
} from '../inventory';
import { pageSchema } from '../vouchers';
import { contract, empty, byId, byIdOnce, health } from './contract';

/** The credits and inventory subjects of RPC_CONTRACTS (rpc-contracts.ts). */
export const creditsInventoryContracts = {
  'credits.health.v1': health,
  /** GET /api/athlete-credits (super_admin): every active allocation, paged, searchable. */
  'credits.credits.list.v1': contract('list', creditListQuerySchema, pageSchema(athleteCreditSchema)),
  'credits.credits.create.v1': contract('create', createCreditRequestSchema, athleteCreditSchema),
  /** DELETE /api/athlete-credits/{id}: removed without transactions, deactivated with them. */
  'credits.credits.remove.v1': contract('remove', byIdOnce, deleteCreditResponseSchema),
  /** GET /api/partner-athlete-credits: the credits the actor may process (a company: its own and unassigned). */
  'credits.credits.list-for-partner.v1': contract(
    'listForPartner',
    creditListQuerySchema,
    pageSchema(athleteCreditSchema),
  ),
  /** GET /api/credits/spendable-athletes: the till's athlete type-ahead (credits with money to spend now). */
  'credits.credits.spendable-athletes.v1': contract(
    'spendableAthletes',
    spendableAthletesQuerySchema,
    spendableAthletesPageSchema,
  ),
  /**
   * A member's credits and balance (decision 336): the members service's GET /api/me (no actor) and the
   * administrator's GET /api/members/{id}/credits.
   */
  'credits.members.balance.v1': contract('memberCredits', memberCreditsRequestSchema, memberCreditsSchema),
  /** GET /api/credits/partner-summary: the Partner Credits cards (counters). */
  'credits.credits.summary.v1': contract('summary', empty, creditSummarySchema),
  /** GET /api/credit-transactions (super_admin): the ledger. */
  'credits.transactions.list.v1': contract(
    'transactions',
    transactionListQuerySchema,
    pageSchema(creditTransactionSchema),
  ),
  /** POST /api/credit-transactions (super_admin), with the optional Idempotency-Key header. */
  'credits.transactions.record-ledger.v1': contract(
    'recordLedger',
    recordLedgerTransactionRequestSchema,
    recordTransactionResponseSchema,
  ),
  /** POST /api/credits/{id}/transactions (the till), with the optional Idempotency-Key header. */
  'credits.transactions.record.v1': contract(
    'record',
    recordCreditTransactionRequestSchema,
    recordTransactionResponseSchema,
  ),
  'credits.transactions.void.v1': contract(
    'voidTransaction',
    voidTransactionRequestSchema,
    voidTransactionResponseSchema,
  ),
  /** GET /api/credits/partner-transactions: a company's own transactions (super_admin: all). */
  'credits.transactions.list-for-partner.v1': contract(
    'partnerTransactions',
    transactionListQuerySchema,
    pageSchema(creditTransactionSchema),
  ),
  'inventory.health.v1': health,
  /** GET /api/merch-items (keyset page). */
  'inventory.items.list.v1': contract('listItems', merchItemListQuerySchema, pageSchema(merchItemSchema)),
  /** POST /api/merch-items: the multipart form's fields plus the stored image's URL. */
  'inventory.items.create.v1': contract('createItem', merchItemFieldsSchema, merchItemSchema),
  'inventory.items.update.v1': contract(
    'updateItem',
    merchItemFieldsSchema.extend({ id: uuidParam }),
    merchItemSchema,
  ),
  'inventory.items.remove.v1': contract('removeItem', byId, messageResponseSchema),
  /** GET /api/merch-items/{id}/inventory: every line of the item (at most sizes x colours), sorted and filtered. */
  'inventory.items.lines.v1': contract('itemLines', itemLinesQuerySchema, inventoryLineSchema.array()),
  'inventory.lines.create.v1': contract('createLine', createInventoryRequestSchema, inventoryLineSchema),
  'inventory.lines.restock.v1': contract('restock', restockRequestSchema, inventoryLineSchema),
  'inventory.lines.bulk-create.v1': contract(
    'bulkCreateLines',
    bulkInventoryRequestSchema,
    bulkInventoryResponseSchema,
  ),
  'inventory.summary.get.v1': contract('summary', empty, inventorySummarySchema),
  /** GET /api/inventory-transactions: the administrator's (by line) or the partner's own. */
  'inventory.transactions.list.v1': contract(
    'listTransactions',
    inventoryTransactionListQuerySchema,
    pageSchema(inventoryTransactionSchema),
  ),
  'inventory.allocations.list.v1': contract(
    'listAllocations',
    allocationListQuerySchema,
    allocationPageSchema,
  ),
  'inventory.allocations.create.v1': contract(
    'createAllocation',
    createAllocationRequestSchema,
    allocationSchema,
  ),
  'inventory.allocations.remove.v1': contract('removeAllocation', byIdOnce, messageResponseSchema),
  'inventory.allocations.update-usage.v1': contract(
    'updateUsage',
    updateUsageRequestSchema,
    allocationSchema,
  ),
} as const;
