import type { Language, PublicVoucher } from '@avpass/contracts';
import { isUsedUp } from '@avpass/domain';
import { localizedString, localizedWord, passText, WALLET_CATALOG, type PassWords } from '../i18n';
import { usesValue } from '../pass-text';

/**
 * A voucher as a Google Wallet offer: one offer class and one offer object per voucher (the class holds
 * what the voucher says, the object its state, uses and QR). Pure mapping, no network: the same JSON
 * goes into the "Save to Google Wallet" JWT and into the REST API's PATCH. Field names are those of the
 * Wallet REST API v1 (`offerclass`, `offerobject` resources).
 */

/** What the mapping needs of the configuration: the issuer account's id and the name shown on passes. */
export interface GoogleOfferContext {
  issuerId: string;
  issuerName: string;
}

/**
 * What the voucher's state is, as the caller decided it: `expiresAt` the instant its validity ends
 * (null: never), `voided` when it is used up, deleted or deactivated.
 */
export interface GoogleVoucherState {
  expiresAt: Date | null;
  voided: boolean;
}

/** The OfferObject states Google shows: ACTIVE, or greyed out as completed, expired or inactive. */
export type GoogleOfferState = 'ACTIVE' | 'COMPLETED' | 'EXPIRED' | 'INACTIVE';

/**
 * A text module: a header and a body under the pass's front; a header that is one of the pass's own
 * words also comes as a LocalizedString (English and Spanish, issue 42).
 */
export interface GoogleTextModule {
  id: string;
  header: string;
  body: string;
  localizedHeader?: ReturnType<typeof localizedWord>;
  /** The body in both languages, when the Spanish differs (a discount, the uses). */
  localizedBody?: ReturnType<typeof localizedString>;
}

/** A pass's words in each language it speaks (passWords). */
type BothWords = Readonly<Record<Language, PassWords>>;

type WalletKey = Parameters<typeof WALLET_CATALOG.t>[1];

/** A module whose header is one of the catalog's words; its body in English, and in Spanish when it differs. */
const textModule = (id: string, key: WalletKey, body: string, spanish = body): GoogleTextModule => ({
  id,
  header: WALLET_CATALOG.t('en', key),
  body,
  localizedHeader: localizedWord(key),
  ...(spanish !== body ? { localizedBody: localizedString(body, spanish) } : {}),
});

/** The OfferClass fields we send (REST v1 `offerclass`). */
export interface GoogleOfferClass {
  id: string;
  issuerName: string;
  title: string;
  provider: string;
  redemptionChannel: 'INSTORE';
  reviewStatus: 'UNDER_REVIEW';
  details: string;
  localizedDetails?: ReturnType<typeof localizedString>;
  finePrint?: string;
  titleImage?: { sourceUri: { uri: string } };
}

/** The OfferObject fields we send (REST v1 `offerobject`). */
export interface GoogleOfferObject {
  id: string;
  classId: string;
  state: GoogleOfferState;
  barcode: { type: 'QR_CODE'; value: string; alternateText: string };
  validTimeInterval?: { end: { date: string } };
  textModulesData: GoogleTextModule[];
  linksModuleData?: { uris: Array<{ id: string; uri: string; description: string }> };
}

/** Google resource ids are `<issuerId>.<suffix>`, the suffix of letters, digits, '.', '_' or '-'. */
const ISSUER_ID = /^\d+$/;
const ID_SUFFIX = /^[A-Za-z0-9._-]+$/;

/**
 * The voucher's class and object ids at Google: stable, so a later PATCH finds the object the member
 * saved. `avpass-offer-<id>` / `avpass-voucher-<id>`.
 */
export function googleOfferIds(issuerId: string, qrCodeId: string): { classId: string; objectId: string } {
  if (!ISSUER_ID.test(issuerId)) throw new Error(`Google Wallet issuer id must be digits, not "${issuerId}"`);
  if (!ID_SUFFIX.test(qrCodeId)) throw new Error(`Not a usable Google Wallet id suffix: "${qrCodeId}"`);
  return {
    classId: `${issuerId}.avpass-offer-${qrCodeId}`,
    objectId: `${issuerId}.avpass-voucher-${qrCodeId}`,
  };
}

/**
 * The object's state: used up → COMPLETED; otherwise voided (deleted, deactivated) → INACTIVE; past
 * its end → EXPIRED; else ACTIVE.
 */
