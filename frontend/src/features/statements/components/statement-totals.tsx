import type { Statement } from '@avpass/contracts';
import { formatCents } from '@avpass/domain';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { netWords } from '@/lib/statements-api';

/** What the club owes, what the partner owes, and the net in words. */
export function StatementTotals({ statement, partnerView }: { statement: Statement; partnerView: boolean }) {
  const figures = [
    { label: 'The club owes', value: formatCents(statement.clubOwesCents) },
    { label: partnerView ? 'You owe' : 'The partner owes', value: formatCents(statement.partnerOwesCents) },
  ];
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, mb: 3 }}>
      <Typography variant="h5" component="p" sx={{ fontWeight: 700 }} data-testid="statement-net">
        {netWords(statement.netCents, partnerView ? 'partner' : 'admin')}
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
