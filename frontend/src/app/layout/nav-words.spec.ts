import { describe, expect, it } from 'vitest';
import { wordsIn } from '@/i18n/test-words';
import { NAV_LINKS, navTitleFor } from './nav-links';
import { shownLanguage } from './shown-language';

describe('the signed-in bar in words', () => {
  it('names the bar by a catalog key, or by the company as it writes its own name', () => {
    expect(navTitleFor('super_admin', null)).toEqual({ key: 'staff.nav.adminPanel' });
    expect(navTitleFor('company_admin', 'Harbor Physio')).toEqual({ name: 'Harbor Physio' });
    expect(navTitleFor('company_admin', null)).toEqual({ key: 'staff.nav.partnerPortal' });
  });

  it('has every link’s words in the staff catalog, as they read today in English', async () => {
    const [{ t }, { t: es }] = await Promise.all([wordsIn('en'), wordsIn('es')]);
    for (const links of Object.values(NAV_LINKS))
      for (const link of links) expect(es(link.label), link.label).not.toBe(link.label);
    expect(NAV_LINKS.company_admin.map((link) => t(link.label))).toEqual([
      'Till',
      'Dashboard',
      'AV Pass Generator',
      'Bulk Generate',
      'Credits',
      'Inventory',
      'Statements',
      'Analytics',
    ]);
  });
});

describe('a user’s language choice', () => {
  it('shows the one being saved, else the account’s, else the one spoken, else English', () => {
    expect(shownLanguage('es', 'en', 'en')).toBe('es');
    expect(shownLanguage(null, 'es', 'en')).toBe('es');
    expect(shownLanguage(null, undefined, 'es')).toBe('es');
    // The pseudo-locale is the e2e suite's, never a choice.
    expect(shownLanguage(null, undefined, 'pseudo')).toBe('en');
    expect(shownLanguage(null, 'fr', 'pseudo')).toBe('en');
  });
});
