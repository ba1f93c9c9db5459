import type { Vendor } from '@avpass/contracts';
import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import Box from '@mui/material/Box';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState } from 'react';
import { HistoryLink } from '@/components/audit/history-link';
import { LoadErrorAlert } from '@/components/data-display/list-states';
import { useT } from '@/i18n/i18n';
import { useVendor } from '../api/get-vendor';
import { CompanyInfoTab } from './company-info-tab';
import { GalleryTab } from './gallery-tab';
import { PortalUsersTab } from './portal-users-tab';
import { QrCodesTab } from './qr-codes-tab';
import { ResponsiveDialog } from '@/components/feedback/responsive-dialog';

/** The tabs; their words are `partners.tab.<id>`. */
const TABS = ['info', 'users', 'codes', 'gallery'] as const;
type TabId = (typeof TABS)[number];

/** View Details: four tabs; full screen on a phone. */
export function PartnerDetailsDialog({ vendor, onClose }: { vendor: Vendor | null; onClose: () => void }) {
  return (
    <ResponsiveDialog
      open={vendor !== null}
      onClose={onClose}
      labelledBy="partner-details-title"
      maxWidth="md"
      paperSx={{ minHeight: { sm: '70vh' } }}
    >
      {vendor && <Details key={vendor.id} initial={vendor} onClose={onClose} />}
    </ResponsiveDialog>
  );
}

function Details({ initial, onClose }: { initial: Vendor; onClose: () => void }) {
  const t = useT();
  const [tab, setTab] = useState<TabId>('info');
  const query = useVendor(initial.id, initial);
  const vendor = query.data ?? initial;

  return (
    <>
      <DialogTitle id="partner-details-title" sx={{ pr: 19, overflowWrap: 'anywhere' }}>
        {vendor.name}
        <IconButton
          aria-label={t('partners.close')}
          onClick={onClose}
          sx={{ position: 'absolute', right: 12, top: 12 }}
        >
          <CloseRoundedIcon />
        </IconButton>
      </DialogTitle>
      <Box sx={{ position: 'absolute', right: 60, top: 16 }}>
        <HistoryLink
          targetType="partner"
          targetId={vendor.id}
          label={t('partners.history', { name: vendor.name })}
        />
      </Box>
      <Tabs
        value={tab}
        onChange={(_e, value: TabId) => setTab(value)}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('partners.details')}
        sx={{ px: { xs: 1, sm: 3 }, borderBottom: 1, borderColor: 'divider' }}
      >
        {TABS.map((id) => (
          <Tab
            key={id}
            value={id}
            label={t(`partners.tab.${id}`)}
            id={`partner-tab-${id}`}
            aria-controls={`partner-panel-${id}`}
          />
        ))}
      </Tabs>
      <DialogContent>
        <Box
          role="tabpanel"
          id={`partner-panel-${tab}`}
          aria-labelledby={`partner-tab-${tab}`}
          sx={{ pt: 1 }}
        >
          {query.isError && (
            <LoadErrorAlert
              error={query.error}
              onRetry={() => void query.refetch()}
              fallback={t('partners.loadOneFailed')}
              sx={{ mb: 2 }}
            />
          )}
          {tab === 'info' && <CompanyInfoTab vendor={vendor} />}
          {tab === 'users' && <PortalUsersTab partnerId={vendor.id} />}
          {tab === 'codes' && <QrCodesTab vendorId={vendor.id} />}
          {tab === 'gallery' && <GalleryTab vendor={vendor} />}
        </Box>
      </DialogContent>
    </>
  );
}
