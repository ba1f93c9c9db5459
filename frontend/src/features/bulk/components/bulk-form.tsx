import {
  bulkGenerateRequestSchema,
  bulkMaxMessage,
  DEFAULT_BULK_MAX_QUANTITY,
  PARTNER_NAME_MESSAGE,
  DEFAULT_CARD_LANGUAGE,
  type BulkGenerateResponse,
  type CardLanguage,
} from '@avpass/contracts';
import DynamicFeedRoundedIcon from '@mui/icons-material/DynamicFeedRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useToast } from '@/components/toast/toast-context';
import { LogoUpload } from '@/components/form/logo-upload-card';
import { PartnerPicker } from '@/components/form/partner-picker';
import {
  RedemptionModeField,
  redemptionModeRequest,
  useRedemptionMode,
} from '@/components/form/redemption-mode-field';
import { FundedByField, fundedByRequest, useFundedBy } from '@/components/form/funded-by-field';
import { applyPartnerChoice, type PartnerChoice } from '@/lib/partners-api';
import {
  initialVoucherFields,
  VoucherFields,
  voucherFieldRefusals,
  voucherRequestFields,
  type VoucherFieldErrors,
  type VoucherFieldValues,
} from '@/components/form/voucher-fields';
import { useBulkGenerate } from '@/lib/vouchers-api';
import { apiErrorText, apiFieldErrorTexts } from '@/i18n/api-error-text';
import { useT } from '@/i18n/i18n';
import { CardLanguageField } from './card-language-field';
import { firstIssuePerField, focusFirstError } from '@/lib/form-errors';

interface BatchValues {
  batchName: string;
  quantity: string;
  customTitle: string;
  facility: string;
}

/**
 * The batch ceiling the form checks before sending: the server's BULK_MAX_QUANTITY, told to the build
 * as VITE_BULK_MAX_QUANTITY when it is not the default. The server checks again with its own.
 */
const FORM_MAX_QUANTITY = Number(import.meta.env.VITE_BULK_MAX_QUANTITY) || DEFAULT_BULK_MAX_QUANTITY;

/** Spec section 4: progress is 10 at start, 100 on completion, back to 0 on error. */
const PROGRESS = { start: 10, done: 100, failed: 0 } as const;

/**
 * The bulk form (spec section 5): a whole batch of identical vouchers in one transaction. The ceiling
 * is the server's (BULK_MAX_QUANTITY); its 'Maximum N QR codes per batch' message shows under Quantity.
 */
