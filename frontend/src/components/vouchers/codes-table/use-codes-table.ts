import { CODE_SORT_DEFAULT_ORDER, CODE_SORTS } from '@avpass/contracts/words';
import { VOUCHER_STATUSES } from '@avpass/domain';
import { useState } from 'react';
import { useTableState } from '@/lib/table-state';
import { useQrCodes } from '@/lib/vouchers-api';
import type { CodesRole } from './codes-roles';

/**
 * A codes table's state for a role: its view in the URL (search, sort, status, partner, page; issue 27),
 * the role's list for that view, and the ticked codes (they stay ticked across pages and searches).
 */
export function useCodesTable(role: CodesRole) {
  const table = useTableState({
    sorts: CODE_SORTS,
    defaultSort: { key: 'createdAt', order: 'desc' },
    firstOrder: CODE_SORT_DEFAULT_ORDER,
    statuses: VOUCHER_STATUSES,
  });
  const query = useQrCodes(role, table.query);
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  return { role, table, query, selected, setSelected };
}

export type CodesTableState = ReturnType<typeof useCodesTable>;
