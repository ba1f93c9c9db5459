import {
  PARTNER_NAME_REQUIRED,
  TRAINER_NAME_MESSAGE,
  TRAINER_NAMES_MESSAGE,
  TRAINER_USAGE_LIMITS,
  splitTrainerNames,
  trainerFormSchema,
  type TrainerCode,
} from '@avpass/contracts';
import {
  hasTrainerNamePlaceholder,
  PARTNER_TYPE_LABELS,
  PARTNER_TYPES,
  TRAINER_NAME_PLACEHOLDER,
  TRAINER_ROLE_LABELS,
  TRAINER_ROLES,
} from '@avpass/domain';
import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import BookmarkAddOutlinedIcon from '@mui/icons-material/BookmarkAddOutlined';
import RestoreRoundedIcon from '@mui/icons-material/RestoreRounded';
import SportsRoundedIcon from '@mui/icons-material/SportsRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useToast } from '@/components/toast/toast-context';
import { paths } from '@/config/paths';
import { errorMessageOf, fieldErrorsOf } from '@/lib/api-client';
import { firstIssuePerField, focusFirstError } from '@/lib/form-errors';
import { useGenerateTrainerQr, useSaveTrainerConfig, useTrainerConfig } from '@/lib/trainers-api';
import { PartnerPicker } from '@/components/form/partner-picker';
import { StartDateField } from '@/components/form/voucher-fields';
import {
  RedemptionModeField,
  redemptionModeRequest,
  useRedemptionMode,
} from '@/components/form/redemption-mode-field';
import { applyPartnerChoice, type PartnerChoice } from '@/lib/partners-api';
import { TrainerBatchResult } from '../components/trainer-batch-result';
import { TrainerPhoto } from '../components/trainer-photo';
import { TrainerPreviewCard } from '../components/trainer-preview-card';
import {
  applyConfig,
  configOf,
  INITIAL_TRAINER_FORM,
  trainerRequestOf,
  type TrainerFormValues,
} from '../lib/trainer-form';

const USAGE_LABELS: Record<(typeof TRAINER_USAGE_LIMITS)[number], string> = {
  unlimited: 'Unlimited',
  '1': '1 use',
  '5': '5 uses',
  '10': '10 uses',
  '25': '25 uses',
  '50': '50 uses',
  '100': '100 uses',
};

