import { redeemedTextIn, voucherShortCode, voucherWhereIn, type PublicVoucher } from '@avpass/contracts';
import { endOfBusinessDay, utcOffsetAt } from '@avpass/domain';
import { PKPass } from 'passkit-generator';
import { PASS_COLOURS } from './pass-images';
import type { AppleSigningMaterial } from './signing-material';
import { passText, passWords, WALLET_CATALOG, type PassWords } from '../i18n';
import { usesValue } from '../pass-text';

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
export const USES_CHANGE_MESSAGE = WALLET_CATALOG.t('en', 'change.uses');
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
function whereShort(voucher: PublicVoucher, { word }: PassWords): string | null {
  const partners = voucher.partners;
  if (!partners) return voucher.clinicName.trim() || null;
  const [first] = partners;
  if (!first) return null;
  return partners.length === 1
    ? first.name
    : word('value.where-more', { name: first.name, more: partners.length - 1 });
}

/** The back's "where": each partner with its address, phone and website (the phone links them). */
function placeFields(voucher: PublicVoucher, words: PassWords): PassField[] {
  const { word } = words;
  const where = voucherWhereIn(voucher, words.voucher);
  if (!where) return [];
  if (where.clubWide)
    return [
      { key: 'partners', label: word('label.where'), value: words.voucher.t('voucher.where.clubWide') },
    ];
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
      value: word('value.partners-more', { more }),
    });
  }
  return fields;
}

/** How the voucher is used: at the till always; on the member's own phone unless it is staff-only. */
function howToUse(voucher: PublicVoucher, { word }: PassWords): string {
  const till = word('value.how-till', { code: voucherShortCode(voucher.id) });
  return voucher.redemptionMode === 'staff' ? till : `${till} ${word('value.how-self')}`;
}

/**
 * pass.json's content for a voucher (everything but the pass type and team): the discount as the
 * primary field, where and what as secondary, uses and expiry as auxiliary (each announces its
 * change on the phone), details on the back, and the voucher's own link as the QR code. The words are
 * the voucher page's, as on the printed card, in `words`' language: pass.json is written in English,
 * and the same pass in Spanish gives its `es.lproj/pass.strings` (passStrings).
 */
export function applePassFields(voucher: PublicVoucher, state: PassState, words: PassWords): ApplePassProps {
  const { word } = words;
  const text = passText(voucher, words);
  const where = whereShort(voucher, words);
  const partnerName = voucher.partners?.[0]?.name ?? (voucher.clinicName.trim() || null);

  const discount: PassField = { key: 'discount', label: word('label.offer'), value: text.discountText };
  const service: PassField = { key: 'service', label: word('label.service'), value: text.serviceText };
  const uses: PassField = {
    key: 'uses',
    label: word('label.uses'),
    value: usesValue(voucher.usageCount, voucher.usageLimit, words),
    changeMessage: word('change.uses'),
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
        value: text.validUntilText,
        changeMessage: word('change.valid-until'),
      };

  const secondaryFields: PassField[] = text.trainer
    ? [{ key: 'trainer', label: text.trainer.roleLabel, value: text.trainer.name }, service]
    : [{ key: 'where', label: word('label.use-at'), value: where ?? word('value.any-partner') }, service];

  const lastUse = redeemedTextIn(voucher.lastRedemption, words.voucher, state.timeZone);
  const backFields: PassField[] = [
    // A custom title hides the partner's name from the front; the back keeps it.
    ...(voucher.customTitle?.trim()
      ? [{ key: 'title', label: word('label.voucher'), value: text.title }]
      : []),
    ...placeFields(voucher, words),
    { key: 'how', label: word('label.how'), value: howToUse(voucher, words) },
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
      ? word('description.trainer', {
          discount: text.discountText,
          service: text.serviceText,
          name: text.trainer.name,
        })
      : where
        ? word('description.partner', { discount: text.discountText, service: text.serviceText, where })
        : word('description.anywhere', { discount: text.discountText, service: text.serviceText }),
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
  const words = await passWords();
  const passJson = {
    ...applePassFields(voucher, state, words.en),
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
  // Wallet shows the pass in Spanish on a phone set to Spanish (issue 42).
  pass.localize('es', passStrings(passJson, applePassFields(voucher, state, words.es)));
  // Synchronous (node-forge); a pass is a few small files, signed in milliseconds.
  return pass.getAsBuffer();
}

const SECTIONS = [
  'headerFields',
  'primaryFields',
  'secondaryFields',
  'auxiliaryFields',
  'backFields',
] as const;

/**
 * A pass's `pass.strings` for another language: each English text of pass.json (a label, a value, a
 * change notice, the description) mapped to what the same pass says in that language, where they differ.
 * Both are built by applePassFields from the same voucher, so their fields pair up one for one.
 */
export function passStrings(english: ApplePassProps, other: ApplePassProps): Record<string, string> {
  const strings: Record<string, string> = {};
  const pair = (en: string | undefined, translated: string | undefined) => {
    if (en && translated && en !== translated) strings[en] = translated;
  };
  pair(english.description, other.description);
  const fieldsOf = (props: ApplePassProps) => props.coupon ?? props.generic;
  const [en, translated] = [fieldsOf(english), fieldsOf(other)];
  for (const section of SECTIONS)
    en?.[section].forEach((field, i) => {
      const twin = translated?.[section][i];
      if (twin?.key !== field.key) return;
      pair(field.label, twin.label);
      pair(field.value, twin.value);
      pair(field.changeMessage, twin.changeMessage);
    });
  return strings;
}
