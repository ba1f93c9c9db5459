import type { QrCode } from '@avpass/contracts';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useToast } from '@/components/toast/toast-context';
import { useDeleteQrCode } from '@/lib/vouchers-api';
import { errorMessageOf } from '@/lib/api-client';
import { shortId } from '../lib/short-id';

/** Deleting a code everywhere (super_admin), after confirmation. */
export function DeleteCodeDialog({ code, onClose }: { code: QrCode | null; onClose: () => void }) {
  const remove = useDeleteQrCode('admin');
  const { toast } = useToast();

  const confirm = () => {
    if (!code) return;
    remove.mutate(code.id, {
      onSuccess: () => {
        toast({ title: 'QR Code Deleted', description: `QR code ${shortId(code.id)} was deleted.` });
        onClose();
      },
      onError: (error) =>
        toast({
          title: 'Delete Failed',
          description: errorMessageOf(error, 'Could not delete QR code.'),
          kind: 'destructive',
        }),
    });
  };

  return (
    <Dialog
      open={code !== null}
      onClose={onClose}
      aria-labelledby="delete-code-title"
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id="delete-code-title">Delete this QR code?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {code ? `${code.customTitle || code.clinicName} (${shortId(code.id)}). ` : ''}
          Its voucher page stops working and partners no longer see it. This cannot be undone.
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={remove.isPending}>
          Cancel
        </Button>
        <Button
          color="error"
          variant="contained"
          onClick={confirm}
          disabled={remove.isPending}
          startIcon={remove.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}
