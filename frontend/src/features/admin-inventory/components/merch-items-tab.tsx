import {
  MERCH_ITEM_SORT_DEFAULT_ORDER,
  MERCH_ITEM_SORTS,
  MERCH_ITEM_STATUSES,
  type MerchItem,
} from '@avpass/contracts';
import {
  formatCents,
  formatDate,
  MERCH_CATEGORIES,
  MERCH_CATEGORY_LABELS,
  merchCategoryLabel,
} from '@avpass/domain';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ResponsivePagedList, stickyEndCellSx } from '@/components/data-display/responsive-paged-list';
import { SortSelect, StatusFilter } from '@/components/data-display/table-filters';
import { InventoryCard } from '@/components/inventory/inventory-card';
import { useToast } from '@/components/toast/toast-context';
import { errorMessageOf } from '@/lib/api-client';
import { useTableState } from '@/lib/table-state';
import { viewerTimeZone } from '@/lib/time-zone';
import { useDeleteMerchItem } from '../api/delete-merch-item';
import { useMerchItemsTable } from '../api/get-merch-items';
import type { InventorySelection } from '../types';
import { ConfirmDialog } from '@/components/feedback/confirm-dialog';
import { HistoryLink } from '@/components/audit/history-link';
import { MerchItemDialog } from './merch-item-dialog';

export function ItemThumb({
  item,
  size = 44,
}: {
  item: Pick<MerchItem, 'imageUrl' | 'name'>;
  size?: number;
}) {
  return (
    <Box
      sx={(theme) => ({
        width: size,
        height: size,
        borderRadius: 1.5,
        overflow: 'hidden',
        display: 'grid',
        placeItems: 'center',
        backgroundColor: theme.palette.action.hover,
        flexShrink: 0,
      })}
    >
      {item.imageUrl ? (
        <Box
          component="img"
          src={item.imageUrl}
          alt={item.name}
          sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
        />
      ) : (
        <ImageOutlinedIcon color="disabled" fontSize="small" />
      )}
    </Box>
  );
}

/**
 * The empty table's words: the spec's invitation when there are no items at all; with a search or a
 * category, that nothing matches it (adding a first item is not the answer then).
 */
export function emptyItemsText(search: string, category: string, status?: string): string {
  const text = search.trim();
  const inCategory = category !== 'all' && category !== '' ? merchCategoryLabel(category) : null;
  if (text) return `No items match "${text}"${inCategory ? ` in ${inCategory}` : ''}.`;
  if (inCategory) return `No items in ${inCategory}${status ? ` that are ${status}` : ''}.`;
  if (status) return `No ${status} items.`;
  return 'No items found. Add your first item to get started.';
}

/** The sort field's choices (a phone has no headers to press). */
const ITEM_SORT_CHOICES = [
  { key: 'createdAt', order: 'desc', label: 'Newest first' },
  { key: 'createdAt', order: 'asc', label: 'Oldest first' },
  { key: 'name', order: 'asc', label: 'Name (A–Z)' },
  { key: 'name', order: 'desc', label: 'Name (Z–A)' },
  { key: 'price', order: 'asc', label: 'Price (low to high)' },
  { key: 'price', order: 'desc', label: 'Price (high to low)' },
] as const;
const ITEM_STATUS_LABELS = { active: 'Active', inactive: 'Inactive' } as const;
/** This tab's parameters in the URL start with `items.` (the screen's other tabs keep theirs). */
const PREFIX = 'items';

/**
 * Merch Items: search by name, SKU or brand; category and status filters; sortable Name, Price and
 * Added headers (a Sort field on a phone, where rows are cards); all on the server, the view in the URL
 * (issue 27); add, edit, delete, view inventory.
 */
