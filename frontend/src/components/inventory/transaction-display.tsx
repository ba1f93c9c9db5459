import type { InventoryTransactionType } from '@avpass/contracts';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useT } from '@/i18n/i18n';

/** A transaction's type; kinds other than restock, sale, return and allocation are shown as destructive. */
export function TransactionTypeChip({ type }: { type: InventoryTransactionType }) {
  const t = useT();
  const color =
    type === 'restock' || type === 'return' ? 'success' : type === 'adjustment' ? 'error' : 'default';
  return <Chip size="small" label={t(`staff.inventory.type.${type}`)} color={color} variant="outlined" />;
}

/** Signed quantity: green when positive, red when negative. */
export function SignedQuantity({ value }: { value: number }) {
  return (
    <Typography
      component="span"
      variant="body2"
      data-testid="signed-quantity"
      sx={{
        fontWeight: 700,
        color: value > 0 ? 'success.main' : value < 0 ? 'error.main' : 'text.secondary',
      }}
    >
      {value > 0 ? `+${value}` : String(value)}
    </Typography>
  );
}
