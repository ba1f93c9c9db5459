import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Tab from '@mui/material/Tab';
import Tabs, { type TabsProps } from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useT } from '@/i18n/i18n';
import type { MessageId } from '@/i18n/message-id';
import { tabPanelProps, tabProps } from '@/components/navigation/tab-pairing';
import type { InventoryRole } from './inventory-roles';
import { InventoryStatCards } from './inventory-stat-cards';

/** What differs between the two roles' inventory screens (the heading, the width, the tabs' names). */
const SCREENS: Readonly<
  Record<
    InventoryRole,
    {
      maxWidth: 'xl' | 'lg';
      overline: MessageId;
      intro: MessageId;
      tabsLabel: MessageId;
      /** The tabs' and panels' id group (`inventory-tab-items`, `partner-inventory-panel-history`). */
      tabGroup: string;
      tabs: Pick<TabsProps, 'variant' | 'scrollButtons' | 'allowScrollButtonsMobile'>;
      tabsPadding: object;
    }
  >
> = {
  admin: {
    maxWidth: 'xl',
    overline: 'staff.inventory.admin.overline',
    intro: 'staff.inventory.admin.intro',
    tabsLabel: 'staff.inventory.admin.tabs',
    tabGroup: 'inventory',
    tabs: { variant: 'scrollable', scrollButtons: 'auto', allowScrollButtonsMobile: true },
    tabsPadding: { px: { xs: 0, sm: 2 } },
  },
  partner: {
    maxWidth: 'lg',
    overline: 'staff.inventory.partner.overline',
    intro: 'staff.inventory.partner.intro',
    tabsLabel: 'staff.inventory.partner.tabs',
    tabGroup: 'partner-inventory',
    tabs: { variant: 'fullWidth' },
    tabsPadding: {},
  },
};

/**
 * An inventory screen for a role: the heading, the role's four figures, and a card of tabs over the
 * selected tab's panel (`children`).
 */
export function InventoryScreen<T extends string>({
  role,
  tabs,
  tab,
  onTab,
  children,
}: {
  role: InventoryRole;
  tabs: readonly { id: T; label: string }[];
  tab: T;
  onTab: (tab: T) => void;
  children: ReactNode;
}) {
  const t = useT();
  const screen = SCREENS[role];
  return (
    <Container maxWidth={screen.maxWidth} sx={{ py: { xs: 3, md: 5 } }}>
      <Box sx={{ mb: { xs: 3, md: 4 } }}>
        <Typography variant="overline" sx={(theme) => ({ color: theme.palette.secondary.dark })}>
          {t(screen.overline)}
        </Typography>
        <Typography variant="h3" component="h1">
          {t('staff.inventory.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {t(screen.intro)}
        </Typography>
      </Box>
      <InventoryStatCards role={role} />
      <Card>
        <Tabs
          value={tab}
          onChange={(_event, value: T) => onTab(value)}
          aria-label={t(screen.tabsLabel)}
          {...screen.tabs}
          sx={(theme) => ({ ...screen.tabsPadding, borderBottom: `1px solid ${theme.palette.divider}` })}
        >
          {tabs.map((one) => (
            <Tab key={one.id} value={one.id} label={one.label} {...tabProps(screen.tabGroup, one.id)} />
          ))}
        </Tabs>
        <CardContent {...tabPanelProps(screen.tabGroup, tab)} sx={{ p: { xs: 1.5, sm: 3 } }}>
          {children}
        </CardContent>
      </Card>
    </Container>
  );
}
