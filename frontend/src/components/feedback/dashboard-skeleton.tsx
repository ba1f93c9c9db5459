import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useT } from '@/i18n/i18n';
import { visuallyHidden } from '@/lib/visually-hidden';

const STAT_CARDS = 4;
const TABLE_ROWS = 6;

/**
 * What a signed-in screen shows while its code, the session check or its first data load (issue 28):
 * the shape of a dashboard (the navigation bar, a heading, a row of stat cards and a table), so the page
 * does not jump when the screen arrives. It stands in for the "Loading AV Pass…" spinner.
 */
export function DashboardSkeleton({
  withNavBar = true,
  title,
}: {
  withNavBar?: boolean;
  /** The screen's name from the route table (issue 44): shown at once as its heading, before its code. */
  title?: string | undefined;
}) {
  const t = useT();
  return (
    <Box role="status" aria-live="polite" aria-busy="true" data-testid="dashboard-skeleton">
      <Box component="span" sx={visuallyHidden}>
        {title ? t('staff.skeleton.loadingTitle', { title }) : t('staff.skeleton.loading')}
      </Box>
      {withNavBar && (
        <Box
          aria-hidden
          sx={(theme) => ({
            backgroundImage: theme.brand.navGradient,
            borderBottom: `1px solid ${theme.brand.glassBorder}`,
          })}
        >
          <Box
            sx={{
              height: { xs: 60, md: 64 },
              display: 'flex',
              alignItems: 'center',
              gap: 1.5,
              px: { xs: 1.5, sm: 3 },
            }}
          >
            <Skeleton variant="rounded" width={36} height={36} sx={onDark} />
            <Box>
              <Skeleton width={140} height={22} sx={onDark} />
              <Skeleton width={60} height={16} sx={{ ...onDark, display: { xs: 'none', sm: 'block' } }} />
            </Box>
          </Box>
          {/* The row of links a wide screen shows under the bar (layout/nav-bar). */}
          <Box
            sx={(theme) => ({
              display: { xs: 'none', lg: 'flex' },
              alignItems: 'center',
              gap: 3,
              height: 47,
              px: 3,
              borderTop: `1px solid ${theme.brand.glassBorder}`,
              backgroundColor: theme.brand.glass,
            })}
          >
            {[80, 40, 64, 120, 96, 120, 150, 72, 64, 48].map((width, i) => (
              <Skeleton key={i} width={width} height={18} sx={onDark} />
            ))}
          </Box>
        </Box>
      )}
      {/* Hidden from screen readers: the status line above says what loads. */}
      <Container maxWidth="xl" sx={{ py: { xs: 3, md: 5 } }} aria-hidden>
        <Box sx={{ mb: { xs: 3, md: 4 } }}>
          <Skeleton width={110} height={20} />
          {title ? (
            <Typography variant="h3" component="p" data-testid="skeleton-title" sx={{ py: 0.5 }}>
              {title}
            </Typography>
          ) : (
            <Skeleton width="min(320px, 70%)" height={56} />
          )}
          <Skeleton width="min(440px, 90%)" height={28} />
        </Box>
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' },
            gap: { xs: 1.5, md: 2.5 },
            mb: 3,
          }}
        >
          {Array.from({ length: STAT_CARDS }, (_, i) => (
            <Card
              key={i}
              sx={{
                p: { xs: 2, md: 2.5 },
                display: 'flex',
                gap: 2,
                alignItems: { md: 'center' },
                flexDirection: { xs: 'column', md: 'row' },
              }}
            >
              <Skeleton variant="rounded" width={44} height={44} sx={{ flexShrink: 0 }} />
              <Box sx={{ flexGrow: 1 }}>
                <Skeleton width={64} height={40} />
                <Skeleton width="70%" height={20} />
              </Box>
            </Card>
          ))}
        </Box>
        <Card>
          <Box
            sx={(theme) => ({
              display: 'flex',
              gap: 3,
              px: 2,
              py: 1.5,
              borderBottom: `1px solid ${theme.palette.divider}`,
            })}
          >
            {[120, 140, 160].map((width) => (
              <Skeleton key={width} width={width} height={28} />
            ))}
          </Box>
          <Box sx={{ p: { xs: 1, sm: 3 } }}>
            <Skeleton variant="rounded" height={40} sx={{ mb: 2 }} />
            {Array.from({ length: TABLE_ROWS }, (_, i) => (
              <Skeleton key={i} height={44} />
            ))}
          </Box>
        </Card>
      </Container>
    </Box>
  );
}

const onDark = { bgcolor: 'rgba(255, 255, 255, 0.14)' };
