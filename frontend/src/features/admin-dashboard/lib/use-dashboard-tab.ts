import { useRef } from 'react';
import { useSearchParams } from 'react-router-dom';

type Tab = { readonly id: string };

/**
 * The dashboard's tab in the URL's `tab` (the first tab when it names none it knows, and leaves no
 * `tab`). Each tab's own search, sort, filters and page (issue 44): the tables keep them in the URL,
 * which holds one tab's at a time, so a tab left keeps its query string here and gets it back on return.
 */
export function useDashboardTab<Tabs extends readonly [Tab, ...Tab[]]>(tabs: Tabs) {
  type TabId = Tabs[number]['id'];
  const [params, setParams] = useSearchParams();
  const active: Tabs[number] = tabs.find((t) => t.id === params.get('tab')) ?? tabs[0];
  const first: TabId = tabs[0].id;
  const leftTabs = useRef(new Map<TabId, string>());
  const switchTab = (next: TabId) => {
    if (next === active.id) return;
    const own = new URLSearchParams(params);
    own.delete('tab');
    leftTabs.current.set(active.id, own.toString());
    const restored = new URLSearchParams(leftTabs.current.get(next) ?? '');
    if (next !== first) restored.set('tab', next);
    setParams(restored, { replace: true });
  };
  return { active, switchTab };
}
