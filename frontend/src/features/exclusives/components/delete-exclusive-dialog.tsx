import type { Exclusive } from '@avpass/contracts';
import { ConfirmDialog } from '@/components/feedback/confirm-dialog';
import { useToast } from '@/components/toast/toast-context';
import { errorMessageOf } from '@/lib/api-client';
import { useDeleteExclusive } from '../api/delete-exclusive';

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
    <ConfirmDialog
      open={exclusive !== null}
      title="Delete this exclusive?"
      description={
        <>
          {exclusive ? `${exclusive.customTitle ?? exclusive.service}. ` : ''}Its voucher page stops working.
          This action cannot be undone.
        </>
      }
      confirmLabel="Delete"
      pending={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