export function MerchItemsTab({ selection }: { selection: InventorySelection }) {
  const { toast } = useToast();
  const table = useTableState({
    sorts: MERCH_ITEM_SORTS,
    defaultSort: { key: 'createdAt', order: 'desc' },
    firstOrder: MERCH_ITEM_SORT_DEFAULT_ORDER,
    statuses: MERCH_ITEM_STATUSES,
    prefix: PREFIX,
  });
  // The category filter rides in the URL beside the table's own parameters (a change: first page).
  const [params, setParams] = useSearchParams();
  const categoryParam = params.get(`${PREFIX}.category`);
  const category = MERCH_CATEGORIES.find((c) => c === categoryParam) ?? 'all';
  const setCategory = (value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(`${PREFIX}.page`);
        if (value === 'all') next.delete(`${PREFIX}.category`);
        else next.set(`${PREFIX}.category`, value);
        return next;
      },
      { replace: true },
    );
  const items = useMerchItemsTable({
    ...table.query,
    ...(category !== 'all' ? { category } : {}),
  });
  const remove = useDeleteMerchItem();
  const [editing, setEditing] = useState<MerchItem | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [deleting, setDeleting] = useState<MerchItem | null>(null);
  const edit = (item: MerchItem) => {
    setEditing(item);
    setDialogOpen(true);
  };
  const viewInventory = (item: MerchItem) => (
    <Button
      size="small"
      onClick={() => selection.select({ tab: 'inventory', itemId: item.id, lineId: null })}
      sx={{ whiteSpace: 'nowrap' }}
    >
      View Inventory
    </Button>
  );
  const statusChip = (item: MerchItem) => (
    <Chip
      size="small"
      label={item.isActive ? 'Active' : 'Inactive'}
      color={item.isActive ? 'success' : 'default'}
    />
  );
  const actions = (item: MerchItem) => (
    <>
      <IconButton aria-label={`Edit ${item.name}`} onClick={() => edit(item)}>
        <EditOutlinedIcon fontSize="small" />
      </IconButton>
      <IconButton aria-label={`Delete ${item.name}`} color="error" onClick={() => setDeleting(item)}>
        <DeleteOutlineRoundedIcon fontSize="small" />
      </IconButton>
      <HistoryLink icon targetType="merch-item" targetId={item.id} label={`History of ${item.name}`} />
    </>
  );

  return (
    <Box>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={1.5}
        sx={{ mb: 2, alignItems: { md: 'center' } }}
      >
        <TextField
          size="small"
          label="Search by name, SKU or brand"
          value={table.searchText}
          onChange={(e) => table.setSearchText(e.target.value)}
          sx={{ flex: { md: 1 }, minWidth: 0 }}
        />
        <TextField
          select
          size="small"
          label="Category"
          value={category}
          onChange={(e) => setCategory(e.target.value)}
          sx={{ width: { md: 200 }, flexShrink: 0 }}
          data-testid="category-filter"
        >
          <MenuItem value="all">All categories</MenuItem>
          {MERCH_CATEGORIES.map((c) => (
            <MenuItem key={c} value={c}>
              {MERCH_CATEGORY_LABELS[c]}
            </MenuItem>
          ))}
        </TextField>
        <StatusFilter value={table.status} onChange={table.setStatus} labels={ITEM_STATUS_LABELS} />
        <SortSelect value={table.sort} onChange={table.setSort} choices={ITEM_SORT_CHOICES} />
        <Button
          variant="contained"
          startIcon={<AddRoundedIcon />}
          onClick={() => {
            setEditing(null);
            setDialogOpen(true);
          }}
          sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
        >
          Add Item
        </Button>
      </Stack>
      <ResponsivePagedList
        query={items}
        paging={table.paging}
        label="Merch items"
        minWidth={860}
        sort={{
          ...table.sort,
          onSort: (key) => {
            const known = MERCH_ITEM_SORTS.find((sort) => sort === key);
            if (known) table.toggleSort(known);
          },
        }}
        columns={[
          'Image',
          { label: 'Name / SKU', sortKey: 'name' },
          'Category',
          { label: 'Price', sortKey: 'price' },
          'Sizes',
          { label: 'Added', sortKey: 'createdAt' },
          'Inventory',
          'Status',
          { label: 'Actions', align: 'right', sticky: true },
        ]}
        emptyText={emptyItemsText(table.search ?? '', category, table.status)}
        itemKey={(item) => item.id}
        renderRow={(item) => (
          <TableRow hover data-testid="merch-row" data-item-id={item.id}>
            <TableCell>
              <ItemThumb item={item} />
            </TableCell>
            <TableCell>
              <Typography variant="body2" sx={{ fontWeight: 700 }} data-testid="merch-name">
                {item.name}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {item.sku}
              </Typography>
            </TableCell>
            <TableCell>{merchCategoryLabel(item.category)}</TableCell>
            <TableCell data-testid="merch-price">{formatCents(item.price)}</TableCell>
            <TableCell>{item.sizes.join(', ')}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              {formatDate(item.createdAt, viewerTimeZone())}
            </TableCell>
            <TableCell>{viewInventory(item)}</TableCell>
            <TableCell>{statusChip(item)}</TableCell>
            <TableCell align="right" sx={stickyEndCellSx}>
              <Box sx={{ whiteSpace: 'nowrap' }}>{actions(item)}</Box>
            </TableCell>
          </TableRow>
        )}
        renderCard={(item) => (
          <InventoryCard
            testId="merch-card"
            dimmed={!item.isActive}
            header={
              <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                <ItemThumb item={item} />
                <Box sx={{ minWidth: 0, flex: 1 }}>
                  <Typography variant="subtitle2" sx={{ fontWeight: 700 }} data-testid="merch-name">
                    {item.name}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {item.sku}
                  </Typography>
                </Box>
                {statusChip(item)}
              </Stack>
            }
            fields={[
              ['Category', merchCategoryLabel(item.category)],
              ['Price', formatCents(item.price)],
              ['Sizes', item.sizes.join(', ')],
              ['Added', formatDate(item.createdAt, viewerTimeZone())],
            ]}
            actions={
              <>
                {viewInventory(item)}
                {actions(item)}
              </>
            }
          />
        )}
      />
      <MerchItemDialog open={dialogOpen} item={editing} onClose={() => setDialogOpen(false)} />
      <ConfirmDialog
        open={!!deleting}
        title="Delete item"
        description="Are you sure you want to delete this item?"
        confirmLabel="Delete"
        pending={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => toast({ title: 'Success', description: 'Item deleted successfully' }),
            onError: (error) =>
              toast({
                title: 'Error',
                description: errorMessageOf(error, 'Failed to delete item'),
                kind: 'destructive',
              }),
            onSettled: () => setDeleting(null),
          });
        }}
      />
    </Box>
  );
}
