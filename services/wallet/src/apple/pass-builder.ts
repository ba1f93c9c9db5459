import {
  CLUB_WIDE_TEXT,
  NO_EXPIRATION_TEXT,
  redeemedText,
  voucherShortCode,
  voucherText,
  voucherWhere,
  type PublicVoucher,
} from '@avpass/contracts';
import { endOfBusinessDay, utcOffsetAt } from '@avpass/domain';
import { PKPass } from 'passkit-generator';
import { PASS_COLOURS } from './pass-images';
import type { AppleSigningMaterial } from './signing-material';
import { passStringsIn, WALLET_CATALOG } from '../i18n';
import { usesValue } from '../pass-text';

/** The pass's own words in English (pass.json); Spanish phones read `es.lproj/pass.strings`. */
const word = WALLET_CATALOG.in('en');

/**
 * What a pass carries besides the voucher: its serial number (the code's id), the token its web
 * service checks, where that service is (null: no updates), when it stops being valid, whether it is
 * void (used up, expired or deactivated), and the business time zone its dates are read in.
 */
export interface PassState {
  serialNumber: string;
  authenticationToken: string;
  webServiceURL: string | null;
  expiresAt: Date | null;
  voided: boolean;
  timeZone: string;
}

/** One field of pass.json (Apple's "PassFieldContent"; only the keys we use). */
export interface PassField {
  key: string;
  label?: string;
  value: string;
  changeMessage?: string;
  dateStyle?: 'PKDateStyleMedium';
  timeStyle?: 'PKDateStyleNone';
  ignoresTimeZone?: boolean;
  dataDetectorTypes?: (
    | 'PKDataDetectorTypeLink'
    | 'PKDataDetectorTypePhoneNumber'
    | 'PKDataDetectorTypeAddress'
  )[];
}

export interface PassFields {
  /** Empty: the logo row already names the partner (written out, as passkit-generator writes it). */
  headerFields: PassField[];
  primaryFields: PassField[];
  secondaryFields: PassField[];
  auxiliaryFields: PassField[];
  backFields: PassField[];
}

/** pass.json without the pass type and team, which come with the signing material. */
export interface ApplePassProps {
  formatVersion: 1;
  serialNumber: string;
  authenticationToken?: string;
  webServiceURL?: string;
  organizationName: string;
  description: string;
  logoText: string;
  foregroundColor: string;
  backgroundColor: string;
  labelColor: string;
  /** Partner vouchers; a trainer code is `generic` instead (a coupon cannot show a thumbnail). */
  coupon?: PassFields;
  generic?: PassFields;
  barcodes: {
    format: 'PKBarcodeFormatQR';
    message: string;
    messageEncoding: 'iso-8859-1';
    altText: string;
  }[];
  expirationDate?: string;
  voided?: true;
}

export const PASS_ORGANIZATION_NAME = 'AV Pass';
/** Shown on the pass, and as the phone's lock-screen note when the value changes ("Used 1 of 3"). */
export const USES_CHANGE_MESSAGE = word('change.uses');
/** More partners than this are summed up on the back ("and 4 more partners": the page lists them). */
const MAX_BACK_PARTNERS = 5;

const rgb = ({ r, g, b }: { r: number; g: number; b: number }) => `rgb(${r}, ${g}, ${b})`;
/** An instant as W3C date-time (ISO 8601 in UTC), as passkit-generator itself writes dates. */
const w3c = (date: Date) => date.toISOString();

/**
 * The end of the expiry's business day with that zone's offset ("2026-12-31T23:59:59-08:00"): shown
 * with `ignoresTimeZone`, the phone prints the voucher's own date wherever the member is.
 */
