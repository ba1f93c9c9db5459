import type { Translate } from '@avpass/contracts/i18n/voucher-words';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MessageId } from '@/i18n/message-id';
import { wordsIn } from '@/i18n/test-words';
import { matchingCount, showingCount } from './partner-counts';

let t: Translate<MessageId>;
let es: Translate<MessageId>;
beforeAll(async () => {
  [{ t }, { t: es }] = await Promise.all([wordsIn('en'), wordsIn('es')]);
});

describe('the partner counts under the landing page’s grid', () => {
  it('says how many are shown of how many', () => {
    expect(showingCount(40, 132, t, 'en')).toBe('Showing 40 of 132 partners');
    expect(showingCount(24, 10_000, t, 'en')).toBe('Showing 24 of 10,000 partners');
    expect(showingCount(27, 25, t, 'en')).toBe('Showing 27 of 27 partners');
    expect(showingCount(1, 1, es, 'es')).toBe('Mostrando 1 de 1 socio');
  });

  it('says how many match a search, with "+" while the total is unknown', () => {
    expect(matchingCount(24, true, 26, 'bike', t, 'en')).toBe('26 partners matching "bike"');
    expect(matchingCount(1, false, 1, 'bike', t, 'en')).toBe('1 partner matching "bike"');
    expect(matchingCount(24, true, undefined, 'bike', t, 'en')).toBe('24+ partners matching "bike"');
    expect(matchingCount(2, false, 2, 'bici', es, 'es')).toBe('2 socios coinciden con "bici"');
  });
});
