import { describe, expect, it } from 'vitest';
import { tabPanelProps, tabProps } from './tab-pairing';

describe('a tab and its panel', () => {
  it('name each other', () => {
    const tab = tabProps('credits', 'athletes');
    const panel = tabPanelProps('credits', 'athletes');
    expect(tab['aria-controls']).toBe(panel.id);
    expect(panel['aria-labelledby']).toBe(tab.id);
    expect(panel.role).toBe('tabpanel');
  });

  it('differ between tabs and between groups', () => {
    const ids = [tabProps('credits', 'a').id, tabProps('credits', 'b').id, tabProps('exclusives', 'a').id];
    expect(new Set(ids).size).toBe(3);
  });
});
