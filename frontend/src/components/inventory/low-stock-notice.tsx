import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useT } from '@/i18n/i18n';
import { useInventorySummary } from '@/lib/inventory-api';

/** The admin dashboard's notice when any stock line is at or below its minimum level. */
export function LowStockNotice() {
  const t = useT();
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
          {t('staff.inventory.lowStock.view')}
        </Button>
      }
    >
      {t('staff.inventory.lowStock.text', { count: low })}
    </Alert>
  );
}
