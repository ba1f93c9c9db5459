import AddRoundedIcon from '@mui/icons-material/AddRounded';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useT } from '@/i18n/i18n';
import { useMerchItems } from '../api/get-merch-items';
import type { InventorySelection } from '../types';

/** Chooses the item whose inventory the tab shows (the first 200 items, newest first). */
export function ItemPicker({ itemId, onChange }: { itemId: string | null; onChange: (id: string) => void }) {
  const t = useT();
  const items = useMerchItems();
  const options = items.data?.items ?? [];
  return (
    <TextField
      select
      size="small"
      label={t('inventory.picker.item')}
      value={options.some((i) => i.id === itemId) ? itemId : ''}
      onChange={(e) => onChange(e.target.value)}
      sx={{ minWidth: { xs: '100%', sm: 320 } }}
      helperText={
        items.isPending
          ? t('inventory.picker.loading')
          : options.length === 0
            ? t('inventory.picker.none')
            : undefined
      }
    >
      {options.map((item) => (
        <MenuItem key={item.id} value={item.id}>
          {item.name} ({item.sku})
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The item picker above a tab (choosing an item clears the line) with the tab's add action. */
export function ItemToolbar({
  selection,
  actionLabel,
  actionDisabled,
  onAction,
}: {
  selection: InventorySelection;
  actionLabel: string;
  actionDisabled: boolean;
  onAction: () => void;
}) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1.5}
      sx={{ mb: 2, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
    >
      <ItemPicker
        itemId={selection.itemId}
        onChange={(id) => selection.select({ itemId: id, lineId: null })}
      />
      <Button
        variant="contained"
        startIcon={<AddRoundedIcon />}
        disabled={actionDisabled}
        onClick={onAction}
        // One line at any width: the picker beside it gives way instead.
        sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
      >
        {actionLabel}
      </Button>
    </Stack>
  );
}
