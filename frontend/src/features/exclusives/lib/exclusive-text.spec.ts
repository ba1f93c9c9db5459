import type { Exclusive } from '@avpass/contracts';
import { describe, expect, it } from 'vitest';
import { detailLines, EXCLUSIVE_TABS, eventDateText, qrFileName } from './exclusive-text';

const exclusive = (details: Exclusive['exclusiveDetails']) => ({ exclusiveDetails: details }) as Exclusive;

describe('exclusive texts', () => {
  it('names the QR download from the id’s first 8 characters', () => {
    expect(qrFileName('87c463d3-0d2b-4a8e-9c1e-2f4b6a8c0d1e')).toBe('project-rooted-87c463d3.png');
  });

  it('has the eight tabs of the spec, in order', () => {
    expect(EXCLUSIVE_TABS.map((t) => t.label)).toEqual([
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
    expect(eventDateText('2099-04-20T19:00')).toBe('Apr 20, 2099 7:00 PM');
    expect(eventDateText('2099-04-20')).toBe('Apr 20, 2099');
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
      ),
    ).toEqual([
      'Spring Gala · Apr 20, 2099',
      'Trainer: Coach Rivera',
      'Duration: 60 minutes',
      'Vendor: Summit Smoothies',
    ]);
    expect(detailLines(exclusive(null))).toEqual([]);
    expect(detailLines(exclusive({ eventDate: '2099-06-01T09:30' }))).toEqual(['Jun 1, 2099 9:30 AM']);
  });
});
