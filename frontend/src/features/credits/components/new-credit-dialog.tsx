import {
  ATHLETE_ROLES,
  DEFAULT_CREDIT_DURATION_MONTHS,
  type AthleteCredit,
  type Member,
} from '@avpass/contracts';
import { dollarsToCents, formatCentsIn, formatDateIn, monthlyCreditAmount } from '@avpass/domain';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type ChangeEvent } from 'react';
import { ConfirmDialog } from '@/components/feedback/confirm-dialog';
import { MemberPicker } from '@/components/members/member-picker';
import { useToast } from '@/components/toast/toast-context';
import { apiErrorText, apiFieldErrorTexts } from '@/i18n/api-error-text';
import { useWords } from '@/i18n/i18n';
import { memberName } from '@/lib/members-api';
import { useCompanies } from '@/lib/vouchers-api';
import { ATHLETE_PHOTO_MAX_BYTES, uploadAthletePhoto } from '../api/upload-athlete-photo';
import { useCreateCredit } from '../api/create-credit';
import { findCreditsByName } from '../api/find-credits-by-name';
import { roleLabel, type T } from './credit-bits';

const EMPTY = {
  athleteName: '',
  athleteRole: 'athlete' as (typeof ATHLETE_ROLES)[number],
  total: '',
  duration: String(DEFAULT_CREDIT_DURATION_MONTHS),
  startDate: '',
  endDate: '',
  notes: '',
  partnerId: '',
};

/** The cents of a typed dollar amount, or null when it is not a number. */
function centsOf(text: string): number | null {
  try {
    return text.trim() ? dollarsToCents(text) : null;
  } catch {
    return null;
  }
}

