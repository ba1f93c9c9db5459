import {
  createExclusiveRequestSchema,
  EXCLUSIVE_MAX_CUSTOM_USAGE,
  type CreateExclusiveRequest,
} from '@avpass/contracts';
import {
  defaultExpiryDate,
  EXCLUSIVE_TYPES,
  exclusiveTitle,
  formatDiscount,
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
import { errorMessageOf, fieldErrorsOf } from '@/lib/api-client';
import { focusFirstError } from '@/lib/form-errors';
import { viewerTimeZone } from '@/lib/time-zone';
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
import { typeLabel } from '../lib/exclusive-text';

/** Spec section 9: the exclusive usage presets, and a custom number from 1 to 9999. */
const USAGE_OPTIONS = [
  ['1', '1 use'],
  ['5', '5 uses'],
  ['10', '10 uses'],
  ['25', '25 uses'],
  ['50', '50 uses'],
  ['100', '100 uses'],
  ['unlimited', 'Unlimited'],
  ['custom', 'Custom number'],
] as const;

interface FormValues {
  exclusiveType: ExclusiveType;
  title: string;
  description: string;
  value: string;
  eventName: string;
  eventDate: string;
  trainerName: string;
  sessionDuration: string;
  specialInstructions: string;
  vendorId: string;
  usage: (typeof USAGE_OPTIONS)[number][0];
  customUsage: string;
  expirationDate: string;
  /** Optional 'YYYY-MM-DD': valid from the start of that day. */
  startDate: string;
}

const initialValues = (): FormValues => ({
  exclusiveType: 'training_session',
  title: '',
  description: '',
  value: '',
  eventName: '',
  eventDate: '',
  trainerName: '',
  sessionDuration: '',
  specialInstructions: '',
  vendorId: '',
  usage: '1',
  customUsage: '',
  expirationDate: defaultExpiryDate(new Date(), viewerTimeZone()),
  startDate: '',
});

/** Events and sessions have a date; sessions a trainer and duration; events a name. */
const hasEventFields = (type: ExclusiveType) => type === 'special_event' || type === 'training_session';

function requestOf(values: FormValues, logoUrl: string | null): CreateExclusiveRequest {
  const session = values.exclusiveType === 'training_session';
  const event = hasEventFields(values.exclusiveType);
  return {
    exclusiveType: values.exclusiveType,
    exclusiveDetails: {
      title: values.title,
      description: values.description,
      value: values.value,
      eventName: values.exclusiveType === 'special_event' ? values.eventName : '',
      eventDate: event ? values.eventDate : '',
      trainerName: session ? values.trainerName : '',
      sessionDuration: session ? values.sessionDuration : '',
      specialInstructions: values.specialInstructions,
      vendorId: values.vendorId,
    },
    expirationDate: values.expirationDate,
    ...(values.startDate.trim() ? { startDate: values.startDate.trim() } : {}),
    usageLimit: values.usage === 'custom' ? values.customUsage : values.usage,
    logoUrl,
    deploymentUrl: window.location.origin,
  };
}

/** Field errors of the request schema, keyed as the server keys them ('exclusiveDetails.title'). */
function refusalsOf(request: CreateExclusiveRequest): Record<string, string> {
  const parsed = createExclusiveRequestSchema.safeParse(request);
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.');
    errors[key] ??= issue.message;
  }
  return errors;
}

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
    const refusals = refusalsOf(request);
    setErrors(refusals);
    if (Object.keys(refusals).length) return focusFirstError();
    create.mutate(request, {
      onSuccess: (created) => {
        toast({
          title: 'Exclusive Created',
          description: `${created.customTitle ?? created.service} is ready to share.`,
        });
        setValues(initialValues());
        setVendor(null);
        setLogoUrl(null);
        redemption.reset();
        funding.reset();
        onClose();
      },
      onError: (error) => {
        setErrors(fieldErrorsOf(error));
        toast({
          title: 'Creation Failed',
          description: errorMessageOf(error, 'Failed to create exclusive'),
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
        <DialogTitle id="create-exclusive-title">Create Project Rooted Exclusive</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>
            <TextField
              select
              label="Type"
              size="small"
              value={values.exclusiveType}
              onChange={(e) => set('exclusiveType')(e.target.value as ExclusiveType)}
              error={Boolean(errors.exclusiveType)}
              helperText={errors.exclusiveType}
              slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'exclusive-type' } as object } }}
            >
              {EXCLUSIVE_TYPES.map((type) => (
                <MenuItem key={type} value={type}>
                  {typeLabel(type)}
                </MenuItem>
              ))}
            </TextField>
            {text('title', 'Title', { required: true })}
            {text('description', 'Description', { required: true, multiline: true, minRows: 2 })}
            <Box>
              {text('value', 'Value', {
                placeholder: 'e.g. 20% off, $15 OFF, Free session',
                helperText: ' ',
              })}
              <Typography
                variant="body2"
                data-testid="discount-preview"
                sx={{ mt: -2, ml: 1.75, color: 'text.secondary' }}
              >
                Shows as: <strong>{formatDiscount(discount.discountType, discount.discountValue)}</strong>
                {shownTitle ? ` · Title: ${shownTitle}` : ''}
              </Typography>
            </Box>
            {values.exclusiveType === 'special_event' && text('eventName', 'Event name')}
            {hasEventFields(values.exclusiveType) &&
              text('eventDate', values.exclusiveType === 'special_event' ? 'Event date' : 'Session date', {
                type: 'datetime-local',
                slotProps: { inputLabel: { shrink: true } },
              })}
            {values.exclusiveType === 'training_session' && (
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                {text('trainerName', 'Trainer name')}
                {text('sessionDuration', 'Session duration', { placeholder: 'e.g. 60 minutes' })}
              </Stack>
            )}
            {text('specialInstructions', 'Special instructions', {
              multiline: true,
              minRows: 2,
              helperText: 'Shown on the voucher page under REDEMPTION INSTRUCTIONS.',
            })}
            <PartnerPicker
              label="Vendor (optional)"
              value={vendor}
              onChange={(next) => {
                setVendor(next);
                set('vendorId')(next?.id ?? '');
              }}
              disabled={create.isPending}
              error={errors['exclusiveDetails.vendorId']}
              helperText="With a vendor, the title is '{vendor} EXCLUSIVE' and its logo is used."
              testId="exclusive-vendor"
              size="small"
            />
            <Box>
              <Typography variant="subtitle2" sx={{ mb: 1 }}>
                Custom logo (optional{vendor?.logoUrl ? `; replaces ${vendor.name}'s logo` : ''})
              </Typography>
              <LogoUpload logoUrl={logoUrl} onChange={setLogoUrl} disabled={create.isPending} />
            </Box>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                select
                label="Usage limit"
                size="small"
                fullWidth
                value={values.usage}
                onChange={(e) => set('usage')(e.target.value as FormValues['usage'])}
                slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'exclusive-usage' } as object } }}
              >
                {USAGE_OPTIONS.map(([value, label]) => (
                  <MenuItem key={value} value={value}>
                    {label}
                  </MenuItem>
                ))}
              </TextField>
              {values.usage === 'custom' &&
                text('customUsage', 'Custom uses', {
                  type: 'number',
                  slotProps: {
                    htmlInput: {
                      min: 1,
                      max: EXCLUSIVE_MAX_CUSTOM_USAGE,
                      'data-testid': 'exclusive-customUsage',
                    },
                  },
                })}
              {text('expirationDate', 'Expiration date', {
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
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={create.isPending}
            startIcon={create.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {create.isPending ? 'Creating...' : 'Create Exclusive'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** Where a form field's error is keyed (the request's path). */
function fieldKey(key: keyof FormValues): string {
  switch (key) {
    case 'exclusiveType':
    case 'expirationDate':
    case 'startDate':
      return key;
    case 'usage':
    case 'customUsage':
      return 'usageLimit';
    default:
      return `exclusiveDetails.${key}`;
  }
}
