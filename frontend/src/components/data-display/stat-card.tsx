import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useT } from '@/i18n/i18n';

/** An icon in a soft rounded square (stat cards, quick actions); decoration, hidden from assistive technology. */
export function IconTile({
  icon,
  size = 44,
  radius = 3,
  tone = 'teal',
  hideOnPhone = false,
}: {
  icon: ReactNode;
  size?: number;
  radius?: number;
  tone?: 'teal' | 'navy';
  hideOnPhone?: boolean;
}) {
  return (
    <Box
      aria-hidden
      sx={(theme) => ({
        display: hideOnPhone ? { xs: 'none', sm: 'grid' } : 'grid',
        placeItems: 'center',
        width: size,
        height: size,
        flexShrink: 0,
        borderRadius: radius,
        backgroundColor: theme.palette[tone][50],
        color: theme.palette[tone][700],
      })}
    >
      {icon}
    </Box>
  );
}

export interface StatCardProps {
  label: string;
  /** undefined while loading; null when the figure could not be loaded. */
  value: ReactNode | null | undefined;
  icon: ReactNode;
  testId: string;
  /** A line under the figure. */
  hint?: string;
  /** What the card opens, shown under the figure when the card is a link or an action. */
  linkLabel?: string;
  /** A route to open, or an action (scroll to a section). */
  to?: string;
  onClick?: () => void;
  /**
   * `label-first`: label, figure and hint, the icon above them on phones. `figure-first`: a large figure
   * over its label as a <dt>/<dd> pair (each card its own <dl>), no icon on phones.
   */
  layout?: 'label-first' | 'figure-first';
}

function figureOf(value: StatCardProps['value'], loadingLabel?: string): ReactNode {
  if (value === undefined)
    // A name needs a role to hang on (axe: aria-prohibited-attr on a bare span).
    return <Skeleton width={56} {...(loadingLabel && { role: 'status', 'aria-label': loadingLabel })} />;
  return value ?? '—';
}

function FigureFirstBody({ label, value, icon }: Pick<StatCardProps, 'label' | 'value' | 'icon'>) {
  const t = useT();
  return (
    <Box
      sx={{
        p: { xs: 2, sm: 2.5 },
        display: 'flex',
        gap: 1.5,
      }}
    >
      <IconTile icon={icon} radius={2.5} hideOnPhone />
      {/* One <dl> per card: a <dl> may hold a <dt>/<dd> pair only one <div> deep (axe). */}
      <Box component="dl" sx={{ m: 0, minWidth: 0, display: 'flex', flexDirection: 'column-reverse' }}>
        <Typography component="dt" variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
          {label}
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
          {figureOf(value, t('staff.list.loadingLabel', { label }))}
        </Typography>
      </Box>
    </Box>
  );
}

function LabelFirstBody({
  label,
  value,
  hint,
  icon,
  linkLabel,
}: Pick<StatCardProps, 'label' | 'value' | 'hint' | 'icon' | 'linkLabel'>) {
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
      <IconTile icon={icon} />
      <Box sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
          {label}
        </Typography>
        <Typography
          component="p"
          data-testid="stat-value"
          sx={{ fontSize: { xs: '1.6rem', sm: '1.9rem' }, fontWeight: 800, lineHeight: 1.2 }}
        >
          {figureOf(value)}
        </Typography>
        {hint && (
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', lineHeight: 1.4 }}>
            {hint}
          </Typography>
        )}
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
export function StatCard({ to, onClick, testId, layout = 'label-first', ...body }: StatCardProps) {
  if (layout === 'figure-first') {
    return (
      <Card data-testid={testId}>
        <FigureFirstBody {...body} />
      </Card>
    );
  }
  const content = <LabelFirstBody {...body} />;
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

/** A row of stat cards: two columns on phones and tablets, four on desktops. */
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
