import RefreshRoundedIcon from '@mui/icons-material/RefreshRounded';
import Button from '@mui/material/Button';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { useT } from '@/i18n/i18n';

/** Refresh All: refetches every query on screen, disabled while any is fetching. */
export function RefreshAllButton() {
  const queryClient = useQueryClient();
  const t = useT();
  const refreshing = useIsFetching() > 0;
  return (
    <Button
      variant="outlined"
      startIcon={<RefreshRoundedIcon />}
      disabled={refreshing}
      onClick={() => void queryClient.refetchQueries({ type: 'active' })}
    >
      {t('dashboard.refreshAll')}
    </Button>
  );
}
