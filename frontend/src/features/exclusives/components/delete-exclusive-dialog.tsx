import type { Exclusive } from '@avpass/contracts';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useToast } from '@/components/toast/toast-context';
import { errorMessageOf } from '@/lib/api-client';
import { useDeleteExclusive } from '../api/exclusives';

/** Delete with the confirmation 'This action cannot be undone' (spec section 2) and the §8 toasts. */
export function DeleteExclusiveDialog({
  exclusive,
  onClose,
}: {
  exclusive: Exclusive | null;
  onClose: () => void;
}) {
  const remove = useDeleteExclusive();
  const { toast } = useToast();

  const confirm = () => {
    if (!exclusive) return;
    remove.mutate(exclusive.id, {
      onSuccess: () => {
        toast({ title: 'Exclusive Deleted', description: `${exclusive.service} was deleted.` });
        onClose();
      },
      onError: (error) =>
        toast({
          title: 'Deletion Failed',
          description: errorMessageOf(error, 'Failed to delete exclusive'),
          kind: 'destructive',
        }),
    });
  };

  return (
    <Dialog
      open={exclusive !== null}
      onClose={() => !remove.isPending && onClose()}
      aria-labelledby="delete-exclusive-title"
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id="delete-exclusive-title">Delete this exclusive?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {exclusive ? `${exclusive.customTitle ?? exclusive.service}. ` : ''}Its voucher page stops working.
          This action cannot be undone.
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
