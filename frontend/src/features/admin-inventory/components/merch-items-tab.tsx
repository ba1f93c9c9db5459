import type { MerchItem } from '@avpass/contracts';
import { formatCents, MERCH_CATEGORIES, MERCH_CATEGORY_LABELS, merchCategoryLabel } from '@avpass/domain';
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
import { useToast } from '@/components/toast/toast-context';
import { errorMessageOf } from '@/lib/api-client';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useDeleteMerchItem } from '../api/delete-merch-item';
import { useMerchItems } from '../api/get-merch-items';
import type { InventorySelection } from '../types';
import { ConfirmDialog } from '@/components/feedback/confirm-dialog';
import { StateTable } from '@/components/data-display/state-table';
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
export function emptyItemsText(search: string, category: string): string {
  const text = search.trim();
  const inCategory = category !== 'all' && category !== '' ? merchCategoryLabel(category) : null;
  if (text) return `No items match "${text}"${inCategory ? ` in ${inCategory}` : ''}.`;
  if (inCategory) return `No items in ${inCategory}.`;
  return 'No items found. Add your first item to get started.';
}

/** Merch Items: search by name, SKU or brand; category filter; add, edit, delete, view inventory. */
export function MerchItemsTab({ selection }: { selection: InventorySelection }) {
  const { toast } = useToast();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('all');
  const debounced = useDebouncedValue(search, 250);
  const items = useMerchItems(debounced, category);
  const remove = useDeleteMerchItem();
  const [editing, setEditing] = useState<MerchItem | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [deleting, setDeleting] = useState<MerchItem | null>(null);
  const rows = items.data?.items ?? [];
  const state = items.isPending ? 'loading' : items.isError ? 'error' : rows.length === 0 ? 'empty' : 'ready';

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
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          sx={{ flex: { md: 1 }, minWidth: 0 }}
        />
        <TextField
          select
          size="small"
          label="Category"
          value={category}
          onChange={(e) => setCategory(e.target.value)}
          sx={{ width: { md: 220 }, flexShrink: 0 }}
        >
          <MenuItem value="all">All categories</MenuItem>
          {MERCH_CATEGORIES.map((c) => (
            <MenuItem key={c} value={c}>
              {MERCH_CATEGORY_LABELS[c]}
            </MenuItem>
          ))}
        </TextField>
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
      <StateTable
        label="Merch items"
        minWidth={760}
        columns={[
          'Image',
          'Name / SKU',
          'Category',
          'Price',
          'Sizes',
          'Inventory',
          'Status',
          { label: 'Actions', align: 'right' },
        ]}
        state={state}
        error={items.error}
        emptyText={emptyItemsText(debounced, category)}
        onRetry={() => void items.refetch()}
      >
        {rows.map((item) => (
          <TableRow key={item.id} hover data-testid="merch-row">
            <TableCell>
              <ItemThumb item={item} />
            </TableCell>
            <TableCell>
              <Typography variant="body2" sx={{ fontWeight: 700 }}>
                {item.name}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {item.sku}
              </Typography>
            </TableCell>
            <TableCell>{merchCategoryLabel(item.category)}</TableCell>
            <TableCell>{formatCents(item.price)}</TableCell>
            <TableCell>{item.sizes.join(', ')}</TableCell>
            <TableCell>
              <Button
                size="small"
                onClick={() => selection.select({ tab: 'inventory', itemId: item.id, lineId: null })}
                sx={{ whiteSpace: 'nowrap' }}
              >
                View Inventory
              </Button>
            </TableCell>
            <TableCell>
              <Chip
                size="small"
                label={item.isActive ? 'Active' : 'Inactive'}
                color={item.isActive ? 'success' : 'default'}
              />
            </TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              <IconButton
                aria-label={`Edit ${item.name}`}
                onClick={() => {
                  setEditing(item);
                  setDialogOpen(true);
                }}
              >
                <EditOutlinedIcon fontSize="small" />
              </IconButton>
              <IconButton aria-label={`Delete ${item.name}`} color="error" onClick={() => setDeleting(item)}>
                <DeleteOutlineRoundedIcon fontSize="small" />
              </IconButton>
              <HistoryLink
                icon
                targetType="merch-item"
                targetId={item.id}
                label={`History of ${item.name}`}
              />
            </TableCell>
          </TableRow>
        ))}
      </StateTable>
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
