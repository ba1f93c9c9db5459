import type { Vendor } from '@avpass/contracts';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useToast } from '@/components/toast/toast-context';
import { errorMessageOf } from '@/lib/api-client';
import { useDeleteVendor } from '../api/vendor-mutations';

/** 'Are you sure you want to delete this partner?', saying what stays and what goes. */
export function DeletePartnerDialog({
  vendor,
  onClose,
  onDeleted,
}: {
  vendor: Vendor | null;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const remove = useDeleteVendor();
  const { toast } = useToast();

  const confirm = () => {
    if (!vendor) return;
    remove.mutate(vendor.id, {
      onSuccess: () => {
        toast({ title: 'Partner Deleted', description: `${vendor.name} was removed from the network.` });
        onDeleted?.();
        onClose();
      },
      onError: (error) =>
        toast({
          title: 'Error',
          description: errorMessageOf(error, 'Failed to delete partner'),
          kind: 'destructive',
        }),
    });
  };

  return (
    <Dialog
      open={vendor !== null}
      onClose={onClose}
      aria-labelledby="delete-partner-title"
      aria-describedby="delete-partner-detail"
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id="delete-partner-title">Are you sure you want to delete this partner?</DialogTitle>
      <DialogContent>
        <DialogContentText id="delete-partner-detail">
          {vendor ? <strong>{vendor.name}</strong> : null} will be removed with its logo and gallery, and its
          portal users will be signed out and deactivated. Its vouchers and their redemptions are kept.
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
          Delete Partner
        </Button>
      </DialogActions>
    </Dialog>
  );
}
