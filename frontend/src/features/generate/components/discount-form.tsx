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
import { errorMessageOf, fieldErrorsOf } from '@/lib/api-client';
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
          title: 'QR Code Generated',
          description: 'Your discount QR code has been created successfully.',
        });
      },
      onError: (error) => {
        setErrors(fieldErrorsOf(error));
        focusFirstError();
        toast({
          title: 'Generation Failed',
          description: errorMessageOf(error, 'Failed to generate QR code. Please try again.'),
          kind: 'destructive',
        });
      },
    });
  };

  return (
    <Box component="form" noValidate onSubmit={handleSubmit} aria-label="Discount details">
      <Box sx={{ mb: 2.5 }}>
        <PartnerPicker
          value={partner}
          onChange={choosePartner}
          disabled={generate.isPending}
          error={errors.partnerId}
        />
      </Box>
      <TextField
        label="Partner Name"
        name="clinic"
        required
        fullWidth
        placeholder="e.g. Summit Sports Clinic"
        value={clinic}
        disabled={generate.isPending}
        onChange={(event) => setClinic(event.target.value)}
        error={Boolean(errors.clinic)}
        helperText={errors.clinic ?? (partner ? 'Filled from the partner; you can change it' : ' ')}
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
        {generate.isPending ? 'Generating...' : 'Generate QR Code'}
      </Button>
    </Box>
  );
}
