import type { Statement, StatementLine } from '@avpass/contracts';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useToast } from '@/components/toast/toast-context';
import { paths } from '@/config/paths';
import { apiErrorText } from '@/i18n/api-error-text';
import { useT } from '@/i18n/i18n';
import { useApproveStatement } from '@/lib/statements-api';
import { DisputeDialog } from './dispute-dialog';
import { PaidDialog } from './paid-dialog';
import { ResolveDialog } from './resolve-dialog';

type Open = 'dispute' | 'resolve' | 'paid' | null;

/**
 * What the viewer may do with the statement now: the partner approves or disputes an issued one; the
 * administrator resolves a disputed one or marks an issued or approved one paid.
 */
export function StatementActions({
  statement,
  lines,
  partnerView,
}: {
  statement: Statement;
  lines: readonly StatementLine[];
  partnerView: boolean;
}) {
  const t = useT();
  const { toast } = useToast();
  const navigate = useNavigate();
  const approve = useApproveStatement();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);

  function approveIt() {
    approve.mutate(
      { id: statement.id },
      {
        onSuccess: () =>
          toast({ title: t('statements.approve.done'), description: t('statements.approve.thanks') }),
        onError: (e) =>
          toast({
            title: t('statements.approve.notDone'),
            description: apiErrorText(e, t('statements.approve.failed')),
            kind: 'destructive',
          }),
      },
    );
  }

  const buttons =
    partnerView && statement.status === 'issued'
      ? [
          <Button key="approve" variant="contained" disabled={approve.isPending} onClick={approveIt}>
            {t('statements.actions.approve')}
          </Button>,
          <Button key="dispute" variant="outlined" onClick={() => setOpen('dispute')}>
            {t('statements.actions.dispute')}
          </Button>,
        ]
      : !partnerView && statement.status === 'disputed'
        ? [
            <Button key="resolve" variant="contained" onClick={() => setOpen('resolve')}>
              {t('statements.actions.resolve')}
            </Button>,
          ]
        : !partnerView && (statement.status === 'issued' || statement.status === 'approved')
          ? [
              <Button key="paid" variant="contained" onClick={() => setOpen('paid')}>
                {t('statements.actions.paid')}
              </Button>,
            ]
          : [];

  return (
    <>
      {buttons.length > 0 && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {buttons}
        </Stack>
      )}
      {open === 'dispute' && <DisputeDialog id={statement.id} lines={lines} onClose={close} />}
      {open === 'resolve' && (
        <ResolveDialog
          statement={statement}
          onClose={close}
          onResolved={(revision) => void navigate(paths.statement.getHref(revision.id), { replace: true })}
        />
      )}
      {open === 'paid' && <PaidDialog statement={statement} onClose={close} />}
    </>
  );
}
