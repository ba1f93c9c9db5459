import type { AuthResponse } from '@avpass/contracts';
import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { BrandMark } from '@/components/brand/brand-mark';
import { homePathFor, paths } from '@/config/paths';
import { safeReturnTo } from '@/lib/return-to';
import { LoginForm } from '../components/login-form';

const HIGHLIGHTS = [
  'Create and track QR vouchers for every partner',
  'Follow redemptions as they happen',
  'Manage athlete credits and merchandise',
];

export function LoginRoute() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const returnTo = safeReturnTo(searchParams.get('returnTo'));

  const handleSignedIn = (response: AuthResponse) => {
    void navigate(returnTo ?? homePathFor(response.user.role), { replace: true });
  };

  return (
    <Box sx={{ minHeight: '100dvh', display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1.1fr 1fr' } }}>
      <Box
        sx={(theme) => ({
          backgroundImage: theme.brand.heroGradient,
          color: theme.palette.common.white,
          px: { xs: 2.5, sm: 5, md: 7 },
          pt: { xs: 2.5, md: 5 },
          pb: { xs: 12, md: 5 },
          display: 'flex',
          flexDirection: 'column',
          gap: 4,
        })}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
          <Box
            component={RouterLink}
            to={paths.landing.path}
            sx={{ color: 'inherit', textDecoration: 'none' }}
          >
            <BrandMark />
          </Box>
          <Button
            component={RouterLink}
            to={paths.landing.path}
            color="inherit"
            size="small"
            startIcon={<ArrowBackRoundedIcon />}
            sx={(theme) => ({ color: theme.brand.onDarkMuted })}
          >
            Back to home
          </Button>
        </Box>
        <Box sx={{ display: { xs: 'block', md: 'none' } }}>
          <Typography variant="overline" sx={(theme) => ({ color: theme.palette.secondary.light })}>
            Partner &amp; admin portal
          </Typography>
          <Typography variant="h4" component="p">
            Premium access, managed in one place.
          </Typography>
        </Box>
        <Box
          sx={{
            flexGrow: 1,
            display: { xs: 'none', md: 'flex' },
            flexDirection: 'column',
            justifyContent: 'center',
          }}
        >
          <Typography variant="overline" sx={(theme) => ({ color: theme.palette.secondary.light })}>
            Partner &amp; admin portal
          </Typography>
          <Typography variant="h2" component="p" sx={{ mt: 1, mb: 2, maxWidth: 480 }}>
            Premium access, managed in one place.
          </Typography>
          <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {HIGHLIGHTS.map((line) => (
              <Box component="li" key={line} sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
                <CheckCircleRoundedIcon sx={(theme) => ({ color: theme.palette.secondary.main })} />
                <Typography sx={(theme) => ({ color: theme.brand.onDarkMuted })}>{line}</Typography>
              </Box>
            ))}
          </Stack>
        </Box>
        <Typography
          variant="caption"
          sx={(theme) => ({ display: { xs: 'none', md: 'block' }, color: theme.brand.onDarkSubtle })}
        >
          © 2025 AV Pass. All rights reserved.
        </Typography>
      </Box>

      <Box
        sx={{
          display: 'flex',
          alignItems: { xs: 'flex-start', md: 'center' },
          justifyContent: 'center',
          px: { xs: 2, sm: 4 },
          mt: { xs: -9, md: 0 },
          pb: 6,
        }}
      >
        <Card sx={{ width: '100%', maxWidth: 440 }}>
          <CardContent sx={{ p: { xs: 3, sm: 4.5 }, '&:last-child': { pb: { xs: 3, sm: 4.5 } } }}>
            <Typography variant="h3" component="h1">
              Login
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 1, mb: 3.5 }}>
              Sign in with your username or the email address of your partner account.
            </Typography>
            <LoginForm onSignedIn={handleSignedIn} />
          </CardContent>
        </Card>
      </Box>
    </Box>
  );
}
