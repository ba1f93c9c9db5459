import { InventoryScreen } from '@/components/inventory/inventory-screen';
import { useT } from '@/i18n/i18n';
import { useSession } from '@/lib/session/use-session';
import { AllocationsTab } from '../components/allocations-tab';
import { InventoryTab } from '../components/inventory-tab';
import { MerchItemsTab } from '../components/merch-items-tab';
import { TransactionsTab } from '../components/transactions-tab';
import { useInventorySelection } from '../lib/use-inventory-selection';
import { INVENTORY_TABS } from '../types';

/** /admin-inventory (super_admin; the router shows everyone else the 404 page, spec section 2). */
export function AdminInventoryRoute() {
  const session = useSession();
  if (session.status !== 'signed-in' || session.user.role !== 'super_admin') return null;
  return <AdminInventory />;
}

function AdminInventory() {
  const t = useT();
  const { tab, ...selection } = useInventorySelection();
  const tabs = INVENTORY_TABS.map((id) => ({ id, label: t(`inventory.tab.${id}`) }));
  return (
    <InventoryScreen role="admin" tabs={tabs} tab={tab} onTab={(next) => selection.select({ tab: next })}>
      {tab === 'items' && <MerchItemsTab selection={selection} />}
      {tab === 'inventory' && <InventoryTab selection={selection} />}
      {tab === 'allocations' && <AllocationsTab selection={selection} />}
      {tab === 'transactions' && <TransactionsTab selection={selection} />}
    </InventoryScreen>
  );
}
