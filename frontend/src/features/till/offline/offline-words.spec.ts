import type { Words } from '@avpass/contracts/i18n/voucher-words';
import type { TillCopyCode } from '@avpass/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MessageId } from '@/i18n/message-id';
import { wordsIn } from '@/i18n/test-words';
import { decideOffline, offlineKeyOf } from './offline-check';
import { listFromTextIn, offlineReasonIn, offlineUsesTextIn } from './offline-words';

let en: Words<MessageId>;
let es: Words<MessageId>;
beforeAll(async () => {
  [en, es] = await Promise.all([wordsIn('en'), wordsIn('es')]);
});

const ID = '3f2a9c1e-5b7d-4e21-9a3c-0d4e5f6a7b8c';
const now = new Date('2026-12-10T15:00:00.000Z');
const code = (extra: Partial<TillCopyCode> = {}): TillCopyCode => ({
  id: ID,
  prefix: ID.slice(0, 8),
  title: 'Sports massage',
  discountType: 'percentage',
  discountValue: 20,
  usesLeft: 3,
  active: true,
  expirationDate: '2026-12-31',
  startDate: null,
  ...extra,
});
const decide = (found: TillCopyCode | undefined, text = ID) =>
  decideOffline({
    key: offlineKeyOf(text),
    code: found,
    pending: [],
    now,
    timeZone: 'UTC',
    shopName: 'Riverside Bike Shop',
  });

describe('the offline till in the reader’s language', () => {
  it('says each refusal as the online check does in English, and in Spanish', () => {
    for (const verdict of [
      decide(undefined),
      decide(undefined, 'hello'),
      decide(code({ usesLeft: 0 })),
      decide(code({ active: false })),
      decide(code({ expirationDate: '2026-12-09' })),
      decide(code({ startDate: '2026-12-12' })),
    ])
      expect(offlineReasonIn(verdict, en, 'UTC')).toBe(verdict.reason);
    expect(offlineReasonIn(decide(undefined), es, 'UTC')).toBe(
      'Este cupón no es válido en Riverside Bike Shop o no se encontró',
    );
    expect(offlineReasonIn(decide(code({ startDate: '2026-12-12' })), es, 'UTC')).toContain('12 dic 2026');
  });

  it('says when the list was read: the time today, the day too when older', () => {
    expect(listFromTextIn('2026-12-10T10:42:00.000Z', now, 'UTC', en)).toBe(
      'Checked offline, list from 10:42 AM',
    );
    expect(listFromTextIn('2026-12-09T10:42:00.000Z', now, 'UTC', en)).toBe(
      'Checked offline, list from Dec 9, 10:42 AM',
    );
    expect(listFromTextIn('2026-12-10T10:42:00.000Z', now, 'UTC', es)).toMatch(/^Verificado sin conexión/);
  });

  it('says the uses left after the queued ones', () => {
    expect(offlineUsesTextIn(null, en)).toBe('Unlimited uses');
    expect(offlineUsesTextIn(1, en)).toBe('1 use left');
    expect(offlineUsesTextIn(2, en)).toBe('2 uses left');
    expect(offlineUsesTextIn(2, es)).toBe('Quedan 2 usos');
  });
});
