import { ALLOCATION_SORTS, type Allocation } from '@avpass/contracts';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useToast } from '@/components/toast/toast-context';
import { apiErrorText } from '@/i18n/api-error-text';
import { ResponsivePagedList, stickyEndCellSx } from '@/components/data-display/responsive-paged-list';
import { AllocationFilters, useAllocationTable } from '@/components/inventory/allocation-table';
import { InventoryCard } from '@/components/inventory/inventory-card';
import { useAllocationsTable } from '@/lib/inventory-api';
import { useCompanies } from '@/lib/vouchers-api';
import { useMerchItems } from '../api/get-merch-items';
import { useItemLines } from '../api/get-item-lines';
import { useRemoveAllocation } from '../api/remove-allocation';
import type { InventorySelection } from '../types';
import { ConfirmDialog } from '@/components/feedback/confirm-dialog';
import { AllocationDialog } from './allocation-dialog';
import { ItemToolbar } from './item-picker';
import { useInventoryWords } from '../lib/inventory-words';

/**
 * Allocations: every active (or removed) allocation, sorted by date or quantity and filtered by status
 * and partner on the server, the view in the URL (issue 27); New Allocation for the chosen item's
 * lines; remove with confirm.
 */
export function AllocationsTab({ selection }: { selection: InventorySelection }) {
  const { t, money, day } = useInventoryWords();
  const { toast } = useToast();
  const table = useAllocationTable('admin');
  const allocations = useAllocationsTable(table.query);
  const companies = useCompanies();
  const items = useMerchItems();
  const item = items.data?.items.find((i) => i.id === selection.itemId) ?? null;
  const lines = useItemLines(selection.itemId);
  const remove = useRemoveAllocation();
  const [creating, setCreating] = useState(false);
  const [removing, setRemoving] = useState<Allocation | null>(null);
  const partnerName = (id: string) =>
    companies.data?.find((c) => c.id === id)?.name ?? t('inventory.allocations.unknownPartner');
  const canAllocate = !!item && (lines.data?.length ?? 0) > 0;
  const removeButton = (a: Allocation) =>
    a.isActive ? (
      <IconButton
        aria-label={t('inventory.allocations.removeLabel', { name: a.item.name })}
        color="error"
        onClick={() => setRemoving(a)}
      >
        <DeleteOutlineRoundedIcon fontSize="small" />
      </IconButton>
    ) : (
      <Typography variant="caption" color="text.secondary">
        {t('inventory.allocations.removed')}
      </Typography>
    );
  const sizeColor = (a: Allocation) => `${a.size}${a.color ? ` / ${a.color}` : ''}`;

  return (
    <Box>
      <ItemToolbar
        selection={selection}
        actionLabel={t('inventory.allocations.new')}
        actionDisabled={!canAllocate}
        onAction={() => setCreating(true)}
      />
      {!canAllocate && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('inventory.allocations.chooseItem')}
        </Typography>
      )}
      <AllocationFilters role="admin" table={table} />
      <ResponsivePagedList
        query={allocations}
        paging={table.paging}
        label={t('inventory.allocations.label')}
        minWidth={860}
        sort={{
          ...table.sort,
          onSort: (key) => {
            const known = ALLOCATION_SORTS.find((sort) => sort === key);
            if (known) table.toggleSort(known);
          },
        }}
        columns={[
          t('inventory.allocations.partner'),
          t('inventory.allocations.item'),
          t('inventory.allocations.sizeColor'),
          { label: t('inventory.allocations.quantity'), align: 'right', sortKey: 'quantity' },
          { label: t('inventory.allocations.used'), align: 'right' },
          { label: t('inventory.allocations.price'), align: 'right' },
          { label: t('inventory.allocations.date'), sortKey: 'allocatedAt' },
          { label: t('inventory.allocations.remove'), align: 'right', sticky: true },
        ]}
        emptyText={table.filtered ? t('inventory.allocations.noMatch') : t('inventory.allocations.empty')}
        itemKey={(a) => a.id}
        renderRow={(a) => (
          <TableRow hover data-testid="allocation-row" data-allocation-id={a.id}>
            <TableCell sx={{ fontWeight: 700 }}>{partnerName(a.partnerId)}</TableCell>
            <TableCell>
              {a.item.name}
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                {a.item.sku}
              </Typography>
            </TableCell>
            <TableCell>{sizeColor(a)}</TableCell>
            <TableCell align="right" data-testid="allocation-quantity">
              {a.quantity}
            </TableCell>
            <TableCell align="right">{a.usedQuantity}</TableCell>
            <TableCell align="right">{money(a.price ?? a.item.price)}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{day(a.allocatedAt)}</TableCell>
            <TableCell align="right" sx={stickyEndCellSx}>
              {removeButton(a)}
            </TableCell>
          </TableRow>
        )}
        renderCard={(a) => (
          <InventoryCard
            testId="allocation-card"
            dimmed={!a.isActive}
            header={
              <Box>
                <Typography variant="subtitle2" sx={{ fontWeight: 700 }}>
                  {partnerName(a.partnerId)}
                </Typography>
                <Typography variant="body2">
                  {a.item.name} · {sizeColor(a)}
                </Typography>
              </Box>
            }
            fields={[
              [
                t('inventory.allocations.quantity'),
                <span data-testid="allocation-quantity">{a.quantity}</span>,
              ],
              [t('inventory.allocations.used'), a.usedQuantity],
              [t('inventory.allocations.price'), money(a.price ?? a.item.price)],
              [t('inventory.allocations.date'), day(a.allocatedAt)],
            ]}
            actions={removeButton(a)}
          />
        )}
      />
      {item && <AllocationDialog open={creating} item={item} onClose={() => setCreating(false)} />}
      <ConfirmDialog
        open={!!removing}
        title={t('inventory.allocations.removeTitle')}
        description={t('inventory.allocations.removeText')}
        confirmLabel={t('inventory.allocations.removeConfirm')}
        pending={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(removing.id, {
            onSuccess: () =>
              toast({ title: t('inventory.success'), description: t('inventory.allocations.removedToast') }),
            onError: (error) =>
              toast({
                title: t('inventory.error'),
                description: apiErrorText(error, t('inventory.allocations.removeFailed')),
                kind: 'destructive',
              }),
            onSettled: () => setRemoving(null),
          });
        }}
      />
    </Box>
  );
}
