import type { QrCode } from '@avpass/contracts';
import { ConfirmDialog } from '@/components/feedback/confirm-dialog';
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
    <ConfirmDialog
      open={code !== null}
      title="Delete this QR code?"
      description={
        <>
          {code ? `${code.customTitle || code.clinicName} (${shortId(code.id)}). ` : ''}
          Its voucher page stops working and partners no longer see it. This cannot be undone.
        </>
      }
      confirmLabel="Delete"
      pending={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
