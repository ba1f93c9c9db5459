import { splitTrainerNames, TRAINER_USAGE_LIMITS } from '@avpass/contracts';
import {
  hasTrainerNamePlaceholder,
  PARTNER_TYPES,
  TRAINER_NAME_PLACEHOLDER,
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
import { useT } from '@/i18n/i18n';
import type { T } from '../lib/analytics-range';
import type { TrainerFormValues } from '../lib/trainer-form';
import type { TrainerQrForm } from '../lib/use-trainer-qr-form';
import { TrainerPhoto } from './trainer-photo';

/** "Unlimited", "1 use", "5 uses", … in the reader's language. */
const usageLabel = (t: T, usage: (typeof TRAINER_USAGE_LIMITS)[number]) =>
  usage === 'unlimited'
    ? t('credits.trainerQr.unlimited')
    : t('credits.trainerQr.uses', { count: Number(usage) });

/** The Trainer/Athlete QR form: who the codes are for, the partner and coupon, discount, limits, bonuses. */
export function TrainerQrFormCard({ form }: { form: TrainerQrForm }) {
  const t = useT();
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
        <Box component="form" aria-label={t('credits.trainerQr.details')} noValidate onSubmit={onSubmit}>
          <Stack spacing={2.5}>
            <ToggleButtonGroup
              exclusive
              color="primary"
              value={values.mode}
              onChange={(_e, mode: TrainerFormValues['mode'] | null) => mode && set('mode', mode)}
              aria-label={t('credits.trainerQr.howMany')}
              size="small"
            >
              <ToggleButton value="single">{t('credits.trainerQr.single')}</ToggleButton>
              <ToggleButton value="batch">{t('credits.trainerQr.batch')}</ToggleButton>
            </ToggleButtonGroup>
            {values.mode === 'single'
              ? field('trainerName', t('credits.trainerQr.trainerName'), {
                  required: true,
                  autoComplete: 'off',
                })
              : field('trainerNames', t('credits.trainerQr.trainerNames'), {
                  required: true,
                  multiline: true,
                  minRows: 3,
                  helperText: t('credits.trainerQr.namesHelp'),
                })}
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              {field('trainerRole', t('credits.field.role'), {
                select: true,
                children: TRAINER_ROLES.map((role) => (
                  <MenuItem key={role} value={role}>
                    {t(`credits.role.${role}`)}
                  </MenuItem>
                )),
              })}
              <TrainerPhoto url={values.trainerImage} onChange={(url) => set('trainerImage', url)} />
            </Box>
            <Divider textAlign="left">{t('credits.trainerQr.partnerSection')}</Divider>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              {field('partnerName', t('credits.trainerQr.name.partnerName'), { required: true })}
              <PartnerPicker
                label={t('credits.trainerQr.assign')}
                value={partner}
                onChange={choosePartner}
                error={errors.partnerId}
                helperText={t('credits.trainerQr.assignHelp')}
                testId="trainer-partnerId"
              />
              {field('couponTitle', t('credits.trainerQr.name.couponTitle'), {
                required: true,
                helperText: couponTitleHelp(values, t),
              })}
              {field('partnerType', t('credits.trainerQr.partnerType'), {
                select: true,
                children: PARTNER_TYPES.map((type) => (
                  <MenuItem key={type} value={type}>
                    {t(`credits.partnerType.${type}`)}
                  </MenuItem>
                )),
              })}
              {field('service', t('credits.trainerQr.service'), {
                helperText: t('credits.trainerQr.serviceHelp'),
                sx: { gridColumn: { sm: '1 / -1' } },
              })}
            </Box>
            {field('description', t('credits.field.description'), { multiline: true, minRows: 2 })}
            <Divider textAlign="left">{t('credits.trainerQr.limitsSection')}</Divider>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              {field('discountValue', t('credits.trainerQr.name.discountPercent'), {
                type: 'number',
                slotProps: { htmlInput: { min: 0, max: 100 } },
              })}
              {field('usageType', t('credits.trainerQr.usageLimit'), {
                select: true,
                children: TRAINER_USAGE_LIMITS.map((u) => (
                  <MenuItem key={u} value={u}>
                    {usageLabel(t, u)}
                  </MenuItem>
                )),
              })}
              {field('validDays', t('credits.trainerQr.validDays'), {
                type: 'number',
                slotProps: { htmlInput: { min: 1, max: 730 } },
              })}
              <StartDateField
                value={values.startDate}
                error={errors.startDate}
                onChange={(value) => set('startDate', value)}
              />
              {field('minPurchase', t('credits.trainerQr.minPurchase'), {
                type: 'number',
                helperText: t('credits.trainerQr.zeroNone'),
                slotProps: { htmlInput: { min: 0, step: 0.01 } },
              })}
              {field('maxDiscount', t('credits.trainerQr.maxDiscount'), {
                type: 'number',
                helperText: t('credits.trainerQr.zeroNone'),
                slotProps: { htmlInput: { min: 0, step: 0.01 } },
              })}
              <FormControlLabel
                control={
                  <Switch checked={values.stackable} onChange={(e) => set('stackable', e.target.checked)} />
                }
                label={t('credits.trainerQr.stackable')}
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
                label={t('credits.trainerQr.hours')}
              />
              {values.hoursEnabled && (
                <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr', mt: 1 }}>
                  {field('hoursStart', t('credits.analytics.from'), { type: 'time' })}
                  {field('hoursEnd', t('credits.trainerQr.until'), {
                    type: 'time',
                    helperText: t('credits.trainerQr.zoneHelp'),
                  })}
                </Box>
              )}
              {errors.validHours && (
                <Typography color="error" variant="body2">
                  {errors.validHours}
                </Typography>
              )}
            </Box>
            <Divider textAlign="left">{t('credits.trainerQr.bonusSection')}</Divider>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              {field('referralBonus', t('credits.trainerQr.referralBonus'), { type: 'number' })}
              {field('performanceBonus', t('credits.trainerQr.performanceBonus'), { type: 'number' })}
              {field('bonusThreshold', t('credits.trainerQr.name.bonusThreshold'), {
                type: 'number',
                helperText: t('credits.analytics.redemptions'),
              })}
              {field('trackingCode', t('credits.trainerQr.trackingCode'))}
              {field('campaignName', t('credits.trainerQr.campaignName'))}
              {field('storeLocations', t('credits.trainerQr.storeLocations'))}
            </Box>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              {field('productCategories', t('credits.trainerQr.productCategories'))}
              {field('exclusions', t('credits.trainerQr.exclusions'))}
            </Box>
            {field('terms', t('credits.trainerQr.terms'), { multiline: true, minRows: 2 })}
            {field('notes', t('credits.trainerQr.notes'), { multiline: true, minRows: 2 })}
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
              {generate.isPending ? t('credits.trainerQr.generating') : generateLabel(values, t)}
            </Button>
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}

/** "Generate QR Code" for one code, "Generate N QR Codes" for a batch of N names. */
export function generateLabel(values: Pick<TrainerFormValues, 'mode' | 'trainerNames'>, t: T): string {
  if (values.mode === 'single') return t('credits.trainerQr.generateOne');
  const count = splitTrainerNames(values.trainerNames).length;
  if (count === 1) return t('credits.trainerQr.generateOne');
  return count ? t('credits.trainerQr.generateMany', { count }) : t('credits.trainerQr.generateSome');
}

/** The coupon title is a template: `{name}` becomes each trainer's name (said when it would matter). */
function couponTitleHelp(values: TrainerFormValues, t: T): string {
  const title = values.couponTitle.trim();
  const placeholder = TRAINER_NAME_PLACEHOLDER;
  if (values.mode === 'batch' && title && !hasTrainerNamePlaceholder(title))
    return t('credits.trainerQr.sameTitle', { placeholder });
  return t('credits.trainerQr.titleHelp', { placeholder });
}
