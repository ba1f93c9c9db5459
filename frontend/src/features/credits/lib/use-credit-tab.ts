import { useSearchParams } from 'react-router-dom';

type Tab = { readonly id: string };

/** A credits screen's tab, in the URL's `tab` (the first tab when it names none it knows). */
export function useCreditTab<Tabs extends readonly [Tab, ...Tab[]]>(tabs: Tabs) {
  const [params, setParams] = useSearchParams();
  const active: Tabs[number] = tabs.find((t) => t.id === params.get('tab')) ?? tabs[0];
  const setTab = (id: Tabs[number]['id']) => setParams({ tab: id }, { replace: true });
  return { active, setTab };
}
