import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { ToastContext, type ToastApi, type ToastInput } from '@/components/toast/toast-context';
import { VoucherIcon } from '@/features/voucher/components/voucher-icon';
import { useT } from '@/i18n/i18n';

const AUTO_HIDE_MS = 5000;

interface ShownToast {
  id: number;
  title: string;
  description: string | undefined;
  destructive: boolean;
}

let nextToastId = 1;

/**
 * The voucher page's toasts (spec section 8), as the app's ToastProvider shows them (one at a time, the
 * newest wins, gone after 5 s, from the top on a phone and at the bottom left on a wide screen), drawn
 * with the page's CSS (`.vs-toast`) instead of MUI's Snackbar and Alert (decision 304).
 */
export function VoucherToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ShownToast | null>(null);
  const t = useT();
  const toast = useCallback((input: ToastInput) => {
    setCurrent({
      id: nextToastId++,
      title: input.title,
      description: input.description,
      destructive: input.kind === 'destructive',
    });
  }, []);
  const dismiss = useCallback(() => setCurrent(null), []);
  const api = useMemo<ToastApi>(() => ({ toast, dismiss }), [toast, dismiss]);

  useEffect(() => {
    if (!current) return;
    const timer = window.setTimeout(() => setCurrent(null), AUTO_HIDE_MS);
    return () => window.clearTimeout(timer);
  }, [current]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      {current && (
        <div className="vs-toast" key={current.id}>
          <div
            data-testid="toast"
            data-kind={current.destructive ? 'destructive' : 'default'}
            role={current.destructive ? 'alert' : 'status'}
          >
            <VoucherIcon name={current.destructive ? 'error' : 'check'} />
            <div className="vs-toast-text">
              <div className="vs-alert-title">{current.title}</div>
              {current.description}
            </div>
            <button
              type="button"
              aria-label={t('voucher.toast.close')}
              title={t('voucher.toast.close')}
              onClick={dismiss}
            >
              <VoucherIcon name="close" className="vs-icon" />
            </button>
          </div>
        </div>
      )}
    </ToastContext.Provider>
  );
}
