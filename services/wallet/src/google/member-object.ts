import type { TillHolder } from '@avpass/contracts';
import { TOTP_DIGITS, TOTP_PERIOD_SECONDS, totpPassPattern } from '@avpass/domain';
import { localizedWord, WALLET_CATALOG, type WalletKey } from '../i18n';
import type { GoogleOfferContext, GoogleTextModule } from './offer-object';

/**
 * The member pass (issue 43, decision 370) as a Google Wallet generic pass: one generic class for the
 * club's member passes and one generic object per member, whose rotating barcode Google draws from
 * `valuePattern` and a TOTP secret (RFC 6238, SHA-1, PASS_STEP_SECONDS, TOTP_DIGITS digits). Generic,
 * not loyalty: a loyalty pass is a programme with points or a balance, which the member pass is not;
 * a generic pass needs only a title and a header, and takes a rotating barcode as any pass does.
 *
 * The secret is set by the REST API only (insert, and patch after a revoke); the save link names the
 * object by id and carries nothing of it (Google's advice for rotating barcodes).
 */

/** What the members service says of the member's pass now. */
export interface GoogleMemberPass {
  memberId: string;
  passVersion: number;
  /** The member's TOTP secret for passVersion, Base16 (TotpParameters.key). */
  secretHex: string;
  holder: TillHolder;
}

/** GenericClass: only what every member pass shares (its id). */
export interface GoogleMemberClass {
  id: string;
}

export interface GoogleRotatingBarcode {
  type: 'QR_CODE';
  valuePattern: string;
  totpDetails: {
    periodMillis: string;
    algorithm: 'TOTP_SHA1';
    parameters: Array<{ key: string; valueLength: number }>;
  };
  alternateText: string;
}

/** GenericObject fields we send (REST v1 `genericobject`). */
export interface GoogleMemberObject {
  id: string;
  classId: string;
  state: 'ACTIVE';
  cardTitle: PlainString;
  header: PlainString;
  subheader: ReturnType<typeof localizedWord>;
  hexBackgroundColor: string;
  rotatingBarcode: GoogleRotatingBarcode;
  textModulesData: GoogleTextModule[];
}

/** A LocalizedString with one value whatever the language (a name). */
interface PlainString {
  defaultValue: { language: 'en-US'; value: string };
}
const plain = (value: string): PlainString => ({ defaultValue: { language: 'en-US', value } });

/** The voucher passes' background (apple/pass-images.ts PASS_COLOURS.background), as Google writes it. */
export const MEMBER_PASS_BACKGROUND = '#0b1f3a';

const ISSUER_ID = /^\d+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `<issuer>.avpass-member` and `<issuer>.avpass-member-<member id>`: stable, so a patch finds the object. */
export function googleMemberIds(issuerId: string, memberId: string): { classId: string; objectId: string } {
  if (!ISSUER_ID.test(issuerId)) throw new Error(`Google Wallet issuer id must be digits, not "${issuerId}"`);
  if (!UUID.test(memberId)) throw new Error(`Not a member id: "${memberId}"`);
  return {
    classId: `${issuerId}.avpass-member`,
    objectId: `${issuerId}.avpass-member-${memberId.toLowerCase()}`,
  };
}

export const googleMemberClass = (context: GoogleOfferContext): GoogleMemberClass => ({
  id: `${context.issuerId}.avpass-member`,
});

/** The rotating barcode of a member's current pass version (its secret included: REST API only). */
export function googleMemberBarcode(pass: GoogleMemberPass): GoogleRotatingBarcode {
  return {
    type: 'QR_CODE',
    valuePattern: totpPassPattern(pass.memberId, pass.passVersion),
    totpDetails: {
      periodMillis: String(TOTP_PERIOD_SECONDS * 1000),
      algorithm: 'TOTP_SHA1',
      parameters: [{ key: pass.secretHex, valueLength: TOTP_DIGITS }],
    },
    alternateText: `${pass.holder.firstName} ${pass.holder.lastInitial}`.trim(),
  };
}

/** The member's generic object: the club, the member's name, the rotating code, and how to use it. */
export function googleMemberObject(context: GoogleOfferContext, pass: GoogleMemberPass): GoogleMemberObject {
  const { classId, objectId } = googleMemberIds(context.issuerId, pass.memberId);
  const name = [pass.holder.firstName, pass.holder.lastInitial && `${pass.holder.lastInitial}.`]
    .filter(Boolean)
    .join(' ');
  const module = (id: string, header: WalletKey, body: WalletKey): GoogleTextModule => ({
    id,
    header: WALLET_CATALOG.t('en', header),
    body: WALLET_CATALOG.t('en', body),
    localizedHeader: localizedWord(header),
    localizedBody: localizedWord(body),
  });
  return {
    id: objectId,
    classId,
    state: 'ACTIVE',
    cardTitle: plain(context.issuerName),
    // An erased member's object keeps no name: the header (required) says "Member".
    header: plain(name || WALLET_CATALOG.t('en', 'member.label.member')),
    subheader: localizedWord('member.label.member'),
    hexBackgroundColor: MEMBER_PASS_BACKGROUND,
    rotatingBarcode: googleMemberBarcode(pass),
    textModulesData: [
      module('how', 'member.label.how', 'member.value.how-google'),
      module('lost', 'member.label.lost', 'member.value.lost'),
    ],
  };
}
