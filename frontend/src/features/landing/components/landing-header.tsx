import LoginRoundedIcon from '@mui/icons-material/LoginRounded';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Toolbar from '@mui/material/Toolbar';
import useScrollTrigger from '@mui/material/useScrollTrigger';
import { Link as RouterLink } from 'react-router-dom';
import { BrandMark } from '@/components/brand/brand-mark';
import { paths } from '@/config/paths';
import { useT } from '@/i18n/i18n';
import { LanguageSwitch } from '@/i18n/language-switch';

/** Transparent over the hero, solid navy once the page scrolls. */
export function LandingHeader() {
  const t = useT();
  const scrolled = useScrollTrigger({ disableHysteresis: true, threshold: 24 });

  return (
    <AppBar
      position="fixed"
      component="header"
      sx={(theme) => ({
        transition: theme.transitions.create(['background-color', 'box-shadow', 'backdrop-filter']),
        ...(scrolled
          ? { boxShadow: theme.brand.cardShadowHover, backdropFilter: 'blur(10px)' }
          : { backgroundImage: 'none', backgroundColor: 'transparent', borderBottomColor: 'transparent' }),
      })}
    >
      <Container maxWidth="lg">
        <Toolbar disableGutters sx={{ minHeight: { xs: 64, md: 72 }, gap: { xs: 1, sm: 2 } }}>
          <Box
            component={RouterLink}
            to={paths.landing.path}
            sx={{ color: 'inherit', textDecoration: 'none' }}
          >
            {/* The hero names AV Pass just below: on a phone the tile alone leaves Login its room. */}
            <BrandMark labelFromTablet />
          </Box>
          <Box sx={{ flexGrow: 1 }} />
          {/* The full names from a tablet up; "EN" / "ES" on a phone, where they would squeeze Login. */}
          <Box sx={{ display: { xs: 'none', sm: 'block' } }}>
            <LanguageSwitch style={{ justifyContent: 'flex-end' }} />
          </Box>
          <Box sx={{ display: { xs: 'block', sm: 'none' } }}>
            <LanguageSwitch style={{ justifyContent: 'flex-end' }} compact />
          </Box>
          <Button
            component={RouterLink}
            to={paths.login.path}
            variant="outlined"
            color="inherit"
            startIcon={<LoginRoundedIcon />}
            sx={(theme) => ({
              textTransform: 'uppercase',
              letterSpacing: '0.08em',
              flexShrink: 0,
              // On a phone the icon gives its room to the word (longer in some languages).
              '& .MuiButton-startIcon': { display: { xs: 'none', sm: 'inherit' } },
              borderColor: theme.brand.glassBorder,
              backgroundColor: theme.brand.glass,
              '&:hover': { borderColor: theme.palette.secondary.main, backgroundColor: theme.brand.glass },
            })}
          >
            {t('landing.login')}
          </Button>
        </Toolbar>
      </Container>
    </AppBar>
  );
}
