import type { QrCode } from '@avpass/contracts';
import type { ReactNode } from 'react';
import { ConfirmDialog } from '@/components/feedback/confirm-dialog';
import { useToast } from '@/components/toast/toast-context';
import { errorMessageOf } from '@/lib/api-client';
import { codeName, shortId } from '@/lib/code-display';
import { useDeleteQrCode } from '@/lib/vouchers-api';
import type { CodesRole } from './codes-roles';

/** What deleting means for each role, in its own words. */
const DELETE_TEXT: Readonly<
  Record<
    CodesRole,
    {
      explain: (code: QrCode) => ReactNode;
      done: (code: QrCode) => { title: string; description: string };
      failed: { title: string; fallback: string };
    }
  >
> = {
  // super_admin deletes the code everywhere.
  admin: {
    explain: (code) => (
      <>
        {`${code.customTitle || code.clinicName} (${shortId(code.id)}). `}
        Its voucher page stops working and partners no longer see it. This cannot be undone.
      </>
    ),
    done: (code) => ({ title: 'QR Code Deleted', description: `QR code ${shortId(code.id)} was deleted.` }),
    failed: { title: 'Delete Failed', fallback: 'Could not delete QR code.' },
  },
  // A company removes it from its own list only.
  company: {
    explain: (code) => (
      <>
        <strong>{codeName(code)}</strong> will be removed from your company&apos;s list. Vouchers already
        handed out are not affected.
      </>
    ),
    done: () => ({ title: 'Success', description: 'QR code deleted successfully' }),
    failed: { title: 'Error', fallback: 'Failed to delete QR code' },
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

  const confirm = () => {
    if (!code) return;
    remove.mutate(code.id, {
      onSuccess: () => {
        toast(text.done(code));
        onDeleted?.(code);
        onClose();
      },
      onError: (error) =>
        toast({
          title: text.failed.title,
          description: errorMessageOf(error, text.failed.fallback),
          kind: 'destructive',
        }),
    });
  };

  return (
    <ConfirmDialog
      open={code !== null}
      title="Delete this QR code?"
      description={code ? text.explain(code) : ''}
      confirmLabel="Delete"
      pending={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
      confirmTestId="confirm-delete"
    />
  );
}
