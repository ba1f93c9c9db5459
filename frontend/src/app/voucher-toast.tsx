import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import ErrorRoundedIcon from '@mui/icons-material/ErrorRounded';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { ToastContext, type ToastApi, type ToastInput } from '@/components/toast/toast-context';

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
 * newest wins, gone after 5 s, from the top on a phone and at the bottom left on a wide screen) but
 * without MUI's Snackbar and its transitions: the voucher page's JavaScript budget (issue 28).
 */
export function VoucherToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ShownToast | null>(null);
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
        <Box
          key={current.id}
          sx={(theme) => ({
            position: 'fixed',
            zIndex: theme.zIndex.snackbar,
            top: { xs: 8, sm: 'auto' },
            bottom: { sm: 24 },
            left: { xs: 8, sm: 24 },
            right: { xs: 8, sm: 'auto' },
            maxWidth: { sm: 420 },
          })}
        >
          <Alert
            data-testid="toast"
            data-kind={current.destructive ? 'destructive' : 'default'}
            variant="filled"
            severity={current.destructive ? 'error' : 'success'}
            icon={current.destructive ? <ErrorRoundedIcon /> : <CheckCircleRoundedIcon />}
            onClose={dismiss}
            role={current.destructive ? 'alert' : 'status'}
            sx={[
              { width: '100%' },
              !current.destructive &&
                ((theme) => ({
                  backgroundColor: theme.palette.navy[900],
                  color: theme.palette.common.white,
                  '& .MuiAlert-icon': { color: theme.palette.secondary.main },
                })),
            ]}
          >
            <AlertTitle>{current.title}</AlertTitle>
            {current.description}
          </Alert>
        </Box>
      )}
    </ToastContext.Provider>
  );
}
