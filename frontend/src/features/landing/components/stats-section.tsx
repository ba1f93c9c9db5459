import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { SectionHeading } from './section-heading';
import { useT } from '@/i18n/i18n';

/** Spec section 2: four static figures. */
const FIGURES = [
  { value: '50+', label: 'landing.stats.partners' },
  { value: '200+', label: 'landing.stats.perks' },
  { value: '1,000+', label: 'landing.stats.families' },
  { value: '$50K+', label: 'landing.stats.savings' },
] as const;

export function StatsSection() {
  const t = useT();
  return (
    <Box
      component="section"
      aria-labelledby="numbers-title"
      sx={{ py: { xs: 8, md: 12 }, bgcolor: 'background.paper' }}
    >
      <Container maxWidth="lg">
        <SectionHeading
          id="numbers-title"
          eyebrow={t('landing.stats.eyebrow')}
          title={t('landing.stats.title')}
        />
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' },
            gap: { xs: 2, md: 3 },
          }}
        >
          {FIGURES.map((figure) => (
            <Box
              key={figure.label}
              sx={(theme) => ({
                display: 'flex',
                flexDirection: 'column-reverse',
                justifyContent: 'flex-end',
                alignItems: 'center',
                textAlign: 'center',
                gap: 0.5,
                p: { xs: 2.5, md: 4 },
                borderRadius: 4,
                backgroundColor: theme.palette.navy[50],
                border: `1px solid ${theme.palette.divider}`,
              })}
            >
              <Typography
                component="dt"
                color="text.secondary"
                sx={{ fontWeight: 600, fontSize: { xs: '0.85rem', md: '1rem' } }}
              >
                {t(figure.label)}
              </Typography>
              <Typography
                component="dd"
                sx={(theme) => ({
                  m: 0,
                  fontFamily: theme.typography.h1.fontFamily,
                  fontWeight: 900,
                  fontSize: { xs: '2rem', md: '3rem' },
                  letterSpacing: '-0.03em',
                  color: theme.palette.navy[900],
                })}
              >
                {figure.value}
              </Typography>
            </Box>
          ))}
        </Box>
      </Container>
    </Box>
  );
}
