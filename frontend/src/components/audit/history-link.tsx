import HistoryRoundedIcon from '@mui/icons-material/HistoryRounded';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useT } from '@/i18n/i18n';

/**
 * "History": the audit trail of one code, partner, credit or item (administrators), as `/audit?
 * targetType=…&targetId=…`. `icon`: an icon button among a row's icon actions.
 */
export function HistoryLink({
  targetType,
  targetId,
  label,
  icon = false,
}: {
  targetType: string;
  targetId: string;
  /** The accessible name when the visible "History" is not enough (a row among many). */
  label?: string;
  icon?: boolean;
}) {
  const t = useT();
  const to = paths.audit.getHref({ targetType, targetId });
  if (icon) {
    return (
      <Tooltip title={t('staff.audit.history')}>
        <IconButton
          component={RouterLink}
          to={to}
          size="small"
          aria-label={label ?? t('staff.audit.history')}
        >
          <HistoryRoundedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    );
  }
  return (
    <Button
      component={RouterLink}
      to={to}
      size="small"
      startIcon={<HistoryRoundedIcon fontSize="small" />}
      aria-label={label}
    >
      {t('staff.audit.history')}
    </Button>
  );
}
