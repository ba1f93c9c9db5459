import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type UIEvent } from 'react';
import { PartnerLogo } from '@/components/brand/partner-logo';
import { formatNumberIn } from '@avpass/domain';
import { apiErrorText } from '@/i18n/api-error-text';
import { useLanguage, useT } from '@/i18n/i18n';
import { nearListEnd, pickerOptions, usePartnerDirectory, type PartnerChoice } from '@/lib/partners-api';
import { useSession } from '@/lib/session/use-session';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useCompanies } from '@/lib/vouchers-api';

export interface PartnerPickerProps {
  value: PartnerChoice | null;
  onChange: (partner: PartnerChoice | null) => void;
  disabled?: boolean;
  /** The field's label (what the partner is chosen for). */
  label?: string;
  helperText?: string;
  error?: string | undefined;
  /** Whether "No partner (club-wide)" is offered (a vendor-only form leaves it out). */
  allowNone?: boolean;
  testId?: string;
  size?: 'small' | 'medium';
}

/**
 * Choose the partner a code is made for from the directory (GET /api/vendors): type to search (one
 * request per pause), the list loads the next page by keyset as it scrolls, and "No partner
 * (club-wide)" stays first. A company_admin cannot choose: the field shows its own company, fixed
 * (its codes are always its own, spec §2).
 */
export function PartnerPicker(props: PartnerPickerProps) {
  const session = useSession();
  if (session.status !== 'signed-in') return null;
  if (session.user.role === 'company_admin') return <OwnCompany {...props} />;
  return <DirectoryPicker {...props} />;
}

function OwnCompany({
  value,
  onChange,
  label,
  testId = 'partner-picker',
  size = 'medium',
}: PartnerPickerProps) {
  const t = useT();
  const companies = useCompanies();
  const own = companies.data?.[0] ?? null;
  useEffect(() => {
    if (own && value?.id !== own.id) onChange({ id: own.id, name: own.name, logoUrl: own.logoUrl });
  }, [own, value?.id, onChange]);
  return (
    <TextField
      label={label ?? t('staff.partners.partner')}
      value={
        own?.name ?? (companies.isError ? t('staff.partners.yourCompany') : t('staff.partners.loadingMore'))
      }
      fullWidth
      size={size}
      // Read-only, not disabled: it stays readable and focusable (a disabled field greys its text out).
      helperText={t('staff.partners.ownCodes')}
      slotProps={{ htmlInput: { 'data-testid': testId, readOnly: true } }}
    />
  );
}

function DirectoryPicker({
  value,
  onChange,
  disabled,
  label,
  helperText,
  error,
  allowNone = true,
  testId = 'partner-picker',
  size = 'medium',
}: PartnerPickerProps) {
  const t = useT();
  const language = useLanguage();
  /** The "No partner" row: an option object of its own so MUI lists it and keyboard selects it. */
  const NONE: PartnerChoice = { id: '', name: t('staff.partners.noPartner'), logoUrl: null };
  const [open, setOpen] = useState(false);
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input.trim(), 250);
  const directory = usePartnerDirectory(search, open);
  const options = [...(allowNone ? [NONE] : []), ...pickerOptions(directory.partners, value)];
  const selected = value ?? (allowNone ? NONE : null);

  const onListScroll = (event: UIEvent<HTMLElement>) => {
    if (nearListEnd(event.currentTarget)) directory.loadMore();
  };

  return (
    <Autocomplete
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={options}
      value={selected}
      onChange={(_event, next) => onChange(next && next.id ? next : null)}
      onInputChange={(_event, text, reason) => setInput(reason === 'input' ? text : '')}
      // The server searches; the list shows what it answered.
      filterOptions={(list) => list}
      getOptionLabel={(option) => option.name}
      getOptionKey={(option) => option.id || 'none'}
      isOptionEqualToValue={(option, current) => option.id === current.id}
      disabled={disabled}
      disableClearable={allowNone || value === null}
      loading={directory.isPending}
      loadingText={t('staff.partners.searching')}
      noOptionsText={
        directory.isError
          ? apiErrorText(directory.error, t('staff.partners.loadFailedShort'))
          : t('staff.partners.noMatchShort')
      }
      autoHighlight
      fullWidth
      size={size}
      slotProps={{
        listbox: {
          onScroll: onListScroll,
          'aria-label': t('staff.partners.list'),
          // @ts-expect-error a data attribute on the listbox, for tests
          'data-testid': `${testId}-list`,
        },
      }}
      renderOption={(props, option) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <Box component="li" key={key} {...rest} sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
            {option.id ? (
              <>
                <PartnerLogo name={option.name} logoUrl={option.logoUrl} size={32} />
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                    {option.name}
                  </Typography>
                  {option.email && (
                    <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                      <span aria-hidden>{option.email}</span>
                    </Typography>
                  )}
                </Box>
              </>
            ) : (
              <Typography variant="body2" sx={{ fontStyle: 'italic' }}>
                {NONE.name}
              </Typography>
            )}
          </Box>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label ?? t('staff.partners.partner')}
          error={Boolean(error)}
          helperText={
            error ??
            (open && directory.total !== null
              ? t(search ? 'staff.partners.countMatching' : 'staff.partners.count', {
                  count: directory.total,
                  shown: formatNumberIn(language, directory.total),
                }) + (directory.isLoadingMore ? ` · ${t('staff.partners.loadingMoreLower')}` : '')
              : (helperText ?? t('staff.partners.pickerHelp')))
          }
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId },
            input: {
              ...params.slotProps.input,
              endAdornment: (
                <>
                  {directory.isPending || directory.isLoadingMore ? (
                    <CircularProgress
                      color="inherit"
                      size={18}
                      aria-label={t('staff.partners.loadingShort')}
                    />
                  ) : null}
                  {params.slotProps.input.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
}
