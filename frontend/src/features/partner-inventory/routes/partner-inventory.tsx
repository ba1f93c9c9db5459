import Stack from '@mui/material/Stack';
import { InventoryScreen } from '@/components/inventory/inventory-screen';
import { useT } from '@/i18n/i18n';
import { useSession } from '@/lib/session/use-session';
import { AllocatedInventoryTab } from '../components/allocated-inventory-tab';
import { TransactionHistoryTab } from '../components/transaction-history-tab';
import { PARTNER_INVENTORY_TABS, usePartnerInventoryTab } from '../lib/use-partner-inventory-tab';

/** /partner-inventory (company_admin): what the club allocated to this partner and its usage. */
export function PartnerInventoryRoute() {
  const session = useSession();
  if (session.status !== 'signed-in' || session.user.role !== 'company_admin') return null;
  return <PartnerInventory />;
}

function PartnerInventory() {
  const t = useT();
  const { tab, setTab } = usePartnerInventoryTab();
  const tabs = PARTNER_INVENTORY_TABS.map((id) => ({ id, label: t(`inventory.partnerTab.${id}`) }));
  return (
    <InventoryScreen role="partner" tabs={tabs} tab={tab} onTab={setTab}>
      <Stack>{tab === 'allocated' ? <AllocatedInventoryTab /> : <TransactionHistoryTab />}</Stack>
    </InventoryScreen>
  );
}
