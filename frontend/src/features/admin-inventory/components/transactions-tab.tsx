import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { TransactionsTable } from '@/components/inventory/transactions-table';
import { useT } from '@/i18n/i18n';
import { useItemLines } from '../api/get-item-lines';
import type { InventorySelection } from '../types';
import { ItemPicker } from './item-picker';

/**
 * Transactions: the ledger, every line's (newest first), narrowed to an item or one of its lines, by
 * type, oldest first by the Date header; on the server, the view in the URL (issue 27).
 */
export function TransactionsTab({ selection }: { selection: InventorySelection }) {
  const t = useT();
  const lines = useItemLines(selection.itemId);
  const narrow = selection.lineId
    ? { inventoryId: selection.lineId }
    : selection.itemId
      ? { itemId: selection.itemId }
      : {};

  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 2 }}>
        <ItemPicker
          itemId={selection.itemId}
          onChange={(id) => selection.select({ itemId: id, lineId: null })}
        />
        <TextField
          select
          size="small"
          label={t('inventory.transactions.line')}
          value={(lines.data ?? []).some((l) => l.id === selection.lineId) ? selection.lineId : ''}
          onChange={(e) => selection.select({ lineId: e.target.value || null })}
          sx={{ minWidth: { xs: '100%', sm: 220 } }}
          disabled={!selection.itemId}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{t('inventory.transactions.allLines')}</MenuItem>
          {(lines.data ?? []).map((l) => (
            <MenuItem key={l.id} value={l.id}>
              {l.size}
              {l.color ? ` / ${l.color}` : ''}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <TransactionsTable
        role="admin"
        narrow={narrow}
        hint={
          !selection.itemId && (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {t('inventory.transactions.hint')}
            </Typography>
          )
        }
      />
    </Box>
  );
}
