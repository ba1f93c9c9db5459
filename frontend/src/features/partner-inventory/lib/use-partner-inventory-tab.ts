import { useSearchParams } from 'react-router-dom';

/** The partner inventory screen's tabs, in order. */
export const PARTNER_INVENTORY_TABS = ['allocated', 'history'] as const;
export type PartnerInventoryTabId = (typeof PARTNER_INVENTORY_TABS)[number];

/** The tab rides in the URL with its table's view (issue 27): a reload or a link opens on it. */
export function usePartnerInventoryTab() {
  const [params, setParams] = useSearchParams();
  const tab: PartnerInventoryTabId =
    PARTNER_INVENTORY_TABS.find((id) => id === params.get('tab')) ?? 'allocated';
  const setTab = (next: PartnerInventoryTabId) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'allocated') updated.delete('tab');
        else updated.set('tab', next);
        return updated;
      },
      { replace: true },
    );
  return { tab, setTab };
}
