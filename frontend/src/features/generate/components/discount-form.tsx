import { generateQrRequestSchema, PARTNER_NAME_MESSAGE, type QrCode } from '@avpass/contracts';
import QrCode2RoundedIcon from '@mui/icons-material/QrCode2Rounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { PartnerPicker } from '@/components/form/partner-picker';
import {
  RedemptionModeField,
  redemptionModeRequest,
  useRedemptionMode,
} from '@/components/form/redemption-mode-field';
import { FundedByField, fundedByRequest, useFundedBy } from '@/components/form/funded-by-field';
import { useToast } from '@/components/toast/toast-context';
import { applyPartnerChoice, type PartnerChoice } from '@/lib/partners-api';
import { useGenerateQr } from '@/lib/vouchers-api';
import { apiErrorText, apiFieldErrorTexts } from '@/i18n/api-error-text';
import { useT } from '@/i18n/i18n';
import { firstIssuePerField, focusFirstError } from '@/lib/form-errors';
import {
  initialVoucherFields,
  VoucherFields,
  voucherFieldRefusals,
  voucherRequestFields,
  type VoucherFieldErrors,
  type VoucherFieldValues,
} from '@/components/form/voucher-fields';

/**
 * The discount form of /generate (spec section 5). Checked with the server's own schema first, so the
 * messages under the fields are the spec's; the server's field errors land in the same places.
 */
export function DiscountForm({
  logoUrl,
  onLogoChange,
  onGenerated,
}: {
  logoUrl: string | null;
  onLogoChange: (url: string | null) => void;
  onGenerated: (code: QrCode) => void;
}) {
  const [clinic, setClinic] = useState('');
  const [partner, setPartner] = useState<PartnerChoice | null>(null);
  const [values, setValues] = useState<VoucherFieldValues>(initialVoucherFields);
  const [errors, setErrors] = useState<VoucherFieldErrors>({});
  const redemption = useRedemptionMode();
  const funding = useFundedBy();
  const generate = useGenerateQr();
  const { toast } = useToast();
  const t = useT();

  // Choosing a partner fills the name and the logo; both stay editable.
  const choosePartner = (next: PartnerChoice | null) => {
    const filled = applyPartnerChoice({ partner, name: clinic, logoUrl }, next);
    setPartner(filled.partner);
    setClinic(filled.name);
    if (filled.logoUrl !== logoUrl) onLogoChange(filled.logoUrl);
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const request = {
      clinic,
      partnerId: partner?.id ?? null,
      ...voucherRequestFields(values),
      logoUrl,
      ...redemptionModeRequest(redemption.mode),
      ...fundedByRequest(funding.fundedBy),
    };
    const parsed = generateQrRequestSchema.safeParse(request);
    const refusals = voucherFieldRefusals(values);
    // The form still asks for the name printed on the code (spec §5), filled by the picker or typed.
    if (!clinic.trim()) refusals.clinic = PARTNER_NAME_MESSAGE;
    if (!parsed.success || Object.keys(refusals).length) {
      setErrors({ ...refusals, ...(parsed.success ? {} : firstIssuePerField(parsed.error)) });
      focusFirstError(event.currentTarget);
      return;
    }
    setErrors({});
    generate.mutate(request, {
      onSuccess: (code) => {
        onGenerated(code);
        toast({
          title: t('generate.toast.generated'),
          description: t('generate.toast.generatedText'),
        });
      },
      onError: (error) => {
        setErrors(apiFieldErrorTexts(error));
        focusFirstError();
        toast({
          title: t('generate.toast.failed'),
          description: apiErrorText(error, t('generate.toast.failedText')),
          kind: 'destructive',
        });
      },
    });
  };

  return (
    <Box component="form" noValidate onSubmit={handleSubmit} aria-label={t('generate.form.label')}>
      <Box sx={{ mb: 2.5 }}>
        <PartnerPicker
          value={partner}
          onChange={choosePartner}
          disabled={generate.isPending}
          error={errors.partnerId}
        />
      </Box>
      <TextField
        label={t('generate.partnerName.label')}
        name="clinic"
        required
        fullWidth
        placeholder={t('generate.partnerName.placeholder')}
        value={clinic}
        disabled={generate.isPending}
        onChange={(event) => setClinic(event.target.value)}
        error={Boolean(errors.clinic)}
        helperText={errors.clinic ?? (partner ? t('generate.partnerName.filled') : ' ')}
        sx={{ mb: 2.5 }}
      />
      <VoucherFields
        values={values}
        errors={errors}
        disabled={generate.isPending}
        onChange={(patch) => setValues((current) => ({ ...current, ...patch }))}
      />
      <Box sx={{ mt: 2.5 }}>
        <RedemptionModeField
          value={redemption.mode}
          onChange={redemption.setMode}
          disabled={generate.isPending}
          error={errors.redemptionMode}
        />
      </Box>
      <Box sx={{ mt: 2.5 }}>
        <FundedByField
          value={funding.fundedBy}
          onChange={funding.setFundedBy}
          disabled={generate.isPending}
          error={errors.fundedBy}
        />
      </Box>
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        disabled={generate.isPending}
        startIcon={
          generate.isPending ? <CircularProgress size={18} color="inherit" /> : <QrCode2RoundedIcon />
        }
        sx={{ mt: 3 }}
      >
        {generate.isPending ? t('generate.submitting') : t('generate.submit')}
      </Button>
    </Box>
  );
}
