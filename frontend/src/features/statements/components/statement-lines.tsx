import { STATEMENT_SECTIONS, type StatementLine, type StatementSection } from '@avpass/contracts';
import { formatCents } from '@avpass/domain';
import Box from '@mui/material/Box';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { StateTable } from '@/components/data-display/state-table';

const SECTION_TITLES: Record<StatementSection, string> = {
  vouchers: 'Vouchers honoured',
  adjustments: 'Adjustments to earlier months',
  credits: 'Athlete credits',
  merchandise: 'Merchandise used',
  resolution: 'Resolution of the dispute',
};

const COLUMNS = [
  'Description',
  { label: 'Quantity', align: 'right' },
  { label: 'Club owes', align: 'right' },
  { label: 'You owe', align: 'right' },
] as const;

/** The statement's lines, a table per section in section order (only the sections that have lines). */
export function StatementLines({
  lines,
  disputed,
  partnerView,
}: {
  lines: readonly StatementLine[];
  /** Lines the partner disputed: marked. */
  disputed: readonly string[];
  partnerView: boolean;
}) {
  const columns = COLUMNS.map((c) =>
    typeof c === 'object' && c.label === 'You owe' && !partnerView ? { ...c, label: 'Partner owes' } : c,
  );
  const sections = STATEMENT_SECTIONS.map((section) => ({
    section,
    lines: lines.filter((line) => line.section === section),
  })).filter((s) => s.lines.length > 0);
  if (sections.length === 0)
    return <Typography color="text.secondary">Nothing was honoured or used in this month.</Typography>;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 3 }}>
      {sections.map(({ section, lines: rows }) => (
        <Box
          component="section"
          key={section}
          aria-labelledby={`section-${section}`}
          data-testid={`section-${section}`}
        >
          <Typography id={`section-${section}`} variant="h6" component="h2" sx={{ mb: 1 }}>
            {SECTION_TITLES[section]}
          </Typography>
          <StateTable
            label={SECTION_TITLES[section]}
            minWidth={480}
            columns={[...columns]}
            state="ready"
            emptyText=""
            onRetry={() => undefined}
          >
            {rows.map((line) => (
              <TableRow key={line.id} data-testid="statement-line" data-id={line.id}>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>
                  {line.label}
                  {disputed.includes(line.id) && (
                    <Typography component="span" variant="caption" color="text.primary" sx={{ ml: 1 }}>
                      (disputed)
                    </Typography>
                  )}
                  {line.reversals > 0 && (
                    <Typography variant="caption" color="text.secondary" component="div">
                      {line.reversals} cancelled
                    </Typography>
                  )}
                </TableCell>
                <TableCell align="right">{line.quantity.toLocaleString('en-US')}</TableCell>
                <TableCell align="right">{formatCents(line.clubOwesCents)}</TableCell>
                <TableCell align="right">{formatCents(line.partnerOwesCents)}</TableCell>
              </TableRow>
            ))}
          </StateTable>
        </Box>
      ))}
    </Box>
  );
}
