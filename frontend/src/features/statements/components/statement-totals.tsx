import type { Statement } from '@avpass/contracts';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useStatementWords } from '../lib/statement-words';

/** What the club owes, what the partner owes, and the net in words. */
export function StatementTotals({ statement, partnerView }: { statement: Statement; partnerView: boolean }) {
  const { t, money, net } = useStatementWords();
  const figures = [
    { label: t('statements.totals.clubOwes'), value: money(statement.clubOwesCents) },
    {
      label: partnerView ? t('statements.totals.youOwe') : t('statements.totals.partnerOwes'),
      value: money(statement.partnerOwesCents),
    },
  ];
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, mb: 3 }}>
      <Typography variant="h5" component="p" sx={{ fontWeight: 700 }} data-testid="statement-net">
        {net(statement.netCents, partnerView ? 'partner' : 'admin')}
      </Typography>
      <Box component="dl" sx={{ display: 'flex', flexWrap: 'wrap', gap: { xs: 2, md: 4 }, m: 0, mt: 1.5 }}>
        {figures.map((f) => (
          <Box key={f.label}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {f.label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
              {f.value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
