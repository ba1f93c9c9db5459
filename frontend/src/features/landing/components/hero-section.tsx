import { formatNumericDateIn } from '@avpass/domain';
import ArrowDownwardRoundedIcon from '@mui/icons-material/ArrowDownwardRounded';
import ArrowForwardRoundedIcon from '@mui/icons-material/ArrowForwardRounded';
import QrCode2RoundedIcon from '@mui/icons-material/QrCode2Rounded';
import VerifiedRoundedIcon from '@mui/icons-material/VerifiedRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import { SERVICES_SECTION_ID } from './services-section';
import { useLanguage, useT } from '@/i18n/i18n';

/** The sample pass is always valid for a while yet: three months from the visitor's today. */
const SAMPLE_VALID_DAYS = 90;

function sampleValidUntil(language: string, now = new Date()): string {
  const viewerTimeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return formatNumericDateIn(
    language,
    new Date(now.getTime() + SAMPLE_VALID_DAYS * 86_400_000),
    viewerTimeZone,
  );
}

/** The brand's name, in two colours: the same in every language. */
const BRAND_MARK = 'AV';
const BRAND_WORD = 'Pass';

function scrollToServices() {
  document.getElementById(SERVICES_SECTION_ID)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
}

export function HeroSection() {
  const t = useT();
  return (
    <Box
      component="section"
      aria-labelledby="hero-title"
      sx={(theme) => ({
        position: 'relative',
        overflow: 'hidden',
        backgroundImage: theme.brand.heroGradient,
        color: theme.palette.common.white,
        pt: { xs: 14, md: 20 },
        pb: { xs: 10, md: 16 },
      })}
    >
      <Container maxWidth="lg" sx={{ position: 'relative' }}>
        <Box
          sx={{
            display: 'grid',
            // minmax(0, …): a long word in some language wraps in its column instead of widening the page.
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1.25fr) minmax(0, 0.75fr)' },
            gap: { xs: 6, md: 8 },
            alignItems: 'center',
          }}
        >
          <Box>
            <Chip
              icon={<VerifiedRoundedIcon />}
              label={t('landing.hero.chip')}
              sx={(theme) => ({
                mb: 3,
                // The claim wraps on a phone (longer in some languages) rather than pushing the page out.
                maxWidth: '100%',
                height: 'auto',
                minHeight: 32,
                py: 0.5,
                '& .MuiChip-label': { whiteSpace: 'normal' },
                color: theme.palette.common.white,
                backgroundColor: theme.brand.glass,
                border: `1px solid ${theme.brand.glassBorder}`,
                '& .MuiChip-icon': { color: theme.palette.secondary.main },
              })}
            />
            <Typography id="hero-title" variant="h1">
              {BRAND_MARK}{' '}
              <Box
                component="span"
                sx={(theme) => ({
                  backgroundImage: theme.brand.accentGradient,
                  backgroundClip: 'text',
                  WebkitBackgroundClip: 'text',
                  color: 'transparent',
                })}
              >
                {BRAND_WORD}
              </Box>
            </Typography>
            <Typography
              component="p"
              variant="h4"
              sx={(theme) => ({ mt: 2, fontWeight: 600, color: theme.palette.secondary.light })}
            >
              {t('landing.hero.claim')}
            </Typography>
            <Typography
              sx={(theme) => ({ mt: 2.5, maxWidth: 560, fontSize: '1.1rem', color: theme.brand.onDarkMuted })}
            >
              {t('landing.hero.text')}
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 5 }}>
              <Button
                component={RouterLink}
                to={paths.login.path}
                variant="contained"
                color="secondary"
                size="large"
                endIcon={<ArrowForwardRoundedIcon />}
              >
                {t('landing.hero.portal')}
              </Button>
              <Button
                variant="outlined"
                color="inherit"
                size="large"
                onClick={scrollToServices}
                endIcon={<ArrowDownwardRoundedIcon />}
                sx={(theme) => ({ borderColor: theme.brand.glassBorder })}
              >
                {t('landing.hero.more')}
              </Button>
            </Stack>
          </Box>
          <HeroPassCard />
        </Box>
      </Container>
    </Box>
  );
}

/** A stylised member pass: decoration, hidden from assistive technology. */
function HeroPassCard() {
  const t = useT();
  const language = useLanguage();
  return (
    <Box
      aria-hidden
      sx={(theme) => ({
        display: { xs: 'none', md: 'block' },
        justifySelf: 'end',
        width: 320,
        p: 3.5,
        borderRadius: 6,
        transform: 'rotate(3deg)',
        backgroundColor: theme.brand.glass,
        border: `1px solid ${theme.brand.glassBorder}`,
        backdropFilter: 'blur(8px)',
        boxShadow: '0 30px 60px -20px rgba(0,0,0,0.5)',
      })}
    >
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography variant="overline" sx={(theme) => ({ color: theme.palette.secondary.light })}>
          {t('landing.hero.pass')}
        </Typography>
        <Box
          sx={(theme) => ({
            px: 1.25,
            py: 0.25,
            borderRadius: 1,
            fontSize: '0.7rem',
            fontWeight: 800,
            backgroundImage: theme.brand.accentGradient,
            color: theme.palette.secondary.contrastText,
          })}
        >
          {t('landing.hero.active')}
        </Box>
      </Box>
      <Typography variant="h4" component="p" sx={{ mt: 1 }}>
        {t('landing.hero.discount')}
      </Typography>
      <Typography sx={(theme) => ({ color: theme.brand.onDarkMuted })}>
        {t('landing.hero.service')}
      </Typography>
      <Box
        sx={(theme) => ({
          mt: 3,
          mx: 'auto',
          width: 150,
          height: 150,
          borderRadius: 3,
          display: 'grid',
          placeItems: 'center',
          backgroundColor: theme.palette.common.white,
          color: theme.palette.navy[900],
        })}
      >
        <QrCode2RoundedIcon sx={{ fontSize: 130 }} />
      </Box>
      <Box sx={{ mt: 3, display: 'flex', justifyContent: 'space-between' }}>
        <Typography
          variant="caption"
          data-testid="sample-valid-until"
          sx={(theme) => ({ color: theme.brand.onDarkSubtle })}
        >
          {t('landing.hero.validUntil', { date: sampleValidUntil(language) })}
        </Typography>
        <Typography variant="caption" sx={(theme) => ({ color: theme.brand.onDarkSubtle })}>
          1 / 1
        </Typography>
      </Box>
    </Box>
  );
}
