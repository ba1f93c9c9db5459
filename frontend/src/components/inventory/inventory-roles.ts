/**
 * Who looks at the inventory screens: super_admin runs the stock and allocates it (`admin`,
 * /admin-inventory); a company sees what it was allocated and records its usage (`partner`,
 * /partner-inventory).
 */
export type InventoryRole = 'admin' | 'partner';