/** Trainer/Athlete QR (/trainer-qr, super_admin): personal discount codes, one or a batch. */
export function TrainerQrRoute() {
  const [values, setValues] = useState<TrainerFormValues>(INITIAL_TRAINER_FORM);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [generated, setGenerated] = useState<TrainerCode | null>(null);
  // A batch ends with the list of the codes it made (issue 27), in place of the one-code preview.
  const [batchCodes, setBatchCodes] = useState<TrainerCode[] | null>(null);
  const generate = useGenerateTrainerQr();
  const redemption = useRedemptionMode();
  const saved = useTrainerConfig();
  const save = useSaveTrainerConfig();
  // The partner the codes are for, from the directory; its name fills "Partner name" (editable).
  const [partner, setPartner] = useState<PartnerChoice | null>(null);
  const { toast } = useToast();
  const preview = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (generated) preview.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  }, [generated]);

  const choosePartner = (next: PartnerChoice | null) => {
    const filled = applyPartnerChoice({ partner, name: values.partnerName, logoUrl: null }, next);
    setPartner(next);
    setValues((v) => ({ ...v, partnerName: filled.name, partnerId: next?.id ?? '' }));
  };

  const set = <K extends keyof TrainerFormValues>(key: K, value: TrainerFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const field = (key: keyof TrainerFormValues, label: string, props: TextFieldProps = {}) => (
    <TextField
      label={label}
      value={values[key] as string}
      onChange={(event) => {
        set(key, event.target.value as never);
        // Typing in a field answers its error; the others stay until the next submit.
        if (errors[key]) setErrors(({ [key]: _answered, ...rest }) => rest);
      }}
      error={Boolean(errors[key])}
      fullWidth
      {...props}
      // After the spread: a field's error replaces its hint ("0 means none"), never the reverse.
      helperText={errors[key] ?? props.helperText}
      slotProps={{
        ...props.slotProps,
        htmlInput: { 'data-testid': `trainer-${key}`, ...(props.slotProps?.htmlInput as object) },
      }}
    />
  );

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const batch = values.mode === 'batch';
    if (batch ? !splitTrainerNames(values.trainerNames).length : !values.trainerName.trim()) {
      const message = batch ? TRAINER_NAMES_MESSAGE : TRAINER_NAME_MESSAGE;
      setErrors({ [batch ? 'trainerNames' : 'trainerName']: message });
      focusFirstError(event.currentTarget);
      toast({ title: 'Missing Information', description: message, kind: 'destructive' });
      return;
    }
    const request = { ...trainerRequestOf(values), ...redemptionModeRequest(redemption.mode) };
    const parsed = trainerFormSchema.safeParse(request);
    if (!parsed.success) {
      // The schema stops at a missing title; a missing partner name is said at the same time.
      const found = firstIssuePerField(parsed.error);
      if (!values.partnerName.trim()) found.partnerName ??= PARTNER_NAME_REQUIRED;
      setErrors(found);
      focusFirstError(event.currentTarget);
      return;
    }
    setErrors({});
    generate.mutate(request, {
      onSuccess: (result) => {
        if (result.count === 1) {
          setGenerated(result.qrCodes[0] ?? null);
          setBatchCodes(null);
          toast({
            title: 'QR Code Generated!',
            description: `${result.qrCodes[0]?.trainerName}'s code is ready.`,
          });
        } else {
          setGenerated(null);
          setBatchCodes(result.qrCodes);
          toast({
            title: 'Batch Generation Complete!',
            description: `${result.count} QR codes were created.`,
          });
        }
        // Cleared for the next one; the mode (single or batch) stays, the saved config is kept.
        setValues((v) => ({ ...INITIAL_TRAINER_FORM, mode: v.mode }));
        setPartner(null);
      },
      onError: (error) => {
        setErrors(fieldErrorsOf(error));
        focusFirstError();
        toast({
          title: 'Generation Failed',
          description: errorMessageOf(error, 'Failed to generate trainer QR code.'),
          kind: 'destructive',
        });
      },
    });
  };

  const onSaveConfig = () => {
    const config = configOf(values);
    save.mutate(config, {
      onSuccess: () =>
        toast({
          title: 'Configuration Saved',
          description:
            config.couponTitle && config.couponTitle !== values.couponTitle.trim()
              ? `These settings are kept for your account, the title as "${config.couponTitle}".`
              : 'These settings are kept for your account.',
        }),
      onError: (error) =>
        toast({
          title: 'Error',
          description: errorMessageOf(error, 'Failed to save configuration'),
          kind: 'destructive',
        }),
    });
  };
  const onApplyConfig = () => {
    const config = saved.data?.config;
    if (!config) return;
    setValues((v) => applyConfig(v, config));
    // The saved partner shows under the name the config kept (the directory is not asked again).
    setPartner(
      config.partnerId
        ? { id: config.partnerId, name: config.partnerName || 'Saved partner', logoUrl: null }
        : null,
    );
    setErrors({});
    toast({ title: 'Configuration Applied', description: 'Your saved settings were filled in.' });
  };

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ mb: { xs: 3, md: 4 }, justifyContent: 'space-between', alignItems: { md: 'flex-end' } }}
      >
        <Box>
          <Button
            component={RouterLink}
            to={`${paths.dashboard.path}?tab=trainer`}
            startIcon={<ArrowBackRoundedIcon />}
            sx={{ mb: 1, ml: -1 }}
          >
            Back to Dashboard
          </Button>
          <Typography variant="h3" component="h1">
            Trainer/Athlete QR
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            Personal discount codes for trainers, athletes and coaches to share with their people.
          </Typography>
        </Box>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button
            variant="outlined"
            startIcon={<RestoreRoundedIcon />}
            onClick={onApplyConfig}
            disabled={!saved.data?.config}
            data-testid="apply-config"
          >
            Apply Saved Config
          </Button>
          <Button
            variant="outlined"
            startIcon={save.isPending ? <CircularProgress size={16} /> : <BookmarkAddOutlinedIcon />}
            onClick={onSaveConfig}
            disabled={save.isPending}
            data-testid="save-config"
          >
            Save Config
          </Button>
        </Stack>
      </Stack>

      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' },
          alignItems: 'start',
        }}
      >
        <Card>
          <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
            <Box component="form" aria-label="Trainer QR details" noValidate onSubmit={onSubmit}>
              <Stack spacing={2.5}>
                <ToggleButtonGroup
                  exclusive
                  color="primary"
                  value={values.mode}
                  onChange={(_e, mode: TrainerFormValues['mode'] | null) => mode && set('mode', mode)}
                  aria-label="How many codes"
                  size="small"
                >
                  <ToggleButton value="single">Single</ToggleButton>
                  <ToggleButton value="batch">Batch</ToggleButton>
                </ToggleButtonGroup>
                {values.mode === 'single'
                  ? field('trainerName', 'Trainer name', { required: true, autoComplete: 'off' })
                  : field('trainerNames', 'Trainer names', {
                      required: true,
                      multiline: true,
                      minRows: 3,
                      helperText: 'Comma or line separated: one code each.',
                    })}
                <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
                  {field('trainerRole', 'Role', {
                    select: true,
                    children: TRAINER_ROLES.map((role) => (
                      <MenuItem key={role} value={role}>
                        {TRAINER_ROLE_LABELS[role]}
                      </MenuItem>
                    )),
                  })}
                  <TrainerPhoto url={values.trainerImage} onChange={(url) => set('trainerImage', url)} />
                </Box>
                <Divider textAlign="left">Partner and coupon</Divider>
                <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
                  {field('partnerName', 'Partner name', { required: true })}
                  <PartnerPicker
                    label="Assign to partner"
                    value={partner}
                    onChange={choosePartner}
                    error={errors.partnerId}
                    helperText="Its staff then see these codes and their analytics."
                    testId="trainer-partnerId"
                  />
                  {field('couponTitle', 'Coupon title', {
                    required: true,
                    helperText: couponTitleHelp(values),
                  })}
                  {field('partnerType', 'Partner type', {
                    select: true,
                    children: PARTNER_TYPES.map((t) => (
                      <MenuItem key={t} value={t}>
                        {PARTNER_TYPE_LABELS[t]}
                      </MenuItem>
                    )),
                  })}
                  {field('service', 'Service/product', {
                    helperText: 'Defaults to the coupon title.',
                    sx: { gridColumn: { sm: '1 / -1' } },
                  })}
                </Box>
                {field('description', 'Description', { multiline: true, minRows: 2 })}
                <Divider textAlign="left">Discount and limits</Divider>
                <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
                  {field('discountValue', 'Discount percent', {
                    type: 'number',
                    slotProps: { htmlInput: { min: 0, max: 100 } },
                  })}
                  {field('usageType', 'Usage limit', {
                    select: true,
                    children: TRAINER_USAGE_LIMITS.map((u) => (
                      <MenuItem key={u} value={u}>
                        {USAGE_LABELS[u]}
                      </MenuItem>
                    )),
                  })}
                  {field('validDays', 'Valid for (days)', {
                    type: 'number',
                    slotProps: { htmlInput: { min: 1, max: 730 } },
                  })}
                  <StartDateField
                    value={values.startDate}
                    error={errors.startDate}
                    onChange={(value) => set('startDate', value)}
                  />
                  {field('minPurchase', 'Min. purchase ($)', {
                    type: 'number',
                    helperText: '0 means none',
                    slotProps: { htmlInput: { min: 0, step: 0.01 } },
                  })}
                  {field('maxDiscount', 'Max. discount ($)', {
                    type: 'number',
                    helperText: '0 means none',
                    slotProps: { htmlInput: { min: 0, step: 0.01 } },
                  })}
                  <FormControlLabel
                    control={
                      <Switch
                        checked={values.stackable}
                        onChange={(e) => set('stackable', e.target.checked)}
                      />
                    }
                    label="Stackable with other offers"
                  />
                  <Box sx={{ gridColumn: { sm: '1 / -1' } }}>
                    <RedemptionModeField
                      value={redemption.mode}
                      onChange={redemption.setMode}
                      disabled={generate.isPending}
                      error={errors.redemptionMode}
                    />
                  </Box>
                </Box>
                <Box>
                  <FormControlLabel
                    control={
                      <Switch
                        checked={values.hoursEnabled}
                        onChange={(e) => set('hoursEnabled', e.target.checked)}
                      />
                    }
                    label="Only during set hours each day"
                  />
                  {values.hoursEnabled && (
                    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr', mt: 1 }}>
                      {field('hoursStart', 'From', { type: 'time' })}
                      {field('hoursEnd', 'Until', { type: 'time', helperText: "In the club's time zone." })}
                    </Box>
                  )}
                  {errors.validHours && (
                    <Typography color="error" variant="body2">
                      {errors.validHours}
                    </Typography>
                  )}
                </Box>
                <Divider textAlign="left">Bonuses and tracking</Divider>
                <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
                  {field('referralBonus', 'Referral bonus (%)', { type: 'number' })}
                  {field('performanceBonus', 'Performance bonus (%)', { type: 'number' })}
                  {field('bonusThreshold', 'Bonus threshold', { type: 'number', helperText: 'Redemptions' })}
                  {field('trackingCode', 'Tracking code')}
                  {field('campaignName', 'Campaign name')}
                  {field('storeLocations', 'Store locations')}
                </Box>
                <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
                  {field('productCategories', 'Product categories')}
                  {field('exclusions', 'Exclusions')}
                </Box>
                {field('terms', 'Terms & conditions', { multiline: true, minRows: 2 })}
                {field('notes', 'Internal notes', { multiline: true, minRows: 2 })}
                <Button
                  type="submit"
                  variant="contained"
                  size="large"
                  disabled={generate.isPending}
                  startIcon={
                    generate.isPending ? (
                      <CircularProgress size={18} color="inherit" />
                    ) : (
                      <SportsRoundedIcon />
                    )
                  }
                  data-testid="trainer-generate"
                >
                  {generate.isPending ? 'Generating...' : generateLabel(values)}
                </Button>
              </Stack>
            </Box>
          </CardContent>
        </Card>
        {batchCodes ? (
          <TrainerBatchResult codes={batchCodes} />
        ) : (
          <Box ref={preview} sx={{ position: { md: 'sticky' }, top: { md: 88 } }}>
            <TrainerPreviewCard code={generated} />
          </Box>
        )}
      </Box>
    </Container>
  );
}

/** "Generate QR Code" for one code, "Generate N QR Codes" for a batch of N names. */
export function generateLabel(values: Pick<TrainerFormValues, 'mode' | 'trainerNames'>): string {
  if (values.mode === 'single') return 'Generate QR Code';
  const count = splitTrainerNames(values.trainerNames).length;
  if (count === 1) return 'Generate QR Code';
  return count ? `Generate ${count} QR Codes` : 'Generate QR Codes';
}

/** The coupon title is a template: `{name}` becomes each trainer's name (said when it would matter). */
function couponTitleHelp(values: TrainerFormValues): string {
  const title = values.couponTitle.trim();
  if (values.mode === 'batch' && title && !hasTrainerNamePlaceholder(title))
    return `The same title on every code: put ${TRAINER_NAME_PLACEHOLDER} where each trainer's name goes.`;
  return `${TRAINER_NAME_PLACEHOLDER} becomes each trainer's name: "${TRAINER_NAME_PLACEHOLDER}'s Perk".`;
}
