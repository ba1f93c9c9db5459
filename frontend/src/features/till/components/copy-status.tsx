import Typography from '@mui/material/Typography';
import { viewerTimeZone } from '@/lib/time-zone';
import { formatNumberIn } from '@avpass/domain';
import { listTimeTextIn } from '../offline/offline-words';
import type { TillCopy } from '../offline/use-till-copy';
import { useWords } from '@/i18n/i18n';

/** "Offline list: 1,234 vouchers, from 10:42 AM": what the till answers from without a connection. */
export function CopyStatus({ copy }: { copy: TillCopy }) {
  const { t, language } = useWords();
  if (!copy.meta) return null;
  const zone = viewerTimeZone();
  const from = listTimeTextIn(copy.meta.syncedAt, new Date(), zone, language);
  const count = copy.meta.count;
  return (
    <Typography
      variant="body2"
      color="text.secondary"
      data-testid="till-copy-status"
      data-count={count}
      data-synced-at={copy.meta.syncedAt}
      data-pass-keys-at={copy.meta.passKeysAt}
    >
      {t('till.copyStatus', { count, shown: formatNumberIn(language, count), from })}
    </Typography>
  );
}
