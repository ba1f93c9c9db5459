import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type ReactNode } from 'react';
import { useT } from '@/i18n/i18n';

export interface ConfirmDialogProps {
  open: boolean;
  /** The question, which also names the dialog ('Delete this QR code?'). */
  title: string;
  /** What the action does, read out as the dialog's description. */
  description?: ReactNode;
  /** The confirming button's label ('Delete', 'Remove', 'Void'). */
  confirmLabel: string;
  /** The action is running: both buttons wait and the dialog stays open. */
  pending?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** Extra input under the description (a reason field). */
  children?: ReactNode;
  /** A test id for the confirming button. */
  confirmTestId?: string;
  /** The closing button's label, when 'Cancel' would read as the action itself ('Keep it'). */
  cancelLabel?: string;
  /** The confirming button waits for the extra input (a merge's other member, say). */
  confirmDisabled?: boolean;
}

/**
 * The one question before a destructive action: titled and described for screen readers, Cancel and a
 * red confirming button that shows a spinner while the action runs. Escape, the backdrop and Cancel
 * close it unless the action is running; MUI returns the focus to the button that opened it.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  pending = false,
  onConfirm,
  onClose,
  children,
  confirmTestId,
  cancelLabel,
  confirmDisabled = false,
}: ConfirmDialogProps) {
  const t = useT();
  const titleId = useId();
  const descriptionId = useId();
  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {description && (
          <DialogContentText id={descriptionId} sx={children ? { mb: 2 } : undefined}>
            {description}
          </DialogContentText>
        )}
        {children}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={pending}>
          {cancelLabel ?? t('staff.dialog.cancel')}
        </Button>
        <Button
          color="error"
          variant="contained"
          onClick={onConfirm}
          disabled={pending || confirmDisabled}
          startIcon={pending ? <CircularProgress size={16} color="inherit" /> : undefined}
          data-testid={confirmTestId}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
