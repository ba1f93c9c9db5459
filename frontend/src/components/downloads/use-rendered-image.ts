import type { RenderFormat } from '@avpass/contracts';
import { useEffect, useState } from 'react';
import { fetchRenderedFile, type RenderKind } from './render-file';

export type QrImageState =
  | { status: 'loading'; url: null }
  | { status: 'ready'; url: string }
  | { status: 'error'; url: null };

/**
 * The server's rendering of a code as an object URL (the QR is drawn by the rendering service from
 * its own record, so the preview is exactly what prints). The URL is revoked when the id changes.
 */
export function useRenderedImage(id: string, kind: RenderKind = 'qr', format: RenderFormat = 'png') {
  const key = `${kind}:${format}:${id}`;
  // The state remembers which image it belongs to; a new id reads as loading until its image arrives.
  const [state, setState] = useState<{ key: string; image: QrImageState } | null>(null);

  useEffect(() => {
    let cancelled = false;
    let objectUrl: string | null = null;
    fetchRenderedFile(kind, id, format).then(
      ({ blob }) => {
        if (cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setState({ key, image: { status: 'ready', url: objectUrl } });
      },
      () => {
        if (!cancelled) setState({ key, image: { status: 'error', url: null } });
      },
    );
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [key, id, kind, format]);

  return state?.key === key ? state.image : ({ status: 'loading', url: null } as const);
}
