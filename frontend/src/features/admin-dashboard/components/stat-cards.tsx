import type { VoucherStats } from '@avpass/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useAdminStats } from '@/features/vouchers/api';
import { errorMessageOf } from '@/lib/api-client';

export interface StatDefinition {
  key: keyof VoucherStats;
  label: string;
  icon: ReactNode;
  format?: (value: number) => string;
}

const number = new Intl.NumberFormat('en-US');

/** GET /api/admin/stats as a row of cards, polled at `intervalMs`; loading and error states included. */
export function AdminStatCards({
  stats,
  intervalMs,
}: {
  stats: readonly StatDefinition[];
  intervalMs: number;
}) {
  const query = useAdminStats(intervalMs);

  return (
    <Box sx={{ mb: 3 }}>
      {query.isError && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              Retry
            </Button>
          }
        >
          {errorMessageOf(query.error, 'Statistics could not be loaded.')}
        </Alert>
      )}
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' },
          gap: { xs: 1.5, md: 2.5 },
        }}
      >
        {stats.map((stat) => {
          const value = query.data?.[stat.key];
          return (
            <Card key={stat.key} data-testid={`stat-${stat.key}`}>
              <CardContent
                sx={{
                  p: { xs: 2, sm: 2.5 },
                  '&:last-child': { pb: { xs: 2, sm: 2.5 } },
                  display: 'flex',
                  gap: 1.5,
                }}
              >
                <Box
                  aria-hidden
                  sx={(theme) => ({
                    display: { xs: 'none', sm: 'grid' },
                    placeItems: 'center',
                    width: 44,
                    height: 44,
                    flexShrink: 0,
                    borderRadius: 2.5,
                    backgroundColor: theme.palette.teal[50],
                    color: theme.palette.teal[700],
                  })}
                >
                  {stat.icon}
                </Box>
                <Box sx={{ minWidth: 0, display: 'flex', flexDirection: 'column-reverse' }}>
                  <Typography component="dt" variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
                    {stat.label}
                  </Typography>
                  <Typography
                    component="dd"
                    sx={(theme) => ({
                      m: 0,
                      fontFamily: theme.typography.h1.fontFamily,
                      fontWeight: 800,
                      fontSize: { xs: '1.6rem', sm: '2rem' },
                      lineHeight: 1.2,
                      color: theme.palette.navy[900],
                    })}
                  >
                    {value === undefined ? (
                      query.isPending ? (
                        <Skeleton width={56} aria-label={`Loading ${stat.label}`} />
                      ) : (
                        '—'
                      )
                    ) : stat.format ? (
                      stat.format(value)
                    ) : (
                      number.format(value)
                    )}
                  </Typography>
                </Box>
              </CardContent>
            </Card>
          );
        })}
      </Box>
    </Box>
  );
}
