import { EXCLUSIVE_MAX_CUSTOM_USAGE } from '@avpass/contracts';
import { discountTextIn } from '@avpass/contracts/i18n/voucher-words';
import {
  EXCLUSIVE_TYPES,
  exclusiveTitle,
  inferExclusiveDiscount,
  vendorExclusiveTitle,
  type ExclusiveType,
} from '@avpass/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
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
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useState, type FormEvent } from 'react';
import { LogoUpload } from '@/components/form/logo-upload-card';
import { useToast } from '@/components/toast/toast-context';
import { apiErrorText, apiFieldErrorTexts } from '@/i18n/api-error-text';
import { useWords } from '@/i18n/i18n';
import { focusFirstError } from '@/lib/form-errors';
import { useCreateExclusive } from '../api/create-exclusive';
import { PartnerPicker } from '@/components/form/partner-picker';
import { StartDateField } from '@/components/form/voucher-fields';
import {
  RedemptionModeField,
  redemptionModeRequest,
  useRedemptionMode,
} from '@/components/form/redemption-mode-field';
import { FundedByField, fundedByRequest, useFundedBy } from '@/components/form/funded-by-field';
import type { PartnerChoice } from '@/lib/partners-api';
import {
  fieldKey,
  hasEventFields,
  initialValues,
  refusalsOf,
  requestOf,
  USAGE_OPTIONS,
  usageOptionLabel,
  type FormValues,
} from '../lib/exclusive-form';
import { typeLabel } from '../lib/exclusive-text';

