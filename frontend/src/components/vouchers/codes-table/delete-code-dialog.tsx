import type { QrCode } from '@avpass/contracts';
import type { ReactNode } from 'react';
import { ConfirmDialog } from '@/components/feedback/confirm-dialog';
import { useToast } from '@/components/toast/toast-context';
import { apiErrorText } from '@/i18n/api-error-text';
import { useT } from '@/i18n/i18n';
import type { MessageId } from '@/i18n/message-id';
import type { Translate } from '@avpass/contracts/i18n/voucher-words';
import { codeName, shortId } from '@/lib/code-display';
import { useDeleteQrCode } from '@/lib/vouchers-api';
import type { CodesRole } from './codes-roles';

/** What deleting means for each role, in its own words. */
const DELETE_TEXT: Readonly<
  Record<
    CodesRole,
    {
      explain: (code: QrCode, t: Translate<MessageId>) => ReactNode;
      done: (code: QrCode, t: Translate<MessageId>) => { title: string; description: string };
      failed: { title: MessageId; fallback: MessageId };
    }
  >
> = {
  // super_admin deletes the code everywhere.
  admin: {
    explain: (code, t) =>
      t('staff.codes.deleteAdminText', { name: code.customTitle || code.clinicName, id: shortId(code.id) }),
    done: (code, t) => ({
      title: t('staff.codes.deleted'),
      description: t('staff.codes.deletedText', { id: shortId(code.id) }),
    }),
    failed: { title: 'staff.codes.deleteFailed', fallback: 'staff.codes.deleteFailedText' },
  },
  // A company removes it from its own list only.
  company: {
    explain: (code, t) => (
      <>
        <strong>{codeName(code)}</strong> {t('staff.codes.deleteCompanyText')}
      </>
    ),
    done: (_code, t) => ({ title: t('staff.codes.success'), description: t('staff.codes.deletedCompany') }),
    failed: { title: 'staff.codes.error', fallback: 'staff.codes.deleteFailedCompany' },
  },
};

/** Deleting a code (after confirmation), as the role may: everywhere, or from the company's list. */
export function DeleteCodeDialog({
  role,
  code,
  onClose,
  onDeleted,
}: {
  role: CodesRole;
  code: QrCode | null;
  onClose: () => void;
  onDeleted?: (code: QrCode) => void;
}) {
  const remove = useDeleteQrCode(role);
  const { toast } = useToast();
  const text = DELETE_TEXT[role];
  const t = useT();

  const confirm = () => {
    if (!code) return;
    remove.mutate(code.id, {
      onSuccess: () => {
        toast(text.done(code, t));
        onDeleted?.(code);
        onClose();
      },
      onError: (error) =>
        toast({
          title: t(text.failed.title),
          description: apiErrorText(error, t(text.failed.fallback)),
          kind: 'destructive',
        }),
    });
  };

  return (
    <ConfirmDialog
      open={code !== null}
      title={t('staff.codes.deleteTitle')}
      description={code ? text.explain(code, t) : ''}
      confirmLabel={t('staff.codes.delete')}
      pending={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
      confirmTestId="confirm-delete"
    />
  );
}
