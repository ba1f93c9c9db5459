import type { Exclusive } from '@avpass/contracts';
import { ConfirmDialog } from '@/components/feedback/confirm-dialog';
import { useToast } from '@/components/toast/toast-context';
import { apiErrorText } from '@/i18n/api-error-text';
import { useT } from '@/i18n/i18n';
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
  const t = useT();

  const confirm = () => {
    if (!exclusive) return;
    remove.mutate(exclusive.id, {
      onSuccess: () => {
        toast({
          title: t('exclusives.delete.done'),
          description: t('exclusives.delete.doneText', { name: exclusive.service }),
        });
        onClose();
      },
      onError: (error) =>
        toast({
          title: t('exclusives.delete.failed'),
          description: apiErrorText(error, t('exclusives.delete.failedText')),
          kind: 'destructive',
        }),
    });
  };

  return (
    <ConfirmDialog
      open={exclusive !== null}
      title={t('exclusives.delete.title')}
      description={
        exclusive
          ? t('exclusives.delete.textNamed', { name: exclusive.customTitle ?? exclusive.service })
          : t('exclusives.delete.text')
      }
      confirmLabel={t('exclusives.delete.confirm')}
      pending={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
