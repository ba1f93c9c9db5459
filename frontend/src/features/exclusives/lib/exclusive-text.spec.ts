import type { Exclusive } from '@avpass/contracts';
import type { Words } from '@avpass/contracts/i18n/voucher-words';
import { setupI18n } from '@lingui/core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MessageId } from '@/i18n/message-id';
import { EXCLUSIVES_CATALOGS } from '@/locales/exclusives-catalogs';
import { detailLines, EXCLUSIVE_TABS, eventDateText, qrFileName } from './exclusive-text';

/** The exclusives catalog's words in `language`, as the screen has them. */
async function exclusivesWords(language: 'en' | 'es'): Promise<Words<MessageId>> {
  const i18n = setupI18n();
  i18n.load(language, (await EXCLUSIVES_CATALOGS[language]()).default as Record<string, string>);
  i18n.activate(language);
  return { t: (id, values) => i18n._(id, values), language };
}

let en: Words<MessageId>;
let es: Words<MessageId>;
beforeAll(async () => {
  [en, es] = await Promise.all([exclusivesWords('en'), exclusivesWords('es')]);
});

const exclusive = (details: Exclusive['exclusiveDetails']) => ({ exclusiveDetails: details }) as Exclusive;

describe('exclusive texts', () => {
  it('names the QR download from the id’s first 8 characters', () => {
    expect(qrFileName('87c463d3-0d2b-4a8e-9c1e-2f4b6a8c0d1e')).toBe('project-rooted-87c463d3.png');
  });

  it('has the eight tabs of the spec, in order', () => {
    expect(EXCLUSIVE_TABS.map((tab) => en.t(`exclusives.tab.${tab}`))).toEqual([
      'All',
      'Active',
      'Upcoming',
      'Expired',
      'Training',
      'Raffles',
      'Events',
      'Discounts',
    ]);
  });

  it('prints an event time as it was picked, whatever the viewer’s zone', () => {
    expect(eventDateText('2099-04-20T19:00', 'en')).toBe('Apr 20, 2099 7:00 PM');
    expect(eventDateText('2099-04-20', 'en')).toBe('Apr 20, 2099');
    expect(eventDateText('2099-04-20', 'es')).toBe('20 abr 2099');
  });

  it('lists the event, trainer, duration and vendor it has', () => {
    expect(
      detailLines(
        exclusive({
          eventName: 'Spring Gala',
          eventDate: '2099-04-20',
          trainerName: 'Coach Rivera',
          sessionDuration: '60 minutes',
          vendorName: 'Summit Smoothies',
        }),
        en,
      ),
    ).toEqual([
      'Spring Gala · Apr 20, 2099',
      'Trainer: Coach Rivera',
      'Duration: 60 minutes',
      'Vendor: Summit Smoothies',
    ]);
    expect(detailLines(exclusive(null), en)).toEqual([]);
    expect(detailLines(exclusive({ eventDate: '2099-06-01T09:30' }), en)).toEqual(['Jun 1, 2099 9:30 AM']);
    expect(detailLines(exclusive({ trainerName: 'Coach Rivera' }), es)).toEqual(['Entrenador: Coach Rivera']);
  });
});
