import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import ErrorRoundedIcon from '@mui/icons-material/ErrorRounded';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { ToastContext, type ToastApi, type ToastInput } from './toast-context';

const AUTO_HIDE_MS = 5000;

interface ActiveToast extends Required<Pick<ToastInput, 'title' | 'kind'>> {
  id: number;
  description: string | undefined;
}

let nextToastId = 1;

/** One toast at a time (the newest wins), as in the original app's toaster. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ActiveToast | null>(null);
  const [open, setOpen] = useState(false);

  const toast = useCallback((input: ToastInput) => {
    setCurrent({
      id: nextToastId++,
      title: input.title,
      description: input.description,
      kind: input.kind ?? 'default',
    });
    setOpen(true);
  }, []);
  const dismiss = useCallback(() => setOpen(false), []);
  const api = useMemo<ToastApi>(() => ({ toast, dismiss }), [toast, dismiss]);

  const handleClose = (_event: unknown, reason?: SnackbarCloseReason) => {
    if (reason === 'clickaway') return;
    setOpen(false);
  };

  const destructive = current?.kind === 'destructive';

  return (
    <ToastContext.Provider value={api}>
      {children}
      <Snackbar
        key={current?.id}
        open={open && current !== null}
        autoHideDuration={AUTO_HIDE_MS}
        onClose={handleClose}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        sx={{ maxWidth: { xs: 'calc(100% - 16px)', sm: 420 }, left: { xs: 8, sm: 'auto' } }}
      >
        <Alert
          data-testid="toast"
          data-kind={current?.kind}
          variant="filled"
          severity={destructive ? 'error' : 'success'}
          icon={destructive ? <ErrorRoundedIcon /> : <CheckCircleRoundedIcon />}
          onClose={() => setOpen(false)}
          role={destructive ? 'alert' : 'status'}
          sx={[
            { width: '100%' },
            !destructive &&
              ((theme) => ({
                backgroundColor: theme.palette.navy[900],
                color: theme.palette.common.white,
                '& .MuiAlert-icon': { color: theme.palette.secondary.main },
              })),
          ]}
        >
          <AlertTitle>{current?.title}</AlertTitle>
          {current?.description}
        </Alert>
      </Snackbar>
    </ToastContext.Provider>
  );
}
