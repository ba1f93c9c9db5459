import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useMerchItems } from '../api/get-merch-items';

/** Chooses the item whose inventory the tab shows (the first 200 items, newest first). */
export function ItemPicker({ itemId, onChange }: { itemId: string | null; onChange: (id: string) => void }) {
  const items = useMerchItems();
  const options = items.data?.items ?? [];
  return (
    <TextField
      select
      size="small"
      label="Item"
      value={options.some((i) => i.id === itemId) ? itemId : ''}
      onChange={(e) => onChange(e.target.value)}
      sx={{ minWidth: { xs: '100%', sm: 320 } }}
      helperText={items.isPending ? 'Loading items...' : options.length === 0 ? 'No items yet' : undefined}
    >
      {options.map((item) => (
        <MenuItem key={item.id} value={item.id}>
          {item.name} ({item.sku})
        </MenuItem>
      ))}
    </TextField>
  );
}
