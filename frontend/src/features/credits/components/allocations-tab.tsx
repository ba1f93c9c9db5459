import type { AthleteCredit } from '@avpass/contracts';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/feedback/confirm-dialog';
import { useToast } from '@/components/toast/toast-context';
import { apiErrorText } from '@/i18n/api-error-text';
import { useT } from '@/i18n/i18n';
import { HistoryLink } from '@/components/audit/history-link';
import { useDeleteCredit } from '../api/delete-credit';
import { CreditsList } from './credits-list';
import { NewCreditDialog } from './new-credit-dialog';
import { RecordTransactionDialog } from './record-transaction-dialog';

/**
 * Credit Allocations: every active allocation with its balance, searched, sorted and filtered by status
 * and partner on the server, the view in the URL (issue 27); New Credit Allocation; record; delete.
 */
export function AllocationsTab() {
  const [creating, setCreating] = useState(false);
  const [recording, setRecording] = useState<AthleteCredit | null>(null);
  const [deleting, setDeleting] = useState<AthleteCredit | null>(null);
  const remove = useDeleteCredit();
  const { toast } = useToast();
  const t = useT();

  const deleteCredit = (credit: AthleteCredit) => {
    remove.mutate(credit.id, {
      onSuccess: (answer) => {
        setDeleting(null);
        toast({
          title: t('credits.delete.done'),
          description: answer.outcome === 'deactivated' ? t('credits.delete.deactivated') : undefined,
        });
      },
      onError: (error) =>
        toast({
          title: t('credits.error'),
          description: apiErrorText(error, t('credits.delete.failed')),
          kind: 'destructive',
        }),
    });
  };

  const actions = (credit: AthleteCredit) => (
    <>
      <Button
        size="small"
        variant="outlined"
        disabled={credit.status !== 'active' || credit.currentBalance === 0}
        onClick={() => setRecording(credit)}
      >
        {t('credits.allocations.record')}
      </Button>
      <IconButton
        size="small"
        aria-label={t('credits.delete.label', { name: credit.athleteName })}
        onClick={() => setDeleting(credit)}
        disabled={remove.isPending}
      >
        <DeleteOutlineRoundedIcon fontSize="small" />
      </IconButton>
      <HistoryLink
        icon
        targetType="credit"
        targetId={credit.id}
        label={t('credits.allocations.history', { name: credit.athleteName })}
      />
    </>
  );

  return (
    <Box>
      <CreditsList
        role="admin"
        actions={actions}
        searchAction={
          <Button
            variant="contained"
            startIcon={<AddRoundedIcon />}
            onClick={() => setCreating(true)}
            data-testid="new-credit"
          >
            {t('credits.create.title')}
          </Button>
        }
      />
      <NewCreditDialog open={creating} onClose={() => setCreating(false)} />
      <RecordTransactionDialog credit={recording} onClose={() => setRecording(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title={t('credits.delete.title', { name: deleting?.athleteName ?? '' })}
        description={t('credits.delete.text')}
        confirmLabel={t('credits.delete.confirm')}
        pending={remove.isPending}
        onConfirm={() => deleting && deleteCredit(deleting)}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}
