import Dialog, { type DialogProps } from '@mui/material/Dialog';
import type { SxProps, Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ReactNode } from 'react';

/**
 * The house's larger dialogs (a form, a detail view): as wide as `maxWidth` allows on a desktop, the
 * whole screen on a phone, named by its title's id. The caller mounts the body only while it is open, so
 * a closed dialog keeps no half-typed state.
 */
export function ResponsiveDialog({
  open,
  onClose,
  labelledBy,
  maxWidth = 'sm',
  paperSx,
  children,
}: {
  open: boolean;
  onClose: () => void;
  /** The id of the dialog's title. */
  labelledBy: string;
  maxWidth?: DialogProps['maxWidth'];
  /** The paper's own style (a minimum height, …). */
  paperSx?: SxProps<Theme>;
  children: ReactNode;
}) {
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth={maxWidth}
      fullScreen={fullScreen}
      aria-labelledby={labelledBy}
      slotProps={paperSx ? { paper: { sx: paperSx } } : undefined}
    >
      {children}
    </Dialog>
  );
}
