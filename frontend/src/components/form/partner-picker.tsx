import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type UIEvent } from 'react';
import { PartnerLogo } from '@/components/brand/partner-logo';
import {
  NO_PARTNER_LABEL,
  nearListEnd,
  pickerOptions,
  usePartnerDirectory,
  type PartnerChoice,
} from '@/lib/partners-api';
import { errorMessageOf } from '@/lib/api-client';
import { useSession } from '@/lib/session/use-session';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useCompanies } from '@/lib/vouchers-api';

/** The "No partner" row: an option object of its own so MUI lists it and keyboard selects it. */
const NONE: PartnerChoice = { id: '', name: NO_PARTNER_LABEL, logoUrl: null };

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
  label = 'Partner',
  testId = 'partner-picker',
  size = 'medium',
}: PartnerPickerProps) {
  const companies = useCompanies();
  const own = companies.data?.[0] ?? null;
  useEffect(() => {
    if (own && value?.id !== own.id) onChange({ id: own.id, name: own.name, logoUrl: own.logoUrl });
  }, [own, value?.id, onChange]);
  return (
    <TextField
      label={label}
      value={own?.name ?? (companies.isError ? 'Your company' : 'Loading...')}
      fullWidth
      size={size}
      // Read-only, not disabled: it stays readable and focusable (a disabled field greys its text out).
      helperText="The codes you make are your company's"
      slotProps={{ htmlInput: { 'data-testid': testId, readOnly: true } }}
    />
  );
}

function DirectoryPicker({
  value,
  onChange,
  disabled,
  label = 'Partner',
  helperText = 'Search the directory, or leave as No partner for a club-wide code',
  error,
  allowNone = true,
  testId = 'partner-picker',
  size = 'medium',
}: PartnerPickerProps) {
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
      loadingText="Searching partners..."
      noOptionsText={
        directory.isError
          ? errorMessageOf(directory.error, 'Partners could not be loaded')
          : 'No partner matches'
      }
      autoHighlight
      fullWidth
      size={size}
      slotProps={{
        listbox: {
          onScroll: onListScroll,
          'aria-label': 'Partners',
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
                {NO_PARTNER_LABEL}
              </Typography>
            )}
          </Box>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          error={Boolean(error)}
          helperText={
            error ??
            (open && directory.total !== null
              ? `${directory.total.toLocaleString('en-US')} partner${directory.total === 1 ? '' : 's'}${search ? ' match' : ''}${directory.isLoadingMore ? ' · loading more...' : ''}`
              : helperText)
          }
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId },
            input: {
              ...params.slotProps.input,
              endAdornment: (
                <>
                  {directory.isPending || directory.isLoadingMore ? (
                    <CircularProgress color="inherit" size={18} aria-label="Loading partners" />
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
