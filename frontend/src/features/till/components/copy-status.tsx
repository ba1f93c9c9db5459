import Typography from '@mui/material/Typography';
import { viewerTimeZone } from '@/lib/time-zone';
import { listTimeText } from '../offline/offline-check';
import type { TillCopy } from '../offline/use-till-copy';
import { useT } from '@/i18n/i18n';

/** "Offline list: 1,234 vouchers, from 10:42 AM": what the till answers from without a connection. */
export function CopyStatus({ copy }: { copy: TillCopy }) {
  const t = useT();
  if (!copy.meta) return null;
  const zone = viewerTimeZone();
  const from = listTimeText(copy.meta.syncedAt, new Date(), zone);
  const count = copy.meta.count;
  return (
    <Typography
      variant="body2"
      color="text.secondary"
      data-testid="till-copy-status"
      data-count={count}
      data-synced-at={copy.meta.syncedAt}
    >
      {t('till.copyStatus', { count, shown: count.toLocaleString('en-US'), from })}
    </Typography>
  );
}
