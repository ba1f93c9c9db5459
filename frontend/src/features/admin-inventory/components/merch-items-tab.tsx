import {
  MERCH_ITEM_SORT_DEFAULT_ORDER,
  MERCH_ITEM_SORTS,
  MERCH_ITEM_STATUSES,
  type MerchItem,
} from '@avpass/contracts';
import { MERCH_CATEGORIES } from '@avpass/domain';
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
import { apiErrorText } from '@/i18n/api-error-text';
import { useTableState } from '@/lib/table-state';
import { useDeleteMerchItem } from '../api/delete-merch-item';
import { useMerchItemsTable } from '../api/get-merch-items';
import type { InventorySelection } from '../types';
import { ConfirmDialog } from '@/components/feedback/confirm-dialog';
import { HistoryLink } from '@/components/audit/history-link';
import { MerchItemDialog } from './merch-item-dialog';
import { useInventoryWords } from '../lib/inventory-words';

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
function useEmptyItemsText() {
  const { t, category: categoryName } = useInventoryWords();
  return (search: string, category: string, status?: 'active' | 'inactive'): string => {
    const text = search.trim();
    const inCategory = category !== 'all' && category !== '' ? categoryName(category) : null;
    if (text)
      return inCategory
        ? t('inventory.items.noMatchIn', { search: text, category: inCategory })
        : t('inventory.items.noMatch', { search: text });
    if (inCategory)
      return status
        ? t(`inventory.items.noneInStatus.${status}`, { category: inCategory })
        : t('inventory.items.noneIn', { category: inCategory });
    if (status) return t(`inventory.items.noneStatus.${status}`);
    return t('inventory.items.empty');
  };
}

/** The sort field's choices (a phone has no headers to press). */
const ITEM_SORT_CHOICES = [
  { key: 'createdAt', order: 'desc', label: 'inventory.sort.newest' },
  { key: 'createdAt', order: 'asc', label: 'inventory.sort.oldest' },
  { key: 'name', order: 'asc', label: 'inventory.sort.nameAsc' },
  { key: 'name', order: 'desc', label: 'inventory.sort.nameDesc' },
  { key: 'price', order: 'asc', label: 'inventory.sort.priceAsc' },
  { key: 'price', order: 'desc', label: 'inventory.sort.priceDesc' },
] as const;
/** This tab's parameters in the URL start with `items.` (the screen's other tabs keep theirs). */
const PREFIX = 'items';

/**
 * Merch Items: search by name, SKU or brand; category and status filters; sortable Name, Price and
 * Added headers (a Sort field on a phone, where rows are cards); all on the server, the view in the URL
 * (issue 27); add, edit, delete, view inventory.
 */
export function MerchItemsTab({ selection }: { selection: InventorySelection }) {
  const { t, category: categoryName, money, day } = useInventoryWords();
  const emptyItemsText = useEmptyItemsText();
  const sortChoices = ITEM_SORT_CHOICES.map((choice) => ({ ...choice, label: t(choice.label) }));
  const statusLabels = { active: t('inventory.items.active'), inactive: t('inventory.items.inactive') };
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
      {t('inventory.items.viewInventory')}
    </Button>
  );
  const statusChip = (item: MerchItem) => (
    <Chip
      size="small"
      label={item.isActive ? t('inventory.items.active') : t('inventory.items.inactive')}
      color={item.isActive ? 'success' : 'default'}
    />
  );
  const actions = (item: MerchItem) => (
    <>
      <IconButton aria-label={t('inventory.items.editLabel', { name: item.name })} onClick={() => edit(item)}>
        <EditOutlinedIcon fontSize="small" />
      </IconButton>
      <IconButton
        aria-label={t('inventory.items.deleteLabel', { name: item.name })}
        color="error"
        onClick={() => setDeleting(item)}
      >
        <DeleteOutlineRoundedIcon fontSize="small" />
      </IconButton>
      <HistoryLink
        icon
        targetType="merch-item"
        targetId={item.id}
        label={t('inventory.items.historyLabel', { name: item.name })}
      />
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
          // A short label that fits a phone in any language; the whole phrase is the field's name.
          label={t('inventory.search')}
          placeholder={t('inventory.items.searchPlaceholder')}
          slotProps={{ htmlInput: { 'aria-label': t('inventory.items.search') } }}
          value={table.searchText}
          onChange={(e) => table.setSearchText(e.target.value)}
          sx={{ flex: { md: 1 }, minWidth: 0 }}
        />
        <TextField
          select
          size="small"
          label={t('inventory.items.category')}
          value={category}
          onChange={(e) => setCategory(e.target.value)}
          // Its words' width in a row (a full-width field's basis would be the whole row's).
          sx={{ width: { md: 'auto' }, minWidth: { md: 200 }, flexShrink: 0 }}
          data-testid="category-filter"
        >
          <MenuItem value="all">{t('inventory.items.allCategories')}</MenuItem>
          {MERCH_CATEGORIES.map((c) => (
            <MenuItem key={c} value={c}>
              {t(`inventory.category.${c}`)}
            </MenuItem>
          ))}
        </TextField>
        <StatusFilter value={table.status} onChange={table.setStatus} labels={statusLabels} />
        <SortSelect value={table.sort} onChange={table.setSort} choices={sortChoices} />
        <Button
          variant="contained"
          startIcon={<AddRoundedIcon />}
          onClick={() => {
            setEditing(null);
            setDialogOpen(true);
          }}
          sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
        >
          {t('inventory.items.add')}
        </Button>
      </Stack>
      <ResponsivePagedList
        query={items}
        paging={table.paging}
        label={t('inventory.items.label')}
        minWidth={860}
        sort={{
          ...table.sort,
          onSort: (key) => {
            const known = MERCH_ITEM_SORTS.find((sort) => sort === key);
            if (known) table.toggleSort(known);
          },
        }}
        columns={[
          t('inventory.items.image'),
          { label: t('inventory.items.nameSku'), sortKey: 'name' },
          t('inventory.items.category'),
          { label: t('inventory.items.price'), sortKey: 'price' },
          t('inventory.items.sizes'),
          { label: t('inventory.items.added'), sortKey: 'createdAt' },
          t('inventory.items.inventory'),
          t('inventory.items.status'),
          { label: t('inventory.items.actions'), align: 'right', sticky: true },
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
            <TableCell>{categoryName(item.category)}</TableCell>
            <TableCell data-testid="merch-price">{money(item.price)}</TableCell>
            <TableCell>{item.sizes.join(', ')}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{day(item.createdAt)}</TableCell>
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
              [t('inventory.items.category'), categoryName(item.category)],
              [t('inventory.items.price'), money(item.price)],
              [t('inventory.items.sizes'), item.sizes.join(', ')],
              [t('inventory.items.added'), day(item.createdAt)],
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
        title={t('inventory.items.deleteTitle')}
        description={t('inventory.items.deleteText')}
        confirmLabel={t('inventory.items.delete')}
        pending={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () =>
              toast({ title: t('inventory.success'), description: t('inventory.items.deleted') }),
            onError: (error) =>
              toast({
                title: t('inventory.error'),
                description: apiErrorText(error, t('inventory.items.deleteFailed')),
                kind: 'destructive',
              }),
            onSettled: () => setDeleting(null),
          });
        }}
      />
    </Box>
  );
}
