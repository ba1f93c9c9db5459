import type { RenderFormat } from '@avpass/contracts';
import { RENDER_FORMATS } from '@avpass/contracts/words';
import Button from '@mui/material/Button';
import ButtonGroup from '@mui/material/ButtonGroup';
import { useState } from 'react';
import { useToast } from '@/components/toast/toast-context';
import { downloadRenderedFile, useCardSize, type RenderKind } from '@/components/downloads';

/**
 * PNG / PDF / SVG buttons for one code: the full voucher card by default, or the bare QR. Toasts follow
 * spec section 8 ('Download Started', 'Download Failed').
 */
export function DownloadButtons({
  id,
  kind = 'card',
  formats = RENDER_FORMATS,
  size = 'small',
  failureMessage = 'Failed to download QR code. Please try again.',
  dense = false,
}: {
  id: string;
  kind?: RenderKind;
  formats?: readonly RenderFormat[];
  size?: 'small' | 'medium';
  failureMessage?: string;
  /** Narrow buttons, for a table row's actions on a laptop screen. */
  dense?: boolean;
}) {
  const { toast } = useToast();
  const [busy, setBusy] = useState<RenderFormat | null>(null);
  const [cardSize] = useCardSize();

  async function download(format: RenderFormat) {
    setBusy(format);
    try {
      await downloadRenderedFile(kind, id, format, kind === 'card' ? cardSize : undefined);
      toast({ title: 'Download Started' });
    } catch (error) {
      const message =
        error instanceof Error && error.message === 'Empty file received' ? error.message : failureMessage;
      toast({ title: 'Download Failed', description: message, kind: 'destructive' });
    } finally {
      setBusy(null);
    }
  }

  return (
    <ButtonGroup
      size={size}
      variant="outlined"
      aria-label={kind === 'qr' ? 'Download QR code' : 'Download voucher'}
    >
      {formats.map((format) => (
        <Button
          key={format}
          onClick={() => void download(format)}
          disabled={busy !== null}
          sx={dense ? { minWidth: 0, px: 1 } : undefined}
          aria-label={`Download ${kind === 'qr' ? 'QR code' : 'voucher'} as ${format.toUpperCase()}`}
        >
          {busy === format ? '...' : format.toUpperCase()}
        </Button>
      ))}
    </ButtonGroup>
  );
}
