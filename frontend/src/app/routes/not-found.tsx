import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { BrandMark } from '@/components/brand/brand-mark';
import { homePathFor, paths } from '@/config/paths';
import { useT } from '@/i18n/i18n';
import { useSession } from '@/lib/session/use-session';

const NOT_FOUND_STATUS = '404';

/** Anything the route table does not know, and (for now) the screens of later issues. */
export function NotFoundRoute() {
  const session = useSession();
  const t = useT();
  const home = session.status === 'signed-in' ? homePathFor(session.user.role) : paths.landing.path;

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 8, md: 14 } }}>
      <Box
        sx={{ textAlign: 'center', display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2 }}
      >
        {session.status !== 'signed-in' && (
          <Box
            component={RouterLink}
            to={paths.landing.path}
            sx={{ color: 'text.primary', textDecoration: 'none', mb: 2 }}
          >
            <BrandMark />
          </Box>
        )}
        <Typography
          aria-hidden
          sx={(theme) => ({
            fontFamily: theme.typography.h1.fontFamily,
            fontWeight: 900,
            fontSize: { xs: '6rem', sm: '8rem' },
            lineHeight: 1,
            letterSpacing: '-0.05em',
            backgroundImage: theme.brand.ctaGradient,
            backgroundClip: 'text',
            WebkitBackgroundClip: 'text',
            color: 'transparent',
          })}
        >
          {NOT_FOUND_STATUS}
        </Typography>
        <Typography variant="h3" component="h1">
          {t('notFound.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ maxWidth: 420 }}>
          {t('notFound.text')}
        </Typography>
        <Button
          component={RouterLink}
          to={home}
          variant="contained"
          size="large"
          startIcon={<ArrowBackRoundedIcon />}
          sx={{ mt: 2 }}
        >
          {t(session.status === 'signed-in' ? 'notFound.backDashboard' : 'notFound.backHome')}
        </Button>
      </Box>
    </Container>
  );
}
