/**
 * The attributes that pair a tab with its panel (WAI-ARIA tabs pattern): the tab names its panel
 * (aria-controls), the panel names its tab (aria-labelledby). Both come from one group name, so a
 * screen cannot give a tab a panel id that no panel carries (axe: aria-valid-attr-value, critical).
 * Screens render only the selected tab's panel and spread `tabPanelProps` on it.
 */
export function tabProps(group: string, id: string) {
  return { id: `${group}-tab-${id}`, 'aria-controls': `${group}-panel-${id}` } as const;
}

export function tabPanelProps(group: string, id: string) {
  return { role: 'tabpanel', id: `${group}-panel-${id}`, 'aria-labelledby': `${group}-tab-${id}` } as const;
}