export function BulkForm({
  logoUrl,
  onLogoChange,
  onGenerated,
}: {
  logoUrl: string | null;
  onLogoChange: (url: string | null) => void;
  onGenerated: (batch: BulkGenerateResponse) => void;
}) {
  const [batch, setBatch] = useState<BatchValues>({
    batchName: '',
    quantity: '10',
    customTitle: '',
    facility: '',
  });
  const [partner, setPartner] = useState<PartnerChoice | null>(null);
  const [values, setValues] = useState<VoucherFieldValues>(initialVoucherFields);
  const [errors, setErrors] = useState<VoucherFieldErrors>({});
  const [progress, setProgress] = useState<number>(PROGRESS.failed);
  const [cardLanguage, setCardLanguage] = useState<CardLanguage>(DEFAULT_CARD_LANGUAGE);
  const t = useT();
  const redemption = useRedemptionMode();
  const funding = useFundedBy();
  const generate = useBulkGenerate();
  const { toast, dismiss } = useToast();
  const busy = generate.isPending;
  // A failure toast stays only until the form is changed: a fixed value should not look refused.
  const [failureShown, setFailureShown] = useState(false);
  const edited = () => {
    if (!failureShown) return;
    dismiss();
    setFailureShown(false);
  };

  // Choosing a partner fills the partner name and the logo; both stay editable.
  const choosePartner = (next: PartnerChoice | null) => {
    edited();
    const filled = applyPartnerChoice({ partner, name: batch.facility, logoUrl }, next);
    setPartner(filled.partner);
    setBatch((current) => ({ ...current, facility: filled.name }));
    if (filled.logoUrl !== logoUrl) onLogoChange(filled.logoUrl);
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const request = {
      ...voucherRequestFields(values),
      partnerId: partner?.id ?? null,
      batchName: batch.batchName,
      quantity: batch.quantity.trim(),
      customTitle: batch.customTitle,
      facility: batch.facility,
      logoUrl,
      ...redemptionModeRequest(redemption.mode),
      ...fundedByRequest(funding.fundedBy),
      cardLanguage,
    };
    const parsed = bulkGenerateRequestSchema.safeParse(request);
    const refusals = voucherFieldRefusals(values);
    if (parsed.success && parsed.data.quantity > FORM_MAX_QUANTITY)
      refusals.quantity = bulkMaxMessage(FORM_MAX_QUANTITY);
    // The form still asks for the name printed on the codes (spec §5), filled by the picker or typed.
    if (!batch.facility.trim()) refusals.facility = PARTNER_NAME_MESSAGE;
    if (!parsed.success || Object.keys(refusals).length) {
      setErrors({ ...refusals, ...(parsed.success ? {} : firstIssuePerField(parsed.error)) });
      focusFirstError(event.currentTarget);
      return;
    }
    setErrors({});
    setProgress(PROGRESS.start);
    generate.mutate(request, {
      onSuccess: (result) => {
        setProgress(PROGRESS.done);
        toast({
          title: t('generate.bulk.toast.generated'),
          description: t('generate.bulk.toast.generatedText', {
            count: result.count,
            name: result.batchName,
          }),
        });
        onGenerated(result);
      },
      onError: (error) => {
        setProgress(PROGRESS.failed);
        setErrors(apiFieldErrorTexts(error));
        focusFirstError();
        toast({
          title: t('generate.toast.failed'),
          description: apiErrorText(error, t('generate.bulk.toast.failedText')),
          kind: 'destructive',
        });
        setFailureShown(true);
      },
    });
  };

  const batchField = (name: keyof BatchValues) => ({
    name,
    value: batch[name],
    disabled: busy,
    error: Boolean(errors[name]),
    onChange: (event: { target: { value: string } }) => {
      edited();
      setBatch((current) => ({ ...current, [name]: event.target.value }));
    },
  });

  return (
    <Box component="form" noValidate onSubmit={handleSubmit} aria-label={t('generate.bulk.form.label')}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' }, gap: 2.5 }}>
        <TextField
          label={t('generate.bulk.batchName.label')}
          required
          placeholder={t('generate.bulk.batchName.placeholder')}
          {...batchField('batchName')}
          helperText={errors.batchName ?? ' '}
        />
        <TextField
          label={t('generate.bulk.quantity.label')}
          type="number"
          {...batchField('quantity')}
          helperText={errors.quantity ?? t('generate.bulk.quantity.help')}
          slotProps={{ htmlInput: { min: 1, step: 1, inputMode: 'numeric' } }}
        />
        <Box sx={{ gridColumn: '1 / -1' }}>
          <PartnerPicker value={partner} onChange={choosePartner} disabled={busy} error={errors.partnerId} />
        </Box>
        <TextField
          label={t('generate.partnerName.label')}
          required
          placeholder={t('generate.partnerName.placeholder')}
          {...batchField('facility')}
          helperText={errors.facility ?? (partner ? t('generate.partnerName.filled') : ' ')}
        />
        <TextField
          label={t('generate.bulk.pageTitle.label')}
          placeholder={t('generate.bulk.pageTitle.placeholder')}
          {...batchField('customTitle')}
          helperText={errors.customTitle ?? t('generate.bulk.optional')}
        />
      </Box>
      <Divider sx={{ my: 3 }} />
      <VoucherFields
        values={values}
        errors={errors}
        disabled={busy}
        showCustomTitle={false}
        onChange={(patch) => {
          edited();
          setValues((current) => ({ ...current, ...patch }));
        }}
      />
      <Box sx={{ mt: 2.5 }}>
        <RedemptionModeField
          value={redemption.mode}
          onChange={(mode) => {
            edited();
            redemption.setMode(mode);
          }}
          disabled={busy}
          error={errors.redemptionMode}
        />
      </Box>
      <Box sx={{ mt: 2.5 }}>
        <FundedByField
          value={funding.fundedBy}
          onChange={(fundedBy) => {
            edited();
            funding.setFundedBy(fundedBy);
          }}
          disabled={busy}
          error={errors.fundedBy}
        />
      </Box>
      <Box sx={{ mt: 2.5 }}>
        <CardLanguageField
          value={cardLanguage}
          onChange={(next) => {
            edited();
            setCardLanguage(next);
          }}
          disabled={busy}
          error={errors.cardLanguage}
        />
      </Box>
      <Divider sx={{ my: 3 }} />
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1.5 }}>
        {t('generate.bulk.logo')}
      </Typography>
      <LogoUpload logoUrl={logoUrl} onChange={onLogoChange} disabled={busy} />
      {busy && (
        <Box sx={{ mt: 3 }} role="status" aria-live="polite">
          <Typography variant="body2" color="text.secondary" gutterBottom>
            {t('generate.bulk.creating', { count: batch.quantity.trim() || '1' })}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={progress}
            aria-label={t('generate.bulk.progress')}
            data-testid="bulk-progress"
          />
        </Box>
      )}
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        disabled={busy}
        startIcon={busy ? <CircularProgress size={18} color="inherit" /> : <DynamicFeedRoundedIcon />}
        sx={{ mt: 3 }}
      >
        {busy ? t('generate.submitting') : t('generate.bulk.submit')}
      </Button>
    </Box>
  );
}
