import type { AthleteCredit } from '@avpass/contracts';
import { formatCentsIn } from '@avpass/domain';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useToast } from '@/components/toast/toast-context';
import { apiErrorText, apiFieldErrorTexts } from '@/i18n/api-error-text';
import { useWords } from '@/i18n/i18n';
import { focusFirstError } from '@/lib/form-errors';
import { newIdempotencyKey } from '@/lib/idempotency';
import { useRecordPartnerTransaction } from '../api/record-partner-transaction';
import { getSpendableAthletes } from '../api/get-spendable-athletes';
import { AthleteNameField } from './athlete-name-field';
import { Money } from './credit-bits';
import {
  amountCents,
  EMPTY_TRANSACTION,
  TransactionFields,
  type TransactionForm,
} from './transaction-fields';

/** The athlete's spendable credit whose name matches, case-insensitively, or null. */
export function matchAthlete(credits: readonly AthleteCredit[], name: string): AthleteCredit | null {
  const wanted = name.trim().toLowerCase();
  return (
    credits.find(
      (c) => c.athleteName.trim().toLowerCase() === wanted && c.currentBalance > 0 && c.status === 'active',
    ) ?? null
  );
}

/**
 * The partner's Record Transaction: athlete name (a type-ahead over the athletes with a balance; a
 * typed name must match one), type, description, amount in dollars (sent as whole cents) and notes.
 * The partner is the session's.
 */
export function PartnerRecordDialog({
  open,
  athlete,
  onClose,
}: {
  open: boolean;
  /** Opened from a row's Process button: the athlete is filled in. */
  athlete: AthleteCredit | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="partner-record-title" maxWidth="sm" fullWidth>
      {open && <PartnerRecordForm key={athlete?.id ?? 'typed'} athlete={athlete} onClose={onClose} />}
    </Dialog>
  );
}

function PartnerRecordForm({ athlete, onClose }: { athlete: AthleteCredit | null; onClose: () => void }) {
  const [name, setName] = useState(athlete?.athleteName ?? '');
  /** The credit picked from the type-ahead (or the row's), while the name is left as picked. */
  const [picked, setPicked] = useState<AthleteCredit | null>(athlete);
  const [form, setForm] = useState<TransactionForm>(EMPTY_TRANSACTION);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [checking, setChecking] = useState(false);
  const [key] = useState(newIdempotencyKey);
  const record = useRecordPartnerTransaction();
  const { toast } = useToast();
  const { t, language } = useWords();
  const failed = (error: unknown) =>
    toast({
      title: t('credits.error'),
      description: apiErrorText(error, t('credits.record.failed')),
      kind: 'destructive',
    });

  const submit = async () => {
    const problems: Record<string, string> = {};
    if (!name.trim()) problems.athleteName = t('credits.record.athleteRequired');
    if (!form.description.trim()) problems.description = t('credits.record.descriptionRequired');
    const amount = amountCents(form.amount, t);
    if ('error' in amount) problems.amount = amount.error;
    setErrors(problems);
    if (Object.keys(problems).length || 'error' in amount) return focusFirstError();

    setChecking(true);
    let credit: AthleteCredit | null = null;
    try {
      credit =
        picked && picked.athleteName === name
          ? picked
          : matchAthlete((await getSpendableAthletes({ search: name.trim(), limit: 50 })).items, name);
    } catch (error) {
      setChecking(false);
      failed(error);
      return;
    }
    setChecking(false);
    if (!credit) {
      const notFound = t('credits.record.athleteNotFound');
      setErrors({ athleteName: notFound });
      toast({ title: t('credits.error'), description: notFound, kind: 'destructive' });
      return;
    }
    record.mutate(
      {
        id: credit.id,
        key,
        transactionType: form.transactionType,
        description: form.description,
        amount: amount.cents,
        notes: form.notes,
      },
      {
        onSuccess: (answer) => {
          toast({
            title: t('credits.record.done'),
            description: t('credits.record.balanceNow', {
              name: answer.credit.athleteName,
              balance: formatCentsIn(language, answer.credit.currentBalance),
            }),
          });
          onClose();
        },
        onError: failed,
      },
    );
  };

  const busy = checking || record.isPending;
  const shown = { ...apiFieldErrorTexts(record.error), ...errors };
  return (
    <>
      <DialogTitle id="partner-record-title">{t('credits.record.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <AthleteNameField
            value={name}
            onChange={(text, credit) => {
              setName(text);
              setPicked(credit);
            }}
            error={shown.athleteName}
          />
          {picked && picked.athleteName === name && (
            <Typography variant="body2" color="text.secondary" data-testid="picked-balance">
              {t('credits.record.availableBalance')} <Money cents={picked.currentBalance} strong />
            </Typography>
          )}
          <TransactionFields form={form} onChange={setForm} errors={shown} withCategory={false} />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy}>
          {t('credits.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={() => void submit()}
          disabled={busy}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {t('credits.record.title')}
        </Button>
      </DialogActions>
    </>
  );
}
