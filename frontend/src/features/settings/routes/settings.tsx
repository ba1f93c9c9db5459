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
import { useState, type ReactNode } from 'react';
import { useT } from '@/i18n/i18n';
import type { MessageId } from '@/i18n/message-id';
import { useSession } from '@/lib/session/use-session';
import { LanguageField } from '../components/language-field';
import { ProfileForm } from '../components/profile-form';
import { SecurityForm } from '../components/security-form';
import { VoucherDefaultsForm } from '../components/voucher-defaults-form';

const TABS = [
  {
    id: 'profile',
    label: 'settings.tab.profile',
    icon: <PersonOutlineRoundedIcon />,
    intro: 'settings.tab.profileIntro',
  },
  {
    id: 'security',
    label: 'settings.tab.security',
    icon: <ShieldOutlinedIcon />,
    intro: 'settings.tab.securityIntro',
  },
  {
    id: 'vouchers',
    label: 'settings.tab.vouchers',
    icon: <QrCode2RoundedIcon />,
    intro: 'settings.tab.vouchersIntro',
  },
] as const satisfies ReadonlyArray<{ id: string; label: MessageId; icon: ReactNode; intro: MessageId }>;

type TabId = (typeof TABS)[number]['id'];

/**
 * Profile, security and the club-wide voucher defaults of the administrator (super_admin only; the
 * router applies the denial).
 */
export function SettingsRoute() {
  const session = useSession();
  const t = useT();
  const [tab, setTab] = useState<TabId>('profile');
  if (session.status !== 'signed-in') return null;
  const active = TABS.find((one) => one.id === tab) ?? TABS[0];

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 6 } }}>
      <Box sx={{ mb: { xs: 3, md: 4 } }}>
        <Typography variant="overline" sx={(theme) => ({ color: theme.palette.secondary.dark })}>
          {t('settings.overline')}
        </Typography>
        <Typography variant="h3" component="h1">
          {t('settings.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {t('settings.intro')}
        </Typography>
      </Box>
      <Card>
        <Tabs
          value={tab}
          onChange={(_event, value: TabId) => setTab(value)}
          aria-label={t('settings.tabs')}
          variant="fullWidth"
          // On a phone each tab has a third of the width: its icon goes above its words, which may wrap.
          sx={{
            px: { xs: 1, sm: 3 },
            '& .MuiTab-root': { px: { xs: 1, sm: 2 }, flexDirection: { xs: 'column', sm: 'row' } },
            '& .MuiTab-icon': { mr: { xs: 0, sm: 1 }, mb: { xs: 0.5, sm: 0 } },
          }}
        >
          {TABS.map((one) => (
            <Tab
              key={one.id}
              value={one.id}
              label={t(one.label)}
              icon={one.icon}
              iconPosition="start"
              id={`settings-tab-${one.id}`}
              aria-controls={`settings-panel-${one.id}`}
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
            {t(active.intro)}
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
