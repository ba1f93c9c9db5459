import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { MouseEvent } from 'react';
import { BrandMark } from '@/components/brand/brand-mark';
import { CONTACT_EMAIL } from '@/config/env';
import { useT } from '@/i18n/i18n';

/** Privacy Policy and Terms of Service are placeholders until the documents exist (spec section 2). */
const preventPlaceholderNavigation = (event: MouseEvent) => event.preventDefault();

export function LandingFooter() {
  const t = useT();
  const linkSx = { color: 'inherit', fontWeight: 500, opacity: 0.8, '&:hover': { opacity: 1 } } as const;

  return (
    <Box
      component="footer"
      sx={(theme) => ({ backgroundColor: theme.palette.navy[950], color: theme.palette.common.white, py: 6 })}
    >
      <Container maxWidth="lg">
        <Box
          sx={{
            display: 'flex',
            flexDirection: { xs: 'column', md: 'row' },
            justifyContent: 'space-between',
            alignItems: { xs: 'flex-start', md: 'center' },
            gap: 3,
          }}
        >
          <Box>
            <BrandMark />
            <Typography variant="body2" sx={(theme) => ({ mt: 1.5, color: theme.brand.onDarkSubtle })}>
              {t('landing.hero.claim')}
            </Typography>
          </Box>
          <Stack
            component="nav"
            aria-label={t('landing.footer.nav')}
            direction="row"
            spacing={3}
            useFlexGap
            sx={{ flexWrap: 'wrap' }}
          >
            <Link href="#" onClick={preventPlaceholderNavigation} sx={linkSx}>
              {t('landing.footer.privacy')}
            </Link>
            <Link href="#" onClick={preventPlaceholderNavigation} sx={linkSx}>
              {t('landing.footer.terms')}
            </Link>
            <Link href={`mailto:${CONTACT_EMAIL}`} sx={linkSx}>
              {t('landing.footer.contact')}
            </Link>
          </Stack>
        </Box>
        <Box sx={(theme) => ({ mt: 4, pt: 3, borderTop: `1px solid ${theme.brand.glassBorder}` })}>
          <Typography variant="body2" sx={(theme) => ({ color: theme.brand.onDarkSubtle })}>
            {t('landing.footer.legal')}
          </Typography>
        </Box>
      </Container>
    </Box>
  );
}
