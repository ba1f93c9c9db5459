import {
  defaultExpiryDate,
  isExpired,
  todayInTimeZone,
  DISCOUNT_TYPES,
  PARTNER_TYPES,
  type DiscountType,
  type PartnerType,
} from '@avpass/domain';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Box from '@mui/material/Box';
import { discountTextIn, type Words } from '@avpass/contracts/i18n/voucher-words';
import { i18n, useT, useWords } from '@/i18n/i18n';
import { viewerTimeZone } from '@/lib/time-zone';
import { perMemberLimitInput, type PerMemberChoice } from '@/lib/per-member-limit-options';
import { PerMemberLimitField } from './per-member-limit-field';
import { USAGE_LIMIT_PRESETS, usageLimitInput, type UsageLimitPreset } from '@/lib/usage-limit-options';

/** The voucher fields the single and bulk generators share, as the form holds them (text). */
export interface VoucherFieldValues {
  discountType: DiscountType;
  discountValue: string;
  service: string;
  expirationDate: string;
  /** Optional 'YYYY-MM-DD': valid from the start of that day (blank: at once). */
  startDate: string;
  usagePreset: UsageLimitPreset;
  usageCustom: string;
  /** "Per member" (issue 41) and its number of uses for N per day/week/month. */
  perMemberChoice: PerMemberChoice;
  perMemberCount: string;
  terms: string;
  customTitle: string;
  partnerType: PartnerType;
}

export type VoucherFieldErrors = Partial<Record<string, string>>;

/** Spec section 5 defaults: percentage 25, one use, 30 days ahead, Business Partner. */
export function initialVoucherFields(): VoucherFieldValues {
  return {
    discountType: 'percentage',
    discountValue: '25',
    service: '',
    expirationDate: defaultExpiryDate(new Date(), viewerTimeZone()),
    startDate: '',
    usagePreset: '1',
    usageCustom: '',
    perMemberChoice: 'none',
    perMemberCount: '1',
    terms: '',
    customTitle: '',
    partnerType: 'partner',
  };
}

export function hasAmount(type: DiscountType): boolean {
  return type === 'percentage' || type === 'fixed';
}

/**
 * Rules the schema cannot check on its own: a new voucher may not be expired already (a date-only
 * expiry runs through the end of its day; the server checks again in BUSINESS_TIMEZONE).
 */
export function voucherFieldRefusals(values: VoucherFieldValues, now = new Date()): VoucherFieldErrors {
  const errors: VoucherFieldErrors = {};
  if (
    /^\d{4}-\d{2}-\d{2}$/.test(values.expirationDate) &&
    isExpired(values.expirationDate, now, viewerTimeZone())
  )
    // The staff catalog is loaded with every signed-in screen.
    errors.expirationDate = i18n._('staff.form.expiryPast');
  return errors;
}

/** The request fields (server schema input) for these values. */
export function voucherRequestFields(values: VoucherFieldValues) {
  return {
    discountType: values.discountType,
    discountValue: hasAmount(values.discountType) ? values.discountValue.trim() : 0,
    service: values.service,
    expirationDate: values.expirationDate,
    // Blank is "at once": left out, so a server without starts reads the same request as before.
    ...(values.startDate.trim() ? { startDate: values.startDate.trim() } : {}),
    usageLimit: usageLimitInput(values.usagePreset, values.usageCustom),
    // No limit is left out, so the request reads as it did before per-member limits.
    ...(values.perMemberChoice === 'none'
      ? {}
      : { perMemberLimit: perMemberLimitInput(values.perMemberChoice, values.perMemberCount) }),
    terms: values.terms,
    customTitle: values.customTitle,
    partnerType: values.partnerType,
  };
}

/** A preview line such as "25% Off" ("25% de descuento"), for buttons and summaries, in `words`' language. */
export function discountPreview(values: VoucherFieldValues, words: Words): string {
  const value = Number(values.discountValue);
  return discountTextIn(words, values.discountType, Number.isFinite(value) ? Math.trunc(value) : 0);
}

interface VoucherFieldsProps {
  values: VoucherFieldValues;
  errors: VoucherFieldErrors;
  onChange: (patch: Partial<VoucherFieldValues>) => void;
  disabled?: boolean;
  /** The bulk form calls the custom title "Page Title" and shows it elsewhere. */
  showCustomTitle?: boolean;
}

