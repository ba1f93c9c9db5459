import { useEffect } from 'react';

export const APP_NAME = 'AV Pass';

/** "{title} · AV Pass", or the product name alone. */
export function documentTitle(title: string | null): string {
  return title ? `${title} · ${APP_NAME}` : APP_NAME;
}

/**
 * Sets the browser tab's title for the screen on show. `undefined` leaves it to the screen below (a
 * route whose page names itself from its data, such as a voucher).
 */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (title !== undefined) document.title = documentTitle(title);
  }, [title]);
}
