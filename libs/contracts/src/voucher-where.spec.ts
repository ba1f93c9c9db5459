import { describe, expect, it } from 'vitest';
import type { VoucherPartner } from './vouchers';
import { CLUB_WIDE_TEXT, redeemedText, voucherWhere } from './voucher-where';

const shop: VoucherPartner = {
  id: '6f1d3c2a-1b2c-4d5e-8f90-a1b2c3d4e5f6',
  name: 'Sports Shop',
  logoUrl: null,
  address: '123 Main St, Antelope Valley, CA 93534',
  phone: '+1 (661) 555-0123',
  website: 'https://www.sportsshop.example/',
};
const physio: VoucherPartner = {
  id: '7a2e4d3b-2c3d-4e5f-9a01-b2c3d4e5f6a7',
  name: 'Harbor Physio',
  logoUrl: '/uploads/harbor.png',
  address: null,
  phone: '661 555 0199',
  website: null,
};

describe('where the member may use a voucher', () => {
  it('a code for one partner says "Use at {partner}" with a map link, a call link and its website', () => {
    expect(voucherWhere({ partners: [shop] })).toEqual({
      heading: 'Use at Sports Shop',
      clubWide: false,
      places: [
        {
          id: shop.id,
          name: 'Sports Shop',
          logoUrl: null,
          address: '123 Main St, Antelope Valley, CA 93534',
          mapUrl:
            'https://www.google.com/maps/search/?api=1&query=123%20Main%20St%2C%20Antelope%20Valley%2C%20CA%2093534',
          phone: '+1 (661) 555-0123',
          phoneUrl: 'tel:+16615550123',
          websiteUrl: 'https://www.sportsshop.example/',
          websiteLabel: 'sportsshop.example',
        },
      ],
    });
  });

  it('several partners are listed, the owner first; missing details are simply not linked', () => {
    const where = voucherWhere({ partners: [shop, physio] })!;
    expect(where.heading).toBe('Use at one of these 2 partners');
    expect(where.places.map((p) => p.name)).toEqual(['Sports Shop', 'Harbor Physio']);
    expect(where.places[1]).toMatchObject({
      address: null,
      mapUrl: null,
      phoneUrl: 'tel:6615550199',
      websiteUrl: null,
    });
  });

  it('a club-wide code (no partner) says every partner honours it', () => {
    expect(voucherWhere({ partners: [] })).toEqual({ heading: CLUB_WIDE_TEXT, clubWide: true, places: [] });
    expect(CLUB_WIDE_TEXT).toBe('Valid at every AV Pass partner');
  });

  it('an answer without partners (an older server) says nothing rather than "every partner"', () => {
    expect(voucherWhere({})).toBeNull();
  });

  it('only http(s) websites and numbers with digits become links', () => {
    const odd = { ...shop, website: 'javascript:alert(1)', phone: 'ask at the desk', address: '  ' };
    expect(voucherWhere({ partners: [odd] })!.places[0]).toMatchObject({
      websiteUrl: null,
      websiteLabel: null,
      phone: 'ask at the desk',
      phoneUrl: null,
      address: null,
      mapUrl: null,
    });
  });
});

describe('the proof of a redemption', () => {
  const at = '2026-01-15T23:05:00.000Z'; // 3:05 PM in Los Angeles (PST)

  it('names the shop whose till recorded it, in the given time zone', () => {
    expect(
      redeemedText({ redeemedAt: at, partnerName: 'Sports Shop', channel: 'till' }, 'America/Los_Angeles'),
    ).toBe('Redeemed at Sports Shop on Jan 15, 2026 3:05 PM');
  });

  it("says a member's own redeem was for use at the shop, not at it", () => {
    expect(
      redeemedText({ redeemedAt: at, partnerName: 'Sports Shop', channel: 'self' }, 'America/Los_Angeles'),
    ).toBe('Redeemed on Jan 15, 2026 3:05 PM, for use at Sports Shop');
  });

  it('does not overstate an answer that does not say how it was redeemed', () => {
    expect(redeemedText({ redeemedAt: at, partnerName: 'Sports Shop' }, 'America/Los_Angeles')).toBe(
      'Redeemed on Jan 15, 2026 3:05 PM, for use at Sports Shop',
    );
  });

  it('says only when, when the server names no shop', () => {
    expect(redeemedText({ redeemedAt: at, partnerName: null }, 'America/Los_Angeles')).toBe(
      'Redeemed on Jan 15, 2026 3:05 PM',
    );
  });

  it('says nothing for a voucher never redeemed', () => {
    expect(redeemedText(null, 'America/Los_Angeles')).toBeNull();
    expect(redeemedText(undefined, 'America/Los_Angeles')).toBeNull();
  });
});
