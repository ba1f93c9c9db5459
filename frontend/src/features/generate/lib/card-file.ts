import type { CardLanguage, CardSize } from '@avpass/contracts';
import { apiRequest } from '@/lib/api-client';

/**
 * The voucher card as a PNG in the language asked for (decision 359: a single code has no batch, so
 * its card is printed in the language chosen beside Print, and downloaded in it too: DownloadButtons'
 * `cardLanguage`; the server checks it against the list).
 */
export async function fetchCardImage(id: string, size: CardSize, cardLanguage: CardLanguage): Promise<Blob> {
  const response = await apiRequest('/api/generate-qr-image', {
    method: 'POST',
    body: { qrData: { id }, format: 'png', size, cardLanguage },
  });
  const blob = await response.blob();
  if (blob.size === 0) throw new Error('Empty file received');
  return blob;
}
