import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

export interface StatCardProps {
  label: string;
  /** undefined while loading; null when the stats could not be loaded. */
  value: string | number | null | undefined;
  hint: string;
  icon: ReactNode;
  /** What the card opens, shown under the figure when the card is a link or an action. */
  linkLabel?: string;
  /** A route to open, or an action (scroll to a section). */
  to?: string;
  onClick?: () => void;
  testId: string;
}

function StatBody({ label, value, hint, icon, linkLabel }: Omit<StatCardProps, 'to' | 'onClick' | 'testId'>) {
  return (
    <Box
      sx={{
        p: { xs: 2, sm: 2.5 },
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        gap: { xs: 1.25, sm: 2 },
        alignItems: 'flex-start',
        height: '100%',
      }}
    >
      <Box
        aria-hidden
        sx={(theme) => ({
          width: 44,
          height: 44,
          flexShrink: 0,
          borderRadius: 3,
          display: 'grid',
          placeItems: 'center',
          backgroundColor: theme.palette.teal[50],
          color: theme.palette.teal[700],
        })}
      >
        {icon}
      </Box>
      <Box sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
          {label}
        </Typography>
        <Typography
          component="p"
          data-testid="stat-value"
          sx={{ fontSize: { xs: '1.6rem', sm: '1.9rem' }, fontWeight: 800, lineHeight: 1.2 }}
        >
          {value === undefined ? <Skeleton width={56} /> : value === null ? '—' : value}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', lineHeight: 1.4 }}>
          {hint}
        </Typography>
        {linkLabel && (
          <Typography
            variant="caption"
            aria-hidden
            sx={(theme) => ({
              display: 'block',
              mt: 0.75,
              fontWeight: 700,
              color: theme.palette.secondary.dark,
            })}
          >
            {linkLabel} →
          </Typography>
        )}
      </Box>
    </Box>
  );
}

/** One figure of a stats row; optionally a link or an action for the whole card. */
export function StatCard({ to, onClick, testId, ...body }: StatCardProps) {
  const content = <StatBody {...body} />;
  return (
    <Card data-testid={testId} sx={{ height: '100%' }}>
      {to ? (
        <CardActionArea component={RouterLink} to={to} sx={{ height: '100%' }}>
          {content}
        </CardActionArea>
      ) : onClick ? (
        <CardActionArea onClick={onClick} sx={{ height: '100%' }}>
          {content}
        </CardActionArea>
      ) : (
        content
      )}
    </Card>
  );
}

/** Four cards: one column on phones, two on tablets, four on desktops. */
export function StatGrid({ children, label }: { children: ReactNode; label: string }) {
  return (
    <Box
      component="section"
      aria-label={label}
      sx={{
        display: 'grid',
        gap: { xs: 1.5, sm: 2 },
        gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' },
      }}
    >
      {children}
    </Box>
  );
}
