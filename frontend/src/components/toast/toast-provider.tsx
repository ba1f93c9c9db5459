import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import ErrorRoundedIcon from '@mui/icons-material/ErrorRounded';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Snackbar, { type SnackbarCloseReason, type SnackbarOrigin } from '@mui/material/Snackbar';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { ToastContext, type ToastApi, type ToastInput } from './toast-context';

const AUTO_HIDE_MS = 5000;

interface ActiveToast extends Required<Pick<ToastInput, 'title' | 'kind'>> {
  id: number;
  description: string | undefined;
}

let nextToastId = 1;

/**
 * Where a toast sits: never over the action the user is about to press. Row actions (the sticky last
 * column), the pager and dialog buttons are on the right and at the bottom, so on a wide screen the
 * toast takes the bottom-left corner; on a phone, where cards and full-screen dialogs put their
 * buttons at the bottom, it comes from the top (over the title bar, not an action).
 */
const WIDE_ORIGIN: SnackbarOrigin = { vertical: 'bottom', horizontal: 'left' };
const PHONE_ORIGIN: SnackbarOrigin = { vertical: 'top', horizontal: 'center' };

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
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });

  return (
    <ToastContext.Provider value={api}>
      {children}
      <Snackbar
        key={current?.id}
        open={open && current !== null}
        autoHideDuration={AUTO_HIDE_MS}
        onClose={handleClose}
        anchorOrigin={phone ? PHONE_ORIGIN : WIDE_ORIGIN}
        sx={
          phone
            ? { top: 8, left: 8, right: 8, maxWidth: 'calc(100% - 16px)' }
            : { left: 24, right: 'auto', maxWidth: 420 }
        }
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