/** New Credit Allocation: Create is enabled only with name, total, duration, start and end filled. */
export function NewCreditDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form, setForm] = useState(EMPTY);
  const [image, setImage] = useState<string | null>(null);
  /** The member whose page shows this credit (optional, decision 336). */
  const [member, setMember] = useState<Member | null>(null);
  const [uploading, setUploading] = useState(false);
  const [checking, setChecking] = useState(false);
  /** The athlete's existing credits, while the administrator is asked whether to add a second. */
  const [duplicates, setDuplicates] = useState<AthleteCredit[] | null>(null);
  const create = useCreateCredit();
  const partners = useCompanies(open);
  const { toast } = useToast();
  const { t, language } = useWords();
  const errors = apiFieldErrorTexts(create.error);
  const uploadFailed = (description: string) =>
    toast({ title: t('credits.photo.failed'), description, kind: 'destructive' });

  const set = (field: keyof typeof EMPTY) => (event: ChangeEvent<HTMLInputElement>) =>
    setForm((f) => ({ ...f, [field]: event.target.value }));
  const totalCents = centsOf(form.total);
  const duration = Number(form.duration);
  const monthly =
    totalCents !== null && totalCents > 0 && Number.isInteger(duration) && duration > 0
      ? monthlyCreditAmount(totalCents, duration)
      : null;
  const filled = Boolean(
    form.athleteName.trim() && form.total.trim() && form.duration.trim() && form.startDate && form.endDate,
  );

  const close = () => {
    setForm(EMPTY);
    setImage(null);
    setMember(null);
    setDuplicates(null);
    create.reset();
    onClose();
  };

  const pickPhoto = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      uploadFailed(t('credits.photo.onlyImages'));
      return;
    }
    if (file.size > ATHLETE_PHOTO_MAX_BYTES) {
      uploadFailed(t('credits.photo.tooLarge'));
      return;
    }
    setUploading(true);
    try {
      setImage(await uploadAthletePhoto(file));
      toast({ title: t('credits.photo.uploaded') });
    } catch (error) {
      uploadFailed(apiErrorText(error, t('credits.photo.uploadError')));
    } finally {
      setUploading(false);
    }
  };

  // A second credit for the same athlete is allowed (a top-up, a new season) but is usually a slip:
  // the administrator confirms it with the athlete's existing credits in view.
  const submit = async () => {
    if (!filled || checking) return;
    setChecking(true);
    let same: AthleteCredit[] = [];
    try {
      same = await findCreditsByName(form.athleteName);
    } catch {
      // The check is advice: when it cannot be made, the create itself still answers.
    } finally {
      setChecking(false);
    }
    if (same.length) setDuplicates(same);
    else createNow();
  };

  const createNow = () => {
    setDuplicates(null);
    create.mutate(
      {
        athleteName: form.athleteName,
        athleteRole: form.athleteRole,
        athleteImage: image,
        totalAmount: totalCents ?? Number.NaN,
        duration: Number.isFinite(duration) ? duration : Number.NaN,
        startDate: form.startDate,
        endDate: form.endDate,
        notes: form.notes,
        partnerId: form.partnerId || null,
        memberId: member?.id ?? null,
      },
      {
        onSuccess: () => {
          toast({ title: t('credits.create.done') });
          close();
        },
        onError: (error) =>
          toast({
            title: t('credits.error'),
            description: apiErrorText(error, t('credits.create.failed')),
            kind: 'destructive',
          }),
      },
    );
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby="new-credit-title" maxWidth="sm" fullWidth>
      <DialogTitle id="new-credit-title">{t('credits.create.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Avatar src={image ?? undefined} alt="" sx={{ width: 56, height: 56 }}>
              {form.athleteName.trim().charAt(0).toUpperCase() || '?'}
            </Avatar>
            <Button component="label" variant="outlined" size="small" disabled={uploading}>
              {uploading
                ? t('credits.photo.uploading')
                : image
                  ? t('credits.photo.change')
                  : t('credits.photo.upload')}
              <input hidden type="file" accept="image/*" onChange={(e) => void pickPhoto(e)} />
            </Button>
            {image && (
              <Button size="small" onClick={() => setImage(null)}>
                {t('credits.photo.remove')}
              </Button>
            )}
          </Stack>
          <TextField
            label={t('credits.field.athleteName')}
            required
            value={form.athleteName}
            onChange={set('athleteName')}
            error={Boolean(errors.athleteName)}
            helperText={errors.athleteName}
          />
          <MemberPicker
            label={t('credits.field.member')}
            value={member}
            onChange={(picked) => {
              setMember(picked);
              // A member picked before the name is typed names the athlete too.
              if (picked && !form.athleteName.trim())
                setForm((f) => ({ ...f, athleteName: memberName(picked) }));
            }}
            helperText={t('credits.field.memberHelp')}
            error={errors.memberId}
            testId="credit-member"
          />
          <TextField
            select
            label={t('credits.field.role')}
            value={form.athleteRole}
            onChange={set('athleteRole')}
          >
            {ATHLETE_ROLES.map((role) => (
              <MenuItem key={role} value={role}>
                {roleLabel(t, role)}
              </MenuItem>
            ))}
          </TextField>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label={t('credits.field.total')}
              required
              type="number"
              slotProps={{ htmlInput: { min: 0.01, step: 0.01, inputMode: 'decimal' } }}
              value={form.total}
              onChange={set('total')}
              error={Boolean(errors.totalAmount)}
              helperText={errors.totalAmount}
              fullWidth
            />
            <TextField
              label={t('credits.field.duration')}
              required
              type="number"
              slotProps={{ htmlInput: { min: 1, max: 120, step: 1 } }}
              value={form.duration}
              onChange={set('duration')}
              error={Boolean(errors.duration)}
              helperText={errors.duration}
              fullWidth
            />
          </Stack>
          <Typography variant="body2" color="text.secondary" data-testid="monthly-amount">
            {t('credits.create.monthly')}{' '}
            <strong>{monthly === null ? '—' : formatCentsIn(language, monthly)}</strong>
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label={t('credits.field.startDate')}
              required
              type="date"
              slotProps={{ inputLabel: { shrink: true } }}
              value={form.startDate}
              onChange={set('startDate')}
              error={Boolean(errors.startDate)}
              helperText={errors.startDate}
              fullWidth
            />
            <TextField
              label={t('credits.field.endDate')}
              required
              type="date"
              slotProps={{ inputLabel: { shrink: true } }}
              value={form.endDate}
              onChange={set('endDate')}
              error={Boolean(errors.endDate)}
              helperText={errors.endDate}
              fullWidth
            />
          </Stack>
          <TextField
            select
            label={t('credits.field.partner')}
            value={form.partnerId}
            onChange={set('partnerId')}
            helperText={errors.partnerId ?? t('credits.field.partnerHelp')}
            error={Boolean(errors.partnerId)}
          >
            <MenuItem value="">{t('credits.field.noPartner')}</MenuItem>
            {(partners.data ?? []).map((p) => (
              <MenuItem key={p.id} value={p.id}>
                {p.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('credits.field.notes')}
            multiline
            minRows={2}
            value={form.notes}
            onChange={set('notes')}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={close} disabled={create.isPending}>
          {t('credits.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={() => void submit()}
          disabled={!filled || create.isPending || uploading || checking}
          startIcon={
            create.isPending || checking ? <CircularProgress size={16} color="inherit" /> : undefined
          }
        >
          {t('credits.create.submit')}
        </Button>
      </DialogActions>
      <ConfirmDialog
        open={duplicates !== null}
        title={t('credits.duplicate.title', {
          name: duplicates?.[0]?.athleteName ?? form.athleteName.trim(),
        })}
        description={duplicates && duplicateText(duplicates, t, language)}
        confirmLabel={t('credits.duplicate.confirm')}
        cancelLabel={t('credits.duplicate.back')}
        confirmTestId="confirm-second-credit"
        onClose={() => setDuplicates(null)}
        onConfirm={createNow}
      />
    </Dialog>
  );
}

/** What the athlete already has, so the administrator can tell a slip from a second credit meant. */
function duplicateText(credits: readonly AthleteCredit[], t: T, language: string): string {
  const money = (cents: number) => formatCentsIn(language, cents);
  const list = credits
    .slice(0, 3)
    .map((c) =>
      t(c.partnerName ? 'credits.duplicate.itemAt' : 'credits.duplicate.item', {
        left: money(c.currentBalance),
        total: money(c.totalAmount),
        partner: c.partnerName ?? '',
        date: formatDateIn(language, c.endDate, 'UTC'),
      }),
    )
    .join('; ');
  return t('credits.duplicate.text', {
    count: credits.length,
    list: credits.length > 3 ? `${list}; …` : list,
  });
}