export function googleOfferState(
  voucher: Pick<PublicVoucher, 'usageCount' | 'usageLimit'>,
  state: GoogleVoucherState,
  now: Date = new Date(),
): GoogleOfferState {
  if (isUsedUp(voucher.usageCount, voucher.usageLimit)) return 'COMPLETED';
  if (state.voided) return 'INACTIVE';
  if (state.expiresAt && state.expiresAt.getTime() <= now.getTime()) return 'EXPIRED';
  return 'ACTIVE';
}

/** Where the voucher may be used: its partners, else the name on the code (a club-wide code). */
function partnerNames(voucher: PublicVoucher): string[] {
  const names = (voucher.partners ?? []).map((partner) => partner.name.trim()).filter(Boolean);
  return names.length ? names : [voucher.clinicName.trim()].filter(Boolean);
}

/** Only absolute https links: Google fetches images and opens links from the member's phone. */
function httpsUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    return new URL(value).protocol === 'https:' ? value : null;
  } catch {
    return null;
  }
}

/** The offer class: the voucher's title, partner, discount and service, and its terms as fine print. */
export function googleOfferClass(
  context: GoogleOfferContext,
  voucher: PublicVoucher,
  words: BothWords,
): GoogleOfferClass {
  const text = passText(voucher, words.en);
  const es = passText(voucher, words.es);
  const details = `${text.discountText} · ${text.serviceText}`;
  const detailsEs = `${es.discountText} · ${es.serviceText}`;
  const logo = httpsUrl(voucher.logoUrl);
  return {
    id: googleOfferIds(context.issuerId, voucher.id).classId,
    issuerName: context.issuerName,
    title: text.title,
    provider: partnerNames(voucher).join(', '),
    redemptionChannel: 'INSTORE',
    reviewStatus: 'UNDER_REVIEW',
    details,
    ...(detailsEs !== details ? { localizedDetails: localizedString(details, detailsEs) } : {}),
    ...(text.terms ? { finePrint: text.terms } : {}),
    ...(logo ? { titleImage: { sourceUri: { uri: logo } } } : {}),
  };
}

/**
 * The offer object: its state, the voucher's QR (the same link the printed code opens), its end, and
 * text modules for the discount, service, uses, validity and where to go.
 */
export function googleOfferObject(
  context: GoogleOfferContext,
  voucher: PublicVoucher,
  state: GoogleVoucherState,
  words: BothWords,
  now: Date = new Date(),
): GoogleOfferObject {
  const text = passText(voucher, words.en);
  const es = passText(voucher, words.es);
  const { classId, objectId } = googleOfferIds(context.issuerId, voucher.id);
  const where = (voucher.partners ?? []).length
    ? (voucher.partners ?? []).map((partner) => [partner.name, partner.address].filter(Boolean).join(' — '))
    : partnerNames(voucher);
  const modules: GoogleTextModule[] = [
    textModule('discount', 'label.discount', text.discountText, es.discountText),
    textModule('service', 'label.service', text.serviceText, es.serviceText),
    textModule(
      'uses',
      'label.uses',
      usesValue(voucher.usageCount, voucher.usageLimit, words.en),
      usesValue(voucher.usageCount, voucher.usageLimit, words.es),
    ),
    textModule('valid-until', 'label.valid-until', text.validUntilText, es.validUntilText),
  ];
  if (where.length) modules.push(textModule('where', 'label.where', where.join('\n')));
  if (text.trainer)
    modules.push({
      id: 'trainer',
      header: text.trainer.roleLabel,
      body: text.trainer.name,
      localizedHeader: localizedString(
        text.trainer.roleLabel,
        es.trainer?.roleLabel ?? text.trainer.roleLabel,
      ),
    });
  if (text.instructions) modules.push(textModule('instructions', 'label.instructions', text.instructions));
  const links = [
    { id: 'voucher', uri: httpsUrl(voucher.qrUrl), description: text.title },
    ...(voucher.partners ?? []).map((partner) => ({
      id: `partner-${partner.id}`,
      uri: httpsUrl(partner.website),
      description: partner.name,
    })),
  ].filter((link): link is { id: string; uri: string; description: string } => link.uri !== null);
  return {
    id: objectId,
    classId,
    state: googleOfferState(voucher, state, now),
    barcode: { type: 'QR_CODE', value: voucher.qrUrl, alternateText: text.title },
    ...(state.expiresAt ? { validTimeInterval: { end: { date: state.expiresAt.toISOString() } } } : {}),
    textModulesData: modules,
    ...(links.length ? { linksModuleData: { uris: links } } : {}),
  };
}
