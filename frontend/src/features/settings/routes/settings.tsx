import PersonOutlineRoundedIcon from '@mui/icons-material/PersonOutlineRounded';
import QrCode2RoundedIcon from '@mui/icons-material/QrCode2Rounded';
import ShieldOutlinedIcon from '@mui/icons-material/ShieldOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import Divider from '@mui/material/Divider';
import { useState } from 'react';
import { useSession } from '@/lib/session/use-session';
import { LanguageField } from '../components/language-field';
import { ProfileForm } from '../components/profile-form';
import { SecurityForm } from '../components/security-form';
import { VoucherDefaultsForm } from '../components/voucher-defaults-form';

const TABS = [
  {
    id: 'profile',
    label: 'Profile',
    icon: <PersonOutlineRoundedIcon />,
    intro: 'Your administrator account details.',
  },
  {
    id: 'security',
    label: 'Security',
    icon: <ShieldOutlinedIcon />,
    intro: 'Change your password. Your other signed-in sessions end; this one stays.',
  },
  {
    id: 'vouchers',
    label: 'Voucher defaults',
    icon: <QrCode2RoundedIcon />,
    intro:
      'Club-wide defaults for new vouchers. Every create form starts with them; codes already made keep their own.',
  },
] as const;

type TabId = (typeof TABS)[number]['id'];

/**
 * Profile, security and the club-wide voucher defaults of the administrator (super_admin only; the
 * router applies the denial).
 */
export function SettingsRoute() {
  const session = useSession();
  const [tab, setTab] = useState<TabId>('profile');
  if (session.status !== 'signed-in') return null;
  const active = TABS.find((t) => t.id === tab) ?? TABS[0];

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 6 } }}>
      <Box sx={{ mb: { xs: 3, md: 4 } }}>
        <Typography variant="overline" sx={(theme) => ({ color: theme.palette.secondary.dark })}>
          Account
        </Typography>
        <Typography variant="h3" component="h1">
          Settings
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          Manage your profile, keep your account secure and set the club's voucher defaults.
        </Typography>
      </Box>
      <Card>
        <Tabs
          value={tab}
          onChange={(_event, value: TabId) => setTab(value)}
          aria-label="Settings sections"
          variant="fullWidth"
          sx={{ px: { xs: 1, sm: 3 } }}
        >
          {TABS.map((t) => (
            <Tab
              key={t.id}
              value={t.id}
              label={t.label}
              icon={t.icon}
              iconPosition="start"
              id={`settings-tab-${t.id}`}
              aria-controls={`settings-panel-${t.id}`}
            />
          ))}
        </Tabs>
        <CardContent
          role="tabpanel"
          id={`settings-panel-${active.id}`}
          aria-labelledby={`settings-tab-${active.id}`}
          sx={{ p: { xs: 2.5, sm: 4 }, '&:last-child': { pb: { xs: 2.5, sm: 4 } } }}
        >
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {active.intro}
          </Typography>
          {active.id === 'profile' ? (
            <>
              <ProfileForm user={session.user} />
              <Divider sx={{ my: 3 }} />
              <LanguageField user={session.user} />
            </>
          ) : active.id === 'security' ? (
            <SecurityForm />
          ) : (
            <VoucherDefaultsForm />
          )}
        </CardContent>
      </Card>
    </Container>
  );
}
