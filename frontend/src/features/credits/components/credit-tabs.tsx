import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { tabPanelProps, tabProps } from '@/components/navigation/tab-pairing';

/** The panel under `CreditTabs` showing tab `id` (both credit screens name their panels alike). */
const creditPanelProps = (id: string) => tabPanelProps('credits', id);

/** Two tabs: side by side at their width on wide screens, halves of the card (labels wrap) on phones. */
function CreditTabs<T extends string>({
  value,
  tabs,
  onChange,
}: {
  value: T;
  tabs: readonly { id: T; label: string }[];
  onChange: (id: T) => void;
}) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Tabs
      value={value}
      onChange={(_e, id: T) => onChange(id)}
      variant={phone ? 'fullWidth' : 'standard'}
      sx={{ px: { xs: 0, sm: 2 }, borderBottom: 1, borderColor: 'divider' }}
    >
      {tabs.map((t) => (
        <Tab
          key={t.id}
          value={t.id}
          label={t.label}
          {...tabProps('credits', t.id)}
          sx={{ minWidth: 0, px: { xs: 1, sm: 2 }, lineHeight: 1.3 }}
        />
      ))}
    </Tabs>
  );
}

/** A credits screen's card: its tabs over the selected tab's panel (`children`). */
export function CreditTabsCard<T extends string>({
  value,
  tabs,
  onChange,
  sx,
  children,
}: {
  value: T;
  tabs: readonly { id: T; label: string }[];
  onChange: (id: T) => void;
  sx?: SxProps<Theme>;
  children: ReactNode;
}) {
  return (
    <Card variant="outlined" {...(sx ? { sx } : {})}>
      <CreditTabs value={value} tabs={tabs} onChange={onChange} />
      <Box {...creditPanelProps(value)} sx={{ p: { xs: 1.5, sm: 3 } }}>
        {children}
      </Box>
    </Card>
  );
}
