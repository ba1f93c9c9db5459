import DownloadRoundedIcon from '@mui/icons-material/DownloadRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
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
  type AuditFilterValues,
} from '@/lib/audit-api';

const FIELDS: ReadonlyArray<{
  key: keyof AuditFilterValues;
  label: string;
  placeholder?: string;
  type?: 'date';
}> = [
  { key: 'actorId', label: 'Person (user id)', placeholder: 'The user id' },
  { key: 'action', label: 'Action', placeholder: 'vouchers.voucher.deleted' },
  { key: 'targetType', label: 'Target type', placeholder: 'voucher, partner, credit, item…' },
  { key: 'targetId', label: 'Target id' },
  { key: 'from', label: 'From', type: 'date' },
  { key: 'to', label: 'To', type: 'date' },
];

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
  onApply,
}: {
  initial: AuditFilterValues;
  onApply: (values: AuditFilterValues) => void;
}) {
  const [values, setValues] = useState(initial);

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
      {FIELDS.map((field) => (
        <TextField
          key={field.key}
          label={field.label}
          type={field.type ?? 'text'}
          placeholder={field.placeholder}
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
