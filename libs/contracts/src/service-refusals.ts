/**
 * The refusals of credits, inventory, partners, statements and exclusives (issue 42): each service
 * throws these texts, and `MESSAGE_CODES` (message-codes.ts) gives each a stable code built from the
 * same constant or function, so a message and its code cannot drift (decisions 356 and 360).
 */

/** Credits: who may record a transaction, and a race lost to another one. */
export const CREDIT_ACCESS_MESSAGES = {
  partnerRequired: 'A partner account is required',
  changed: 'The credit changed; please try again',
} as const;

/** The till's "insufficient balance" with what is left and what was asked, in dollars ("$12.50"). */
export function insufficientBalanceMessage(
  insufficient: string,
  available: string,
  requested: string,
): string {
  return `${insufficient} (available ${available}, requested ${requested})`;
}

/** Inventory: items, stock lines and allocations. */
export const INVENTORY_REFUSALS = {
  skuTaken: 'An item with this SKU already exists',
  itemHasStock: 'This item has inventory or allocations and cannot be deleted; mark it Inactive instead',
  ownAllocationsOnly: 'You can only list your own company’s allocations',
  lineExists: 'Inventory for this size and color already exists; restock it instead',
  sizeOnce: 'Each size may appear once',
  lineOfAnotherItem: 'The inventory line belongs to another item',
  notEnoughStock: (available: number | string, requested: number | string) =>
    `Not enough stock available: ${available} available, ${requested} requested`,
  sizeNotOfItem: (sizes: string) => `Size must be one of the item's sizes (${sizes})`,
  colorNotOfItem: (colors: string) => `Color must be one of the item's colors (${colors})`,
} as const;

/** Partners. */
export const PARTNER_REFUSALS = {
  emailTaken: 'A partner with that email already exists',
  galleryFull: (max: number | string) => `At most ${max} gallery photos`,
} as const;

/** Statements: who may see them. */
export const STATEMENT_ACCESS_MESSAGES = {
  ownOnly: 'You can only see your own company’s statements',
  partnerRequired: 'partnerId is required',
} as const;

/** Exclusives: the vendor an exclusive names. */
export const VENDOR_NOT_FOUND_MESSAGE = 'Vendor not found. Choose another vendor or none.';
