import ViewQuiltOutlinedIcon from '@mui/icons-material/ViewQuiltOutlined';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useToast } from '@/components/toast/toast-context';
import { apiJson } from '@/lib/api-client';
import { apiErrorText } from '@/i18n/api-error-text';
import { useT } from '@/i18n/i18n';
import { lazySchema } from '@/lib/lazy-schema';

/** Loaded with the call, not with the screen (issue 40). */
const queueBoardSessionSchema = lazySchema((c) => c.queueBoardSessionSchema);

/**
 * Opens the job queue board (Bull Board at /admin/queues). A page opened by navigation cannot send
 * the bearer token, so an authenticated call first sets a short-lived HttpOnly cookie for it.
 */
export function QueueBoardButton() {
  const { toast } = useToast();
  const t = useT();
  const [opening, setOpening] = useState(false);

  async function open() {
    setOpening(true);
    try {
      const session = await apiJson('/api/queues/session', queueBoardSessionSchema, { method: 'POST' });
      window.location.assign(session.url);
    } catch (error) {
      toast({
        title: t('dashboard.queues.failed'),
        description: apiErrorText(error, t('dashboard.queues.failedText')),
        kind: 'destructive',
      });
      setOpening(false);
    }
  }

  return (
    <Button
      variant="outlined"
      startIcon={<ViewQuiltOutlinedIcon />}
      disabled={opening}
      onClick={() => void open()}
      title={t('dashboard.queues.hint')}
    >
      {t('dashboard.queues')}
    </Button>
  );
}
