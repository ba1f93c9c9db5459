import DownloadRoundedIcon from '@mui/icons-material/DownloadRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Autocomplete from '@mui/material/Autocomplete';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  AUDIT_ACTION_AREAS,
  AUDIT_ACTION_OPTIONS,
  AUDIT_TARGET_TYPES,
  describeAuditActor,
  type AuditEntryView,
} from '@avpass/contracts';
import { useMemo, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { AuditEntryList } from '@/components/audit/audit-entry-list';
import { useToast } from '@/components/toast/toast-context';
import { errorMessageOf } from '@/lib/api-client';
import {
  downloadAuditCsv,
  EMPTY_AUDIT_FILTERS,
  filtersFromSearch,
  queryFromFilters,
  searchFromFilters,
  useAuditEntries,
  mergePeople,
  useAuditPeople,
  type AuditPickerPerson as Person,
  type AuditFilterValues,
} from '@/lib/audit-api';
import { useDebouncedValue } from '@/lib/use-debounced-value';

const TEXT_FIELDS: ReadonlyArray<{
  key: 'targetId' | 'from' | 'to';
  label: string;
  type?: 'date';
}> = [
  { key: 'targetId', label: 'Target id' },
  { key: 'from', label: 'From', type: 'date' },
  { key: 'to', label: 'To', type: 'date' },
];

const LOOKS_LIKE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-/i;

/** The people in the entries on screen: the person picker's suggestions (an id typed in also works). */
function peopleOf(entries: readonly AuditEntryView[]): Person[] {
  const people = new Map<string, string>();
  for (const entry of entries) {
    if (entry.actorType === 'user' && entry.actorId) people.set(entry.actorId, describeAuditActor(entry));
  }
  return [...people].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The audit trail (issue 26, administrators): who changed what and when, filtered by person, action,
 * target and dates (kept in the URL, so a code's "History" link opens here), newest first, each entry
 * opening its before → after; Export CSV downloads the same query.
 */
export function AuditRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const applied = filtersFromSearch(searchParams);
  const appliedKey = searchFromFilters(applied).toString();
  const query = queryFromFilters(applied);
  const entries = useAuditEntries(query);
  const loaded = entries.data?.pages;
  const people = useMemo(() => peopleOf(loaded?.flatMap((page) => page.items) ?? []), [loaded]);
  const { toast } = useToast();
  const [exporting, setExporting] = useState(false);

  async function exportCsv() {
    setExporting(true);
    try {
      await downloadAuditCsv(query);
      toast({ title: 'Download Started' });
    } catch (error) {
      toast({
        title: 'Export Failed',
        description: errorMessageOf(error, 'The audit trail could not be exported.'),
        kind: 'destructive',
      });
    } finally {
      setExporting(false);
    }
  }

  return (
    <Container maxWidth="xl" sx={{ py: { xs: 3, md: 6 } }}>
      <Box
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          alignItems: { xs: 'stretch', sm: 'flex-end' },
          justifyContent: 'space-between',
          gap: 2,
          mb: { xs: 3, md: 4 },
        }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="overline" sx={(theme) => ({ color: theme.palette.secondary.dark })}>
            Administration
          </Typography>
          <Typography variant="h3" component="h1" data-testid="page-title">
            Audit trail
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            Every change: who made it, when, from where, and what it changed. Newest first.
          </Typography>
        </Box>
        <Button
          variant="outlined"
          onClick={() => void exportCsv()}
          disabled={exporting}
          startIcon={exporting ? <CircularProgress size={18} color="inherit" /> : <DownloadRoundedIcon />}
        >
          Export CSV
        </Button>
      </Box>

      {/* Keyed on the URL: Back/Forward and a History link refill the fields. */}
      <FilterForm
        key={appliedKey}
        initial={applied}
        people={people}
        onApply={(values) => setSearchParams(searchFromFilters(values))}
      />

      <Card sx={{ p: { xs: 1.5, md: 2 } }}>
        <AuditEntryList query={entries} label="Audit entries" emptyText="No entries match these filters." />
      </Card>
    </Container>
  );
}

function FilterForm({
  initial,
  people,
  onApply,
}: {
  initial: AuditFilterValues;
  people: readonly Person[];
  onApply: (values: AuditFilterValues) => void;
}) {
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
      aria-label="Filter the audit trail"
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
            label="Person"
            placeholder="A name or username, or a user id"
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
        label="Action"
        value={values.action}
        onChange={(event) => setValues({ ...values, action: event.target.value })}
        size="small"
        slotProps={{
          htmlInput: { 'data-testid': 'audit-filter-action' },
          select: { displayEmpty: true },
          inputLabel: { shrink: true },
        }}
      >
        <MenuItem value="">Any action</MenuItem>
        {AUDIT_ACTION_AREAS.flatMap((area) => [
          <ListSubheader key={`area-${area}`}>{area}</ListSubheader>,
          ...AUDIT_ACTION_OPTIONS.filter((option) => option.area === area).map((option) => (
            <MenuItem key={option.action} value={option.action} sx={{ pl: 4 }}>
              {option.label}
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
        label="Target type"
        value={values.targetType}
        onChange={(event) => setValues({ ...values, targetType: event.target.value })}
        size="small"
        slotProps={{
          htmlInput: { 'data-testid': 'audit-filter-targetType' },
          select: { displayEmpty: true },
          inputLabel: { shrink: true },
        }}
      >
        <MenuItem value="">Anything</MenuItem>
        {Object.entries(AUDIT_TARGET_TYPES).map(([type, label]) => (
          <MenuItem key={type} value={type}>
            {label}
          </MenuItem>
        ))}
        {values.targetType && !(values.targetType in AUDIT_TARGET_TYPES) && (
          <MenuItem value={values.targetType}>{values.targetType}</MenuItem>
        )}
      </TextField>
      {TEXT_FIELDS.map((field) => (
        <TextField
          key={field.key}
          label={field.label}
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
          Apply filters
        </Button>
        <Button
          onClick={() => {
            setValues(EMPTY_AUDIT_FILTERS);
            onApply(EMPTY_AUDIT_FILTERS);
          }}
        >
          Clear
        </Button>
      </Box>
    </Box>
  );
}
