import type { Member } from '@avpass/contracts';
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useT } from '@/i18n/i18n';
import { memberName, useMembers } from '@/lib/members-api';
import { useDebouncedValue } from '@/lib/use-debounced-value';

const contactOf = (m: Member) => m.email ?? m.phone ?? '';
const labelOf = (m: Member) => [memberName(m), contactOf(m)].filter(Boolean).join(' · ');

/** The members matching what is typed (the list's search: a name, e-mail or phone prefix), 20 at most. */
function useMemberOptions(input: string, exclude: readonly string[]) {
  const search = useDebouncedValue(input.trim());
  const query = useMembers({ ...(search ? { search } : {}), sort: 'name', order: 'asc', limit: 20 });
  const options = (query.data?.items ?? []).filter((m) => !exclude.includes(m.id));
  return { options, loading: query.isFetching };
}

interface PickerProps {
  label: string;
  helperText?: string;
  error?: string;
  /** Members not to offer (the member being merged into). */
  exclude?: readonly string[];
  testId?: string;
}

/** One member, found by a search of the members list. */
export function MemberPicker({
  value,
  onChange,
  label,
  helperText,
  error,
  exclude = [],
  testId,
}: PickerProps & { value: Member | null; onChange: (member: Member | null) => void }) {
  const t = useT();
  const [input, setInput] = useState('');
  const { options, loading } = useMemberOptions(input, exclude);
  return (
    <Autocomplete
      options={options}
      value={value}
      onChange={(_e, member) => onChange(member)}
      inputValue={input}
      onInputChange={(_e, text) => setInput(text)}
      filterOptions={(all) => all}
      getOptionLabel={labelOf}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={loading}
      noOptionsText={input.trim() ? t('staff.members.picker.noMatch') : t('staff.members.picker.type')}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          error={Boolean(error)}
          helperText={error || helperText}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId },
          }}
        />
      )}
    />
  );
}

/** Several members, each found by a search of the members list. */
export function MembersPicker({
  value,
  onChange,
  label,
  helperText,
  error,
  exclude = [],
  testId,
}: PickerProps & { value: Member[]; onChange: (members: Member[]) => void }) {
  const t = useT();
  const [input, setInput] = useState('');
  const { options, loading } = useMemberOptions(input, exclude);
  return (
    <Autocomplete
      multiple
      options={options}
      value={value}
      onChange={(_e, members) => onChange(members)}
      inputValue={input}
      onInputChange={(_e, text, reason) => reason !== 'reset' && setInput(text)}
      filterOptions={(all) => all}
      getOptionLabel={labelOf}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterSelectedOptions
      disableCloseOnSelect
      loading={loading}
      noOptionsText={input.trim() ? t('staff.members.picker.noMatch') : t('staff.members.picker.type')}
      renderValue={(selected, getItemProps) =>
        selected.map((m, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} size="small" label={memberName(m)} {...itemProps} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          error={Boolean(error)}
          helperText={error || helperText}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId },
          }}
        />
      )}
    />
  );
}