function endOfDayInZone(dateOnly: string, timeZone: string): string {
  const end = endOfBusinessDay(dateOnly, timeZone);
  const offsetMinutes = Math.round(utcOffsetAt(end, timeZone) / 60_000);
  const wall = new Date(end.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 19);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${wall}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** Where to go, in a few words for the front: the partner, "+ n more", or any partner (club-wide). */
function whereShort(voucher: PublicVoucher): string {
  const partners = voucher.partners;
  if (!partners) return voucher.clinicName.trim() || 'Any partner';
  const [first] = partners;
  if (!first) return 'Any partner';
  return partners.length === 1 ? first.name : `${first.name} + ${partners.length - 1} more`;
}

/** The back's "where": each partner with its address, phone and website (the phone links them). */
function placeFields(voucher: PublicVoucher): PassField[] {
  const where = voucherWhere(voucher);
  if (!where) return [];
  if (where.clubWide) return [{ key: 'partners', label: word('label.where'), value: CLUB_WIDE_TEXT }];
  const fields = where.places.slice(0, MAX_BACK_PARTNERS).map(
    (place, i): PassField => ({
      key: `partner-${i + 1}`,
      label: i === 0 ? where.heading : '',
      value: [place.name, place.address, place.phone, place.websiteUrl].filter(Boolean).join('\n'),
      dataDetectorTypes: [
        'PKDataDetectorTypeAddress',
        'PKDataDetectorTypePhoneNumber',
        'PKDataDetectorTypeLink',
      ],
    }),
  );
  const more = where.places.length - MAX_BACK_PARTNERS;
  if (more > 0) {
    fields.push({
      key: 'partners-more',
      label: '',
      value: `and ${more} more partner${more === 1 ? '' : 's'}: see the voucher page`,
    });
  }
  return fields;
}

/** How the voucher is used: at the till always; on the member's own phone unless it is staff-only. */
function howToUse(voucher: PublicVoucher): string {
  const till = `Show this pass at the till: staff scan the QR code or type the code ${voucherShortCode(voucher.id)}.`;
  return voucher.redemptionMode === 'staff'
    ? till
    : `${till} You can also redeem it yourself on the voucher page.`;
}

/**
 * pass.json's content for a voucher (everything but the pass type and team): the discount as the
 * primary field, where and what as secondary, uses and expiry as auxiliary (each announces its
 * change on the phone), details on the back, and the voucher's own link as the QR code. The words are
 * voucherText's, the same as on the voucher page and the printed card.
 */
export function applePassFields(voucher: PublicVoucher, state: PassState): ApplePassProps {
  const text = voucherText(voucher);
  const where = whereShort(voucher);
  const partnerName = voucher.partners?.[0]?.name ?? (voucher.clinicName.trim() || null);

  const discount: PassField = { key: 'discount', label: word('label.offer'), value: text.discountText };
  const service: PassField = { key: 'service', label: word('label.service'), value: text.serviceText };
  const uses: PassField = {
    key: 'uses',
    label: word('label.uses'),
    value: usesValue(voucher.usageCount, voucher.usageLimit),
    changeMessage: USES_CHANGE_MESSAGE,
  };
  const validUntil: PassField = voucher.expirationDate
    ? {
        key: 'valid-until',
        label: word('label.valid-until'),
        value: endOfDayInZone(voucher.expirationDate, state.timeZone),
        dateStyle: 'PKDateStyleMedium',
        timeStyle: 'PKDateStyleNone',
        ignoresTimeZone: true,
        changeMessage: word('change.valid-until'),
      }
    : {
        key: 'valid-until',
        label: word('label.valid-until'),
        value: NO_EXPIRATION_TEXT,
        changeMessage: word('change.valid-until'),
      };

  const secondaryFields: PassField[] = text.trainer
    ? [{ key: 'trainer', label: text.trainer.roleLabel, value: text.trainer.name }, service]
    : [{ key: 'where', label: word('label.use-at'), value: where }, service];

  const lastUse = redeemedText(voucher.lastRedemption, state.timeZone);
  const backFields: PassField[] = [
    // A custom title hides the partner's name from the front; the back keeps it.
    ...(voucher.customTitle?.trim()
      ? [{ key: 'title', label: word('label.voucher'), value: text.title }]
      : []),
    ...placeFields(voucher),
    { key: 'how', label: word('label.how'), value: howToUse(voucher) },
    ...(text.instructions
      ? [{ key: 'instructions', label: word('label.instructions'), value: text.instructions }]
      : []),
    ...(lastUse ? [{ key: 'last-use', label: word('label.last-used'), value: lastUse }] : []),
    ...(text.terms ? [{ key: 'terms', label: word('label.terms'), value: text.terms }] : []),
    {
      key: 'link',
      label: word('label.voucher-page'),
      value: voucher.qrUrl,
      dataDetectorTypes: ['PKDataDetectorTypeLink'],
    },
  ];

  const fields: PassFields = {
    headerFields: [],
    primaryFields: [discount],
    secondaryFields,
    auxiliaryFields: [uses, validUntil],
    backFields,
  };

  return {
    formatVersion: 1,
    serialNumber: state.serialNumber,
    // Both or neither: without a web service the pass never updates, and a token alone means nothing.
    // Wallet only calls https services (http works on a phone with "Allow HTTP Services" for testing).
    ...(state.webServiceURL
      ? { authenticationToken: state.authenticationToken, webServiceURL: state.webServiceURL }
      : {}),
    organizationName: PASS_ORGANIZATION_NAME,
    description: text.trainer
      ? `${text.discountText} ${text.serviceText} with ${text.trainer.name}`
      : `${text.discountText} ${text.serviceText} at ${where === 'Any partner' ? 'any AV Pass partner' : where}`,
    logoText: text.trainer?.name ?? partnerName ?? PASS_ORGANIZATION_NAME,
    foregroundColor: rgb(PASS_COLOURS.foreground),
    backgroundColor: rgb(PASS_COLOURS.background),
    labelColor: rgb(PASS_COLOURS.label),
    ...(text.isTrainer ? { generic: fields } : { coupon: fields }),
    barcodes: [
      {
        format: 'PKBarcodeFormatQR',
        // Exactly the voucher's link, as on its printed card: any QR reader opens the voucher page.
        message: voucher.qrUrl,
        messageEncoding: 'iso-8859-1',
        altText: voucher.qrUrl.replace(/^https?:\/\//, ''),
      },
    ],
    ...(state.expiresAt ? { expirationDate: w3c(state.expiresAt) } : {}),
    ...(state.voided ? { voided: true as const } : {}),
  };
}

/**
 * The signed `.pkpass` (a ZIP of pass.json, the images, manifest.json and its detached PKCS#7
 * signature) for a voucher, built and signed by passkit-generator with the checked material.
 */
export async function buildPkpass(
  material: AppleSigningMaterial,
  voucher: PublicVoucher,
  state: PassState,
  images: Record<string, Buffer>,
): Promise<Buffer> {
  if (!images['icon.png']) throw new Error('A pass needs icon.png: Wallet refuses a pass without an icon');
  const passJson = {
    ...applePassFields(voucher, state),
    passTypeIdentifier: material.passTypeIdentifier,
    teamIdentifier: material.teamIdentifier,
  };
  const pass = new PKPass(
    { ...images, 'pass.json': Buffer.from(JSON.stringify(passJson)) },
    {
      wwdr: material.wwdr,
      signerCert: material.signerCert,
      signerKey: material.signerKey,
      ...(material.signerKeyPassphrase ? { signerKeyPassphrase: material.signerKeyPassphrase } : {}),
    },
  );
  // Wallet shows the labels in Spanish on a phone set to Spanish (issue 42).
  pass.localize('es', passStringsIn('es'));
  // Synchronous (node-forge); a pass is a few small files, signed in milliseconds.
  return Promise.resolve(pass.getAsBuffer());
}