/** The create dialog (spec section 5): live discount inference, vendor title and logo, the §8 toasts. */
export function CreateExclusiveDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [values, setValues] = useState<FormValues>(initialValues);
  const [logoUrl, setLogoUrl] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The vendor from the partner directory (searched, paged); its id is what the request sends.
  const [vendor, setVendor] = useState<PartnerChoice | null>(null);
  const create = useCreateExclusive();
  const redemption = useRedemptionMode();
  const funding = useFundedBy();
  const { toast } = useToast();
  const words = useWords();
  const { t } = words;

  const set =
    <K extends keyof FormValues>(key: K) =>
    (value: FormValues[K]) => {
      setValues((v) => ({ ...v, [key]: value }));
      setErrors(({ [fieldKey(key)]: _gone, ...rest }) => rest);
    };

  const discount = inferExclusiveDiscount(values.value, values.exclusiveType);
  const shownTitle = vendor
    ? vendorExclusiveTitle(vendor.name)
    : values.title.trim()
      ? exclusiveTitle(values.title, values.exclusiveType)
      : '';

  const close = () => {
    if (create.isPending) return;
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const request = {
      ...requestOf(values, logoUrl),
      ...redemptionModeRequest(redemption.mode),
      ...fundedByRequest(funding.fundedBy),
    };
    const refusals = refusalsOf(request, t);
    setErrors(refusals);
    if (Object.keys(refusals).length) return focusFirstError();
    create.mutate(request, {
      onSuccess: (created) => {
        toast({
          title: t('exclusives.create.done'),
          description: t('exclusives.create.doneText', { name: created.customTitle ?? created.service }),
        });
        setValues(initialValues());
        setVendor(null);
        setLogoUrl(null);
        redemption.reset();
        funding.reset();
        onClose();
      },
      onError: (error) => {
        setErrors(apiFieldErrorTexts(error));
        toast({
          title: t('exclusives.create.failed'),
          description: apiErrorText(error, t('exclusives.create.failedText')),
          kind: 'destructive',
        });
      },
    });
  };

  const text = (key: keyof FormValues, label: string, extra: Record<string, unknown> = {}) => (
    <TextField
      label={label}
      value={values[key]}
      onChange={(e) => set(key)(e.target.value as never)}
      error={Boolean(errors[fieldKey(key)])}
      helperText={errors[fieldKey(key)] ?? (extra.helperText as string | undefined)}
      fullWidth
      size="small"
      {...extra}
      slotProps={{ htmlInput: { 'data-testid': `exclusive-${key}` }, ...(extra.slotProps as object) }}
    />
  );

  return (
    <Dialog
      open={open}
      onClose={close}
      fullScreen={phone}
      fullWidth
      maxWidth="sm"
      aria-labelledby="create-exclusive-title"
    >
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
        <DialogTitle id="create-exclusive-title">{t('exclusives.create.title')}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>
            <TextField
              select
              label={t('exclusives.column.type')}
              size="small"
              value={values.exclusiveType}
              onChange={(e) => set('exclusiveType')(e.target.value as ExclusiveType)}
              error={Boolean(errors.exclusiveType)}
              helperText={errors.exclusiveType}
              slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'exclusive-type' } as object } }}
            >
              {EXCLUSIVE_TYPES.map((type) => (
                <MenuItem key={type} value={type}>
                  {typeLabel(type, t)}
                </MenuItem>
              ))}
            </TextField>
            {text('title', t('exclusives.column.title'), { required: true })}
            {text('description', t('exclusives.column.description'), {
              required: true,
              multiline: true,
              minRows: 2,
            })}
            <Box>
              {text('value', t('exclusives.field.value'), {
                placeholder: t('exclusives.field.valuePlaceholder'),
                helperText: ' ',
              })}
              <Typography
                variant="body2"
                data-testid="discount-preview"
                sx={{ mt: -2, ml: 1.75, color: 'text.secondary' }}
              >
                {t('exclusives.field.showsAs')}{' '}
                <strong>{discountTextIn(words, discount.discountType, discount.discountValue)}</strong>
                {shownTitle ? t('exclusives.field.shownTitle', { title: shownTitle }) : ''}
              </Typography>
            </Box>
            {values.exclusiveType === 'special_event' && text('eventName', t('exclusives.field.eventName'))}
            {hasEventFields(values.exclusiveType) &&
              text(
                'eventDate',
                values.exclusiveType === 'special_event'
                  ? t('exclusives.field.eventDate')
                  : t('exclusives.field.sessionDate'),
                {
                  type: 'datetime-local',
                  slotProps: { inputLabel: { shrink: true } },
                },
              )}
            {values.exclusiveType === 'training_session' && (
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                {text('trainerName', t('exclusives.field.trainerName'))}
                {text('sessionDuration', t('exclusives.field.sessionDuration'), {
                  placeholder: t('exclusives.field.durationPlaceholder'),
                })}
              </Stack>
            )}
            {text('specialInstructions', t('exclusives.field.instructions'), {
              multiline: true,
              minRows: 2,
              helperText: t('exclusives.field.instructionsHelp'),
            })}
            <PartnerPicker
              label={t('exclusives.field.vendor')}
              value={vendor}
              onChange={(next) => {
                setVendor(next);
                set('vendorId')(next?.id ?? '');
              }}
              disabled={create.isPending}
              error={errors['exclusiveDetails.vendorId']}
              helperText={t('exclusives.field.vendorHelp')}
              testId="exclusive-vendor"
              size="small"
            />
            <Box>
              <Typography variant="subtitle2" sx={{ mb: 1 }}>
                {vendor?.logoUrl
                  ? t('exclusives.field.logoReplaces', { vendor: vendor.name })
                  : t('exclusives.field.logo')}
              </Typography>
              <LogoUpload logoUrl={logoUrl} onChange={setLogoUrl} disabled={create.isPending} />
            </Box>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                select
                label={t('exclusives.field.usageLimit')}
                size="small"
                fullWidth
                value={values.usage}
                onChange={(e) => set('usage')(e.target.value as FormValues['usage'])}
                slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'exclusive-usage' } as object } }}
              >
                {USAGE_OPTIONS.map((value) => (
                  <MenuItem key={value} value={value}>
                    {usageOptionLabel(value, t)}
                  </MenuItem>
                ))}
              </TextField>
              {values.usage === 'custom' &&
                text('customUsage', t('exclusives.field.customUses'), {
                  type: 'number',
                  slotProps: {
                    htmlInput: {
                      min: 1,
                      max: EXCLUSIVE_MAX_CUSTOM_USAGE,
                      'data-testid': 'exclusive-customUsage',
                    },
                  },
                })}
              {text('expirationDate', t('exclusives.field.expirationDate'), {
                type: 'date',
                required: true,
                slotProps: { inputLabel: { shrink: true } },
              })}
            </Stack>
            <StartDateField
              size="small"
              value={values.startDate}
              error={errors.startDate}
              disabled={create.isPending}
              onChange={(value) => set('startDate')(value)}
            />
            <RedemptionModeField
              value={redemption.mode}
              onChange={redemption.setMode}
              disabled={create.isPending}
              error={errors.redemptionMode}
            />
            <FundedByField
              value={funding.fundedBy}
              onChange={funding.setFundedBy}
              disabled={create.isPending}
              error={errors.fundedBy}
            />
            {errors._ && <Alert severity="error">{errors._}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={close} disabled={create.isPending}>
            {t('exclusives.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={create.isPending}
            startIcon={create.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {create.isPending ? t('exclusives.create.creating') : t('exclusives.create.submit')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
