import { splitTrainerNames, TRAINER_USAGE_LIMITS } from '@avpass/contracts';
import {
  hasTrainerNamePlaceholder,
  PARTNER_TYPE_LABELS,
  PARTNER_TYPES,
  TRAINER_NAME_PLACEHOLDER,
  TRAINER_ROLE_LABELS,
  TRAINER_ROLES,
} from '@avpass/domain';
import SportsRoundedIcon from '@mui/icons-material/SportsRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { PartnerPicker } from '@/components/form/partner-picker';
import { RedemptionModeField } from '@/components/form/redemption-mode-field';
import { FundedByField } from '@/components/form/funded-by-field';
import { StartDateField } from '@/components/form/voucher-fields';
import type { TrainerFormValues } from '../lib/trainer-form';
import type { TrainerQrForm } from '../lib/use-trainer-qr-form';
import { TrainerPhoto } from './trainer-photo';

const USAGE_LABELS: Record<(typeof TRAINER_USAGE_LIMITS)[number], string> = {
  unlimited: 'Unlimited',
  '1': '1 use',
  '5': '5 uses',
  '10': '10 uses',
  '25': '25 uses',
  '50': '50 uses',
  '100': '100 uses',
};

/** The Trainer/Athlete QR form: who the codes are for, the partner and coupon, discount, limits, bonuses. */
export function TrainerQrFormCard({ form }: { form: TrainerQrForm }) {
  const { values, set, errors, setErrors, partner, choosePartner, redemption, funding, generate, onSubmit } =
    form;
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
  return (
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
                  <Switch checked={values.stackable} onChange={(e) => set('stackable', e.target.checked)} />
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
              <Box sx={{ gridColumn: { sm: '1 / -1' } }}>
                <FundedByField
                  value={funding.fundedBy}
                  onChange={funding.setFundedBy}
                  disabled={generate.isPending}
                  error={errors.fundedBy}
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
                generate.isPending ? <CircularProgress size={18} color="inherit" /> : <SportsRoundedIcon />
              }
              data-testid="trainer-generate"
            >
              {generate.isPending ? 'Generating...' : generateLabel(values)}
            </Button>
          </Stack>
        </Box>
      </CardContent>
    </Card>
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
