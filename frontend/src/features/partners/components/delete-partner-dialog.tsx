import type { Vendor } from '@avpass/contracts';
import { ConfirmDialog } from '@/components/feedback/confirm-dialog';
import { useToast } from '@/components/toast/toast-context';
import { apiErrorText } from '@/i18n/api-error-text';
import { useT } from '@/i18n/i18n';
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
  const t = useT();

  const confirm = () => {
    if (!vendor) return;
    remove.mutate(vendor.id, {
      onSuccess: () => {
        toast({
          title: t('partners.deleted'),
          description: t('partners.deletedText', { name: vendor.name }),
        });
        onDeleted?.();
        onClose();
      },
      onError: (error) =>
        toast({
          title: t('partners.errorTitle'),
          description: apiErrorText(error, t('partners.deleteFailed')),
          kind: 'destructive',
        }),
    });
  };

  return (
    <ConfirmDialog
      open={vendor !== null}
      title={t('partners.deleteTitle')}
      description={
        <>
          {vendor ? <strong>{vendor.name}</strong> : null} {t('partners.deleteText')}
        </>
      }
      confirmLabel={t('partners.deleteConfirm')}
      pending={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
