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
import { formatNumberIn } from '@avpass/domain';
import { codeText } from '@/i18n/code-text';
import { useLanguage, useT } from '@/i18n/i18n';

/** An import's report: the counts, then every refused row with its spreadsheet row number and reason. */
export function ImportReport({ report }: { report: ImportMembersResponse }) {
  const t = useT();
  const language = useLanguage();
  const n = (value: number) => formatNumberIn(language, value);
  const figures = [
    { label: t('members.import.created'), value: report.created, testId: 'import-created' },
    { label: t('members.import.updated'), value: report.updated, testId: 'import-updated' },
    { label: t('members.import.unchanged'), value: report.unchanged, testId: 'import-unchanged' },
    { label: t('members.import.refused'), value: report.refused.length, testId: 'import-refused' },
  ];
  return (
    <Box data-testid="import-report" role="status" aria-label={t('members.import.report')}>
      <Alert severity={report.refused.length ? 'warning' : 'success'} sx={{ mb: 2 }}>
        {report.refused.length
          ? t('members.import.partly', { count: n(report.refused.length) })
          : t('members.import.all')}
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
        <TableContainer
          tabIndex={0}
          role="region"
          aria-label={t('members.import.refusedRows')}
          sx={{ maxHeight: 320 }}
        >
          <Table size="small" stickyHeader aria-label={t('members.import.refusedRows')}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ width: 90 }}>{t('members.import.row')}</TableCell>
                <TableCell>{t('members.import.why')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {report.refused.map((r) => (
                <TableRow key={`${r.row}:${r.reason}`} data-testid="refused-row">
                  <TableCell>{r.row}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>
                    {codeText(r.code, r.params, r.reason)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
