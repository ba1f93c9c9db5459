import { formatDateTime } from '@avpass/domain';
import type { LastRedemption, VoucherPartner } from './vouchers';

/*
 * Where a voucher is honoured and where it was last used, in the words the member's phone shows: the
 * voucher page and the gateway's first-paint snapshot say the same (issue 24). Type imports only, so
 * the voucher page loads this without zod.
 */

/** A club-wide code (no owner, no assignment): every partner honours it. */
export const CLUB_WIDE_TEXT = 'Valid at every AV Pass partner';

/** A partner where the voucher is used, with the links a phone opens. */
export interface VoucherPlace {
  id: string;
  name: string;
  logoUrl: string | null;
  address: string | null;
  /** Google Maps search of the address: opens the maps app on Android and iOS, the site elsewhere. */
  mapUrl: string | null;
  phone: string | null;
  /** `tel:` with the number's digits (and a leading +), or null when it has none. */
  phoneUrl: string | null;
  /** The website when it is an http(s) address (anything else is not linked). */
  websiteUrl: string | null;
  /** The website as a short label: its host without `www.`. */
  websiteLabel: string | null;
}

export interface VoucherWhere {
  /** "Use at Sports Shop", "Use at one of these 3 partners", or the club-wide sentence. */
  heading: string;
  clubWide: boolean;
  places: VoucherPlace[];
}

export function mapSearchUrl(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address.trim())}`;
}

export function phoneUrl(phone: string): string | null {
  const digits = phone.replace(/[^\d]/g, '');
  if (!digits) return null;
  return `tel:${phone.trim().startsWith('+') ? '+' : ''}${digits}`;
}

export function websiteUrl(website: string): URL | null {
  try {
    const url = new URL(website.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

function place(partner: VoucherPartner): VoucherPlace {
  const address = partner.address?.trim() || null;
  const phone = partner.phone?.trim() || null;
  const website = partner.website ? websiteUrl(partner.website) : null;
  return {
    id: partner.id,
    name: partner.name,
    logoUrl: partner.logoUrl,
    address,
    mapUrl: address ? mapSearchUrl(address) : null,
    phone,
    phoneUrl: phone ? phoneUrl(phone) : null,
    websiteUrl: website?.href ?? null,
    websiteLabel: website ? website.host.replace(/^www\./, '') : null,
  };
}

/**
 * Where the member may use the voucher: its partners (the owner first, as the server sends them), or
 * the club-wide sentence when it has none. Null when the answer does not say (an older server).
 */
export function voucherWhere(voucher: { partners?: VoucherPartner[] | undefined }): VoucherWhere | null {
  if (!voucher.partners) return null;
  const places = voucher.partners.map(place);
  const [first] = places;
  if (!first) return { heading: CLUB_WIDE_TEXT, clubWide: true, places };
  return {
    heading: places.length === 1 ? `Use at ${first.name}` : `Use at one of these ${places.length} partners`,
    clubWide: false,
    places,
  };
}

/**
 * The proof of the latest use, from the server's record. A till's redemption names its shop: "Redeemed
 * at Sports Shop on Mar 8, 2026 3:05 PM". A member's own redeem proves only when, and the shop is where
 * the code is for: "Redeemed on Mar 8, 2026 3:05 PM, for use at Sports Shop" (an answer without the
 * channel is read so: it never overstates). Without a shop: "Redeemed on {date}". Null when never redeemed.
 */
export function redeemedText(last: LastRedemption | null | undefined, timeZone: string): string | null {
  if (!last) return null;
  const when = formatDateTime(last.redeemedAt, timeZone);
  if (!last.partnerName) return `Redeemed on ${when}`;
  return last.channel === 'till'
    ? `Redeemed at ${last.partnerName} on ${when}`
    : `Redeemed on ${when}, for use at ${last.partnerName}`;
}
