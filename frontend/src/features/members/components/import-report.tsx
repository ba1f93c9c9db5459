import type { ImportMembersResponse } from '@avpass/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';

const n = (value: number) => value.toLocaleString('en-US');

/** An import's report: the counts, then every refused row with its spreadsheet row number and reason. */
export function ImportReport({ report }: { report: ImportMembersResponse }) {
  const figures = [
    { label: 'Created', value: report.created, testId: 'import-created' },
    { label: 'Updated', value: report.updated, testId: 'import-updated' },
    { label: 'Unchanged', value: report.unchanged, testId: 'import-unchanged' },
    { label: 'Refused', value: report.refused.length, testId: 'import-refused' },
  ];
  return (
    <Box data-testid="import-report" role="status" aria-label="Import report">
      <Alert severity={report.refused.length ? 'warning' : 'success'} sx={{ mb: 2 }}>
        {report.refused.length
          ? `Imported, except ${n(report.refused.length)} row(s) refused: fix them in the file and import it again (the rows already in are unchanged).`
          : 'Imported: every row was read.'}
      </Alert>
      <Box component="dl" sx={{ display: 'flex', flexWrap: 'wrap', gap: { xs: 2, md: 4 }, m: 0, mb: 2 }}>
        {figures.map((f) => (
          <Box key={f.label}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {f.label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 700, fontSize: 22 }} data-testid={f.testId}>
              {n(f.value)}
            </Typography>
          </Box>
        ))}
      </Box>
      {report.refused.length > 0 && (
        <TableContainer tabIndex={0} role="region" aria-label="Refused rows" sx={{ maxHeight: 320 }}>
          <Table size="small" stickyHeader aria-label="Refused rows">
            <TableHead>
              <TableRow>
                <TableCell sx={{ width: 90 }}>Row</TableCell>
                <TableCell>Why it was refused</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {report.refused.map((r) => (
                <TableRow key={`${r.row}:${r.reason}`} data-testid="refused-row">
                  <TableCell>{r.row}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{r.reason}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
