import { useSearchParams } from 'react-router-dom';
import { INVENTORY_TABS, type InventorySelection, type InventoryTabId } from '../types';

/**
 * The admin inventory screen's tab, item and line, kept in the URL (`tab`, `item`, `line`; the first
 * tab leaves no `tab`): what the tabs share, and how one tab opens another on an item or a line.
 */
export function useInventorySelection(): InventorySelection & { tab: InventoryTabId } {
  const [params, setParams] = useSearchParams();
  const tab: InventoryTabId = INVENTORY_TABS.find((id) => id === params.get('tab')) ?? 'items';
  return {
    tab,
    itemId: params.get('item'),
    lineId: params.get('line'),
    select(next) {
      const updated = new URLSearchParams(params);
      const apply = (key: string, value: string | null | undefined) => {
        if (value === undefined) return;
        if (value === null) updated.delete(key);
        else updated.set(key, value);
      };
      apply('tab', next.tab === 'items' ? null : next.tab);
      apply('item', next.itemId);
      apply('line', next.lineId);
      setParams(updated, { replace: true });
    },
  };
}
