import {
  NOT_OUR_VOUCHER_MESSAGE,
  SEVERAL_MATCHES_MESSAGE,
  UUID_PATTERN,
  type TillMatch,
} from '@avpass/contracts';
import { DomainError } from '@avpass/platform';
import { Injectable } from '@nestjs/common';
import { type QrCode, QrCodesRepository, voucherNotFound } from '../codes';
import { VouchersSettings } from '../settings';
import { notValidHere, type TillPlace } from './till-answers';
import { tillTitle } from './till-title';
import { TillRepository, type PrefixMatch } from './till.repository';

/** The most codes a several-matches answer lists (the staff then types more of the id). */
export const MAX_MATCHES = 10;

const SHORT_CODE = /^[0-9a-f]{8}$/i;
/** The voucher page's path: exactly /voucher/{id}. */
const VOUCHER_PATH = /^\/voucher\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

const notOurs = () => DomainError.validation(NOT_OUR_VOUCHER_MESSAGE, { code: [NOT_OUR_VOUCHER_MESSAGE] });

const hostOf = (url: string | undefined): string | null => {
  if (!url) return null;
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return null;
  }
};

/** What was scanned or typed stands for: the code's id, and the code when it had to be read already. */
export interface Target {
  id: string;
  code: QrCode | null;
}

/** The code behind what a till scanned (a voucher link) or typed (an id, or the 8 characters on cards). */
@Injectable()
export class TillLookup {
  constructor(
    private readonly till: TillRepository,
    private readonly codes: QrCodesRepository,
    private readonly settings: VouchersSettings,
  ) {}

  /**
   * The code behind what was scanned or typed: (a) one of our voucher links: http(s), path exactly
   * /voucher/{id}, on PUBLIC_URL's host, the host the till's request came to, or the code's own
   * stored link; (b) an id; (c) 8 hex characters (dashes and spaces ignored). Anything else: 400
   * "This is not an AV Pass voucher".
   */
  async targetOf(text: string, place: TillPlace, requestOrigin: string | undefined): Promise<Target> {
    const typed = text.trim();
    if (/^[a-z][a-z0-9+.-]*:/i.test(typed)) return this.byLink(typed, requestOrigin);
    if (UUID_PATTERN.test(typed)) return { id: typed.toLowerCase(), code: null };
    const short = typed.replace(/[\s-]+/g, '');
    if (!SHORT_CODE.test(short)) throw notOurs();
    return this.byShortCode(short.toLowerCase(), place);
  }

  /** The code as it is now: 404 when there is none. */
  async codeById(id: string): Promise<QrCode> {
    const code = await this.codes.findCurrent(id);
    if (!code) throw voucherNotFound();
    return code;
  }

  /**
   * 8 characters, answered by cause as a scan would be: no code starts with them, 404; among the codes
   * this partner may honour (the administrator: all), one is that code and several a 409 listing only
   * those. When only codes it may not honour start with them, 403 "not valid at {partner}", as a scan
   * of one says, but without the code's card: typing 8 characters must not show other shops' codes
   * (decision 147).
   */
  private async byShortCode(short: string, place: TillPlace): Promise<Target> {
    const found = await this.till.byPrefix(short, place.partnerId, MAX_MATCHES + 1);
    if (!found.length) throw voucherNotFound();
    const honoured = found.filter((m) => m.honoured);
    if (!honoured.length) throw DomainError.forbidden(notValidHere(place));
    if (honoured.length > 1) {
      const matches: TillMatch[] = honoured.slice(0, MAX_MATCHES).map((m: PrefixMatch) => ({
        id: m.id,
        title: tillTitle(m),
        partnerName: m.clinic_name,
      }));
      throw new DomainError('CONFLICT', SEVERAL_MATCHES_MESSAGE, undefined, undefined, { matches });
    }
    return { id: honoured[0]!.id, code: null };
  }

  private async byLink(text: string, requestOrigin: string | undefined): Promise<Target> {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      throw notOurs();
    }
    const path = VOUCHER_PATH.exec(url.pathname);
    if (!/^https?:$/.test(url.protocol) || !path || url.username || url.password) throw notOurs();
    const host = url.host.toLowerCase();
    const ourHosts = [hostOf(this.settings.config.PUBLIC_URL), hostOf(requestOrigin)];
    const id = path[1]!.toLowerCase();
    // On our host: the id is all it takes (an unknown one is then simply not found).
    if (ourHosts.includes(host)) return { id, code: null };
    // Elsewhere only the code's own stored link (a code made before a change of domain).
    const code = await this.codes.findCurrent(id);
    const stored = `${url.protocol}//${url.host}${url.pathname}`.toLowerCase();
    if (code && stored === code.qrUrl.replace(/\/+$/, '').toLowerCase()) return { id, code };
    throw notOurs();
  }
}
