import ArrowForwardRoundedIcon from '@mui/icons-material/ArrowForwardRounded';
import MailOutlineRoundedIcon from '@mui/icons-material/MailOutlineRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { CONTACT_EMAIL } from '@/config/env';
import { paths } from '@/config/paths';
import { useT } from '@/i18n/i18n';

export function CtaSection() {
  const t = useT();
  return (
    <Box
      component="section"
      aria-labelledby="cta-title"
      sx={{ py: { xs: 8, md: 12 }, bgcolor: 'background.default' }}
    >
      <Container maxWidth="lg">
        <Box
          sx={(theme) => ({
            position: 'relative',
            overflow: 'hidden',
            borderRadius: { xs: 4, md: 6 },
            px: { xs: 3, sm: 6, md: 10 },
            py: { xs: 6, md: 9 },
            textAlign: 'center',
            backgroundImage: theme.brand.ctaGradient,
            color: theme.palette.common.white,
          })}
        >
          <Typography id="cta-title" variant="h2">
            {t('landing.cta.title')}
          </Typography>
          <Typography sx={(theme) => ({ mt: 2, mx: 'auto', maxWidth: 560, color: theme.brand.onDarkMuted })}>
            {t('landing.cta.text')}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 5, justifyContent: 'center' }}>
            <Button
              component={RouterLink}
              to={paths.login.path}
              variant="contained"
              color="secondary"
              size="large"
              endIcon={<ArrowForwardRoundedIcon />}
            >
              {t('landing.cta.start')}
            </Button>
            <Button
              href={`mailto:${CONTACT_EMAIL}`}
              variant="outlined"
              color="inherit"
              size="large"
              startIcon={<MailOutlineRoundedIcon />}
              sx={(theme) => ({ borderColor: theme.brand.glassBorder })}
            >
              {t('landing.cta.contact')}
            </Button>
          </Stack>
        </Box>
      </Container>
    </Box>
  );
}
