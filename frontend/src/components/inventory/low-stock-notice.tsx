import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useInventorySummary } from '@/lib/inventory-api';

/** The admin dashboard's notice when any stock line is at or below its minimum level. */
export function LowStockNotice() {
  const summary = useInventorySummary();
  const low = summary.data?.lowStockItems ?? 0;
  if (low === 0) return null;
  return (
    <Alert
      severity="warning"
      data-testid="low-stock-notice"
      sx={{ mb: 3 }}
      action={
        <Button
          color="inherit"
          size="small"
          component={RouterLink}
          to={`${paths.adminInventory.path}?tab=inventory`}
        >
          View Inventory
        </Button>
      }
    >
      {low === 1 ? '1 inventory line is' : `${low} inventory lines are`} low on stock.
    </Alert>
  );
}
