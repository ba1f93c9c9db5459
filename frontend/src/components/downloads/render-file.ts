import type { CardLanguage, CardSize, RenderFormat } from '@avpass/contracts';
import { apiRequest } from '@/lib/api-client';
import { fileNameFrom, saveBlob } from './save-file';

export type RenderKind = 'qr' | 'card';

/** The error a blank answer throws (the buttons say it in the reader's language). */
export const EMPTY_FILE = 'Empty file received';

/**
 * Downloads one rendered file: the bare QR (POST /api/download-qr) or the full voucher card
 * (POST /api/generate-qr-image). Only the id is sent; the server prints its own record of the code.
 * A card's `cardLanguage` is the one chosen on screen (the Generate screen's); without it the server
 * prints the code's batch's (decision 359), English for a code of no batch.
 */
export async function fetchRenderedFile(
  kind: RenderKind,
  id: string,
  format: RenderFormat,
  size?: CardSize,
  cardLanguage?: CardLanguage,
) {
  const response =
    kind === 'qr'
      ? await apiRequest('/api/download-qr', { method: 'POST', body: { qrCode: id, format } })
      : await apiRequest('/api/generate-qr-image', {
          method: 'POST',
          body: {
            qrUrl: `${window.location.origin}/voucher/${id}`,
            qrData: { id },
            format,
            size,
            ...(cardLanguage ? { cardLanguage } : {}),
          },
        });
  const blob = await response.blob();
  if (blob.size === 0) throw new Error(EMPTY_FILE);
  const prefix = kind === 'qr' ? 'qr-code' : 'qr-preview';
  return { blob, fileName: fileNameFrom(response, `${prefix}-${id.slice(0, 8)}.${format}`) };
}

export async function downloadRenderedFile(
  kind: RenderKind,
  id: string,
  format: RenderFormat,
  size?: CardSize,
  cardLanguage?: CardLanguage,
): Promise<void> {
  const { blob, fileName } = await fetchRenderedFile(kind, id, format, size, cardLanguage);
  saveBlob(blob, fileName);
}
