export { CodesTable } from './codes-table';
export { CODES_ROLES, type CodesRole } from './codes-roles';
export { DeleteCodeDialog } from './delete-code-dialog';
export { useCodesTable, type CodesTableState } from './use-codes-table';
