import { requestLanguage, VOUCHER_CATALOGS, type VoucherMessageId, type Words } from '@avpass/contracts';
import { catalogWords } from '@avpass/platform';

/**
 * The voucher page's words for the gateway's first HTML, in each language (issue 42): the same catalogs
 * as the script's page (libs/contracts/src/i18n/voucher.<language>.json).
 */
const voucherWords = catalogWords<VoucherMessageId>(VOUCHER_CATALOGS);

/**
 * The words a request's page is drawn in: the remembered choice (`avpass_lang` cookie), then the
 * browser's Accept-Language, then English (decision 352).
 */
export async function voucherWordsFor(
  cookie: string | undefined,
  acceptLanguage: string | undefined,
): Promise<Words> {
  return (await voucherWords())[requestLanguage(cookie, acceptLanguage)];
}
