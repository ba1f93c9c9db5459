import type { CardLanguage, RenderFormat } from '@avpass/contracts';
import { RENDER_FORMATS } from '@avpass/contracts/words';
import Button from '@mui/material/Button';
import ButtonGroup from '@mui/material/ButtonGroup';
import { useState } from 'react';
import { useToast } from '@/components/toast/toast-context';
import { downloadRenderedFile, EMPTY_FILE, useCardSize, type RenderKind } from '@/components/downloads';
import { useT } from '@/i18n/i18n';

/**
 * PNG / PDF / SVG buttons for one code: the full voucher card by default, or the bare QR. Toasts follow
 * spec section 8 ('Download Started', 'Download Failed').
 */
export function DownloadButtons({
  id,
  kind = 'card',
  formats = RENDER_FORMATS,
  size = 'small',
  failureMessage,
  dense = false,
  cardLanguage,
}: {
  id: string;
  kind?: RenderKind;
  formats?: readonly RenderFormat[];
  size?: 'small' | 'medium';
  failureMessage?: string;
  /** Narrow buttons, for a table row's actions on a laptop screen. */
  dense?: boolean;
  /** The card's language when the screen lets one be chosen (the Generate screen); else the code's batch's. */
  cardLanguage?: CardLanguage;
}) {
  const t = useT();
  const { toast } = useToast();
  const [busy, setBusy] = useState<RenderFormat | null>(null);
  const [cardSize] = useCardSize();

  async function download(format: RenderFormat) {
    setBusy(format);
    try {
      await downloadRenderedFile(
        kind,
        id,
        format,
        kind === 'card' ? cardSize : undefined,
        kind === 'card' ? cardLanguage : undefined,
      );
      toast({ title: t('staff.download.started') });
    } catch (error) {
      const message =
        error instanceof Error && error.message === EMPTY_FILE
          ? t('staff.download.emptyFile')
          : (failureMessage ?? t('staff.download.failedText'));
      toast({ title: t('staff.download.failed'), description: message, kind: 'destructive' });
    } finally {
      setBusy(null);
    }
  }

  return (
    <ButtonGroup
      size={size}
      variant="outlined"
      aria-label={kind === 'qr' ? t('staff.download.qr') : t('staff.download.voucher')}
    >
      {formats.map((format) => (
        <Button
          key={format}
          onClick={() => void download(format)}
          disabled={busy !== null}
          sx={dense ? { minWidth: 0, px: 1 } : undefined}
          aria-label={t(kind === 'qr' ? 'staff.download.qrAs' : 'staff.download.voucherAs', {
            format: format.toUpperCase(),
          })}
        >
          {busy === format ? '...' : format.toUpperCase()}
        </Button>
      ))}
    </ButtonGroup>
  );
}
