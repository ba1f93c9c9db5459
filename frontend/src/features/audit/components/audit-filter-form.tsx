import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { AUDIT_ACTION_AREAS, AUDIT_ACTION_OPTIONS, AUDIT_TARGET_TYPES } from '@avpass/contracts';
import { useMemo, useState, type FormEvent } from 'react';
import {
  EMPTY_AUDIT_FILTERS,
  mergePeople,
  useAuditPeople,
  type AuditPickerPerson as Person,
  type AuditFilterValues,
} from '@/lib/audit-api';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useT } from '@/i18n/i18n';
import type { MessageId } from '@/i18n/message-id';

const TEXT_FIELDS: ReadonlyArray<{
  key: 'targetId' | 'from' | 'to';
  label: MessageId;
  type?: 'date';
}> = [
  { key: 'targetId', label: 'audit.filter.targetId' },
  { key: 'from', label: 'audit.filter.from', type: 'date' },
  { key: 'to', label: 'audit.filter.to', type: 'date' },
];

const LOOKS_LIKE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-/i;

/**
 * The audit trail's filters: a person (the entries' people, or looked up by name; an id typed in also
 * works), an action, a target type and id, and dates; applied on submit, cleared at once.
 */
export function AuditFilterForm({
  initial,
  people,
  onApply,
}: {
  initial: AuditFilterValues;
  people: readonly Person[];
  onApply: (values: AuditFilterValues) => void;
}) {
  const t = useT();
  const [values, setValues] = useState(initial);
  const [typed, setTyped] = useState('');
  const prefix = useDebouncedValue(typed.trim(), 250);
  // An id typed in (a pasted one) is not a username: nothing to look up.
  const found = useAuditPeople(LOOKS_LIKE_ID.test(prefix) ? '' : prefix);
  const options = useMemo(() => mergePeople(people, found.data?.people ?? []), [people, found.data]);
  const person = options.find((p) => p.id === values.actorId) ?? null;

  function submit(event: FormEvent) {
    event.preventDefault();
    onApply(values);
  }

  return (
    <Box
      component="form"
      role="search"
      aria-label={t('audit.filter.form')}
      onSubmit={submit}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' },
        gap: 2,
        mb: 3,
      }}
    >
      <Autocomplete<Person | string, false, false, true>
        freeSolo
        options={options}
        loading={found.isFetching}
        value={person ?? (values.actorId || null)}
        getOptionLabel={(option) => (typeof option === 'string' ? option : option.name)}
        isOptionEqualToValue={(option, value) =>
          typeof option !== 'string' && typeof value !== 'string' && option.id === value.id
        }
        onChange={(_, option) =>
          setValues({
            ...values,
            actorId: option === null ? '' : typeof option === 'string' ? option : option.id,
          })
        }
        onInputChange={(_, text, reason) => {
          if (reason === 'input') setTyped(text);
          // Typing an id (or clearing) filters by it; picking a name sets its id through onChange.
          if (reason === 'input' && !options.some((p) => p.name === text))
            setValues({ ...values, actorId: text });
          if (reason === 'clear') setValues({ ...values, actorId: '' });
        }}
        renderInput={(params) => (
          <TextField
            {...params}
            label={t('audit.filter.person')}
            placeholder={t('audit.filter.personHint')}
            size="small"
            slotProps={{
              ...params.slotProps,
              htmlInput: {
                ...params.slotProps.htmlInput,
                maxLength: 200,
                'data-testid': 'audit-filter-actorId',
              },
            }}
          />
        )}
      />
      <TextField
        select
        label={t('audit.filter.action')}
        value={values.action}
        onChange={(event) => setValues({ ...values, action: event.target.value })}
        size="small"
        slotProps={{
          htmlInput: { 'data-testid': 'audit-filter-action' },
          select: { displayEmpty: true },
          inputLabel: { shrink: true },
        }}
      >
        <MenuItem value="">{t('audit.filter.anyAction')}</MenuItem>
        {AUDIT_ACTION_AREAS.flatMap((area) => [
          <ListSubheader key={`area-${area}`}>{t(`audit.area.${area}`)}</ListSubheader>,
          ...AUDIT_ACTION_OPTIONS.filter((option) => option.area === area).map((option) => (
            <MenuItem key={option.action} value={option.action} sx={{ pl: 4 }}>
              {t(`audit.action.${option.action}`)}
            </MenuItem>
          )),
        ])}
        {/* A History link or an older URL may name an action the list does not know. */}
        {values.action && !AUDIT_ACTION_OPTIONS.some((option) => option.action === values.action) && (
          <MenuItem value={values.action}>{values.action}</MenuItem>
        )}
      </TextField>
      <TextField
        select
        label={t('audit.filter.targetType')}
        value={values.targetType}
        onChange={(event) => setValues({ ...values, targetType: event.target.value })}
        size="small"
        slotProps={{
          htmlInput: { 'data-testid': 'audit-filter-targetType' },
          select: { displayEmpty: true },
          inputLabel: { shrink: true },
        }}
      >
        <MenuItem value="">{t('audit.filter.anything')}</MenuItem>
        {Object.keys(AUDIT_TARGET_TYPES).map((type) => (
          <MenuItem key={type} value={type}>
            {t(`audit.target.${type as keyof typeof AUDIT_TARGET_TYPES}`)}
          </MenuItem>
        ))}
        {values.targetType && !(values.targetType in AUDIT_TARGET_TYPES) && (
          <MenuItem value={values.targetType}>{values.targetType}</MenuItem>
        )}
      </TextField>
      {TEXT_FIELDS.map((field) => (
        <TextField
          key={field.key}
          label={t(field.label)}
          type={field.type ?? 'text'}
          value={values[field.key]}
          onChange={(event) => setValues({ ...values, [field.key]: event.target.value })}
          size="small"
          slotProps={{
            inputLabel: field.type === 'date' ? { shrink: true } : undefined,
            htmlInput: { maxLength: 200, 'data-testid': `audit-filter-${field.key}` },
          }}
        />
      ))}
      <Box sx={{ display: 'flex', gap: 1, gridColumn: { lg: 'span 3' }, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained">
          {t('audit.filter.apply')}
        </Button>
        <Button
          onClick={() => {
            setValues(EMPTY_AUDIT_FILTERS);
            onApply(EMPTY_AUDIT_FILTERS);
          }}
        >
          {t('audit.filter.clear')}
        </Button>
      </Box>
    </Box>
  );
}
