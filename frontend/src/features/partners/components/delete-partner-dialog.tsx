import type { Vendor } from '@avpass/contracts';
import { ConfirmDialog } from '@/components/feedback/confirm-dialog';
import { useToast } from '@/components/toast/toast-context';
import { errorMessageOf } from '@/lib/api-client';
import { useDeleteVendor } from '../api/delete-vendor';

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
    <ConfirmDialog
      open={vendor !== null}
      title="Are you sure you want to delete this partner?"
      description={
        <>
          {vendor ? <strong>{vendor.name}</strong> : null} will be removed with its logo and gallery, and its
          portal users will be signed out and deactivated. Its vouchers and their redemptions are kept.
        </>
      }
      confirmLabel="Delete Partner"
      pending={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