/** Discount type and value, service, expiry, usage limit, partner type, custom title and terms. */
export function VoucherFields({
  values,
  errors,
  onChange,
  disabled,
  showCustomTitle = true,
}: VoucherFieldsProps) {
  const text = (name: keyof VoucherFieldValues) => ({
    name,
    value: values[name],
    disabled,
    error: Boolean(errors[name]),
    onChange: (event: { target: { value: string } }) => onChange({ [name]: event.target.value }),
  });
  const usageError = errors.usageLimit;
  const words = useWords();
  const { t } = words;

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2.5 }}>
      <TextField
        select
        label={t('staff.form.discountType')}
        {...text('discountType')}
        onChange={(event) => onChange({ discountType: event.target.value as DiscountType })}
        helperText={errors.discountType ?? ' '}
      >
        {DISCOUNT_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {t(`staff.form.discountType.${type}`)}
          </MenuItem>
        ))}
      </TextField>
      {hasAmount(values.discountType) ? (
        <TextField
          label={t('staff.form.discountValue')}
          type="number"
          required
          {...text('discountValue')}
          helperText={
            errors.discountValue ??
            (values.discountType === 'percentage'
              ? t('staff.form.wholePercent')
              : t('staff.form.wholeDollars'))
          }
          slotProps={{
            htmlInput: {
              min: 1,
              max: values.discountType === 'percentage' ? 100 : undefined,
              step: 1,
              inputMode: 'numeric',
            },
            input:
              values.discountType === 'percentage'
                ? { endAdornment: <InputAdornment position="end">%</InputAdornment> }
                : { startAdornment: <InputAdornment position="start">$</InputAdornment> },
          }}
        />
      ) : (
        <TextField
          label={t('staff.form.discountValue')}
          // The words the voucher prints for it ("BOGO", "Free Service"; "2x1", "Servicio gratis").
          value={discountTextIn(words, values.discountType, 0)}
          disabled
          helperText={t('staff.form.noAmountHelp')}
        />
      )}
      <TextField
        label={t('staff.form.service')}
        required
        placeholder={t('staff.form.servicePlaceholder')}
        {...text('service')}
        helperText={errors.service ?? ' '}
        sx={{ gridColumn: { sm: '1 / -1' } }}
      />
      <StartDateField
        value={values.startDate}
        error={errors.startDate}
        disabled={disabled}
        onChange={(startDate) => onChange({ startDate })}
      />
      <TextField
        label={t('staff.form.expirationDate')}
        type="date"
        required
        {...text('expirationDate')}
        helperText={errors.expirationDate ?? t('staff.form.expirationHelp')}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { min: todayInTimeZone(new Date(), viewerTimeZone()) },
        }}
      />
      {/* With "Custom number" the pair takes the whole row, so neither label is cut ("Number of u…"). */}
      <Box
        sx={{
          display: 'flex',
          gap: 1.5,
          gridColumn: values.usagePreset === 'custom' ? { sm: '1 / -1' } : undefined,
        }}
      >
        <TextField
          select
          label={t('staff.form.usageLimit')}
          name="usagePreset"
          value={values.usagePreset}
          disabled={disabled}
          error={Boolean(usageError) && values.usagePreset !== 'custom'}
          onChange={(event) => onChange({ usagePreset: event.target.value as UsageLimitPreset })}
          helperText={values.usagePreset === 'custom' ? ' ' : (usageError ?? ' ')}
          sx={{ flex: 1, minWidth: 0 }}
        >
          {USAGE_LIMIT_PRESETS.map((preset) => (
            <MenuItem key={preset.value} value={preset.value}>
              {t(`staff.form.usagePreset.${preset.value}`)}
            </MenuItem>
          ))}
        </TextField>
        {values.usagePreset === 'custom' && (
          <TextField
            label={t('staff.form.usageCustom')}
            name="usageCustom"
            value={values.usageCustom}
            disabled={disabled}
            required
            error={Boolean(usageError)}
            onChange={(event) => onChange({ usageCustom: event.target.value })}
            helperText={usageError ?? ' '}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            sx={{ flex: 1, minWidth: 0 }}
          />
        )}
      </Box>
      <PerMemberLimitField
        choice={values.perMemberChoice}
        count={values.perMemberCount}
        error={errors.perMemberLimit}
        disabled={disabled}
        onChange={onChange}
      />
      <TextField
        select
        label={t('staff.form.partnerType')}
        {...text('partnerType')}
        onChange={(event) => onChange({ partnerType: event.target.value as PartnerType })}
        helperText={errors.partnerType ?? ' '}
      >
        {PARTNER_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {t(`staff.form.partnerType.${type}`)}
          </MenuItem>
        ))}
      </TextField>
      {showCustomTitle && (
        <TextField
          label={t('staff.form.customTitle')}
          placeholder={t('staff.form.customTitlePlaceholder')}
          {...text('customTitle')}
          helperText={errors.customTitle ?? t('staff.form.optional')}
        />
      )}
      <TextField
        label={t('staff.form.terms')}
        multiline
        minRows={3}
        placeholder={t('staff.form.termsPlaceholder')}
        {...text('terms')}
        helperText={errors.terms ?? t('staff.form.optional')}
        sx={{ gridColumn: '1 / -1' }}
      />
    </Box>
  );
}

/**
 * The optional start of every create form (issue 24): before it the voucher shows "Valid from {date}"
 * and cannot be redeemed; its status is Upcoming. Blank: valid at once.
 */
export function StartDateField({
  value,
  error,
  disabled,
  onChange,
  name = 'startDate',
  size,
}: {
  value: string;
  error?: string | undefined;
  disabled?: boolean | undefined;
  onChange: (value: string) => void;
  name?: string;
  size?: 'small' | 'medium';
}) {
  const t = useT();
  return (
    <TextField
      label={t('staff.form.startDate')}
      size={size}
      type="date"
      name={name}
      value={value}
      disabled={disabled}
      error={Boolean(error)}
      onChange={(event) => onChange(event.target.value)}
      helperText={error ?? t('staff.form.startDateHelp')}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { min: todayInTimeZone(new Date(), viewerTimeZone()), 'data-testid': 'start-date' },
      }}
    />
  );
}
