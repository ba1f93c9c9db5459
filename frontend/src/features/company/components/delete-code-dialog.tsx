import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

/** Confirms removing a code from this company's list (other partners and members keep it). */
export function DeleteCodeDialog({
  codeName,
  open,
  pending,
  onCancel,
  onConfirm,
}: {
  codeName: string;
  open: boolean;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onCancel}
      aria-labelledby="delete-code-title"
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id="delete-code-title">Delete this QR code?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          <strong>{codeName}</strong> will be removed from your company&apos;s list. Vouchers already handed
          out are not affected.
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button
          variant="contained"
          color="error"
          onClick={onConfirm}
          disabled={pending}
          startIcon={pending ? <CircularProgress size={16} color="inherit" /> : undefined}
          data-testid="confirm-delete"
        >
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}
