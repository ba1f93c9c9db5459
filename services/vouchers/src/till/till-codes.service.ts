import type { Actor, TillCodesRequest, TillCodesResponse, TillCopyCode } from '@avpass/contracts';
import { businessDayOf, isDiscountType, isUnlimited, memberPeriodStart } from '@avpass/domain';
import { DomainError } from '@avpass/platform';
import { Injectable } from '@nestjs/common';
import { NO_COMPANY_MESSAGE } from '../codes';
import { MemberDaysRepository, MemberUsesRepository, splitTillName, type LimitedCode } from '../holders';
import { VouchersSettings } from '../settings';
import { TillCodesRepository, type TillCopyRow } from './till-codes.repository';
import { tillTitle } from './till-title';

/** Rows a page holds unless the till asks for fewer (TILL_COPY_MAX_LIMIT at most). */
export const TILL_COPY_DEFAULT_LIMIT = 1000;
/** The administrator's till may honour every code: its copy would be the whole club's (decision 150). */
export const TILL_COPY_PARTNERS_ONLY_MESSAGE =
  "The offline copy is a partner's till's: sign in as partner staff";
const CURSOR_MESSAGE = 'cursor is not valid; start again from the first page';
const SINCE_MESSAGE = 'since is not of this database: read the whole copy again';
/** An answer stays well under a NATS message (~1 MB) whatever the titles' length (as withinAnswerBudget). */
const ANSWER_BUDGET_BYTES = 512 * 1024;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const XID = /^\d{1,20}$/;

/** Where a run goes on: after an id (the whole copy) or after a change (a delta). */
type CopyCursor = { kind: 'copy'; id: string } | { kind: 'delta'; xid: string; id: string };

const encode = (key: CopyCursor): string =>
  Buffer.from(JSON.stringify(key.kind === 'copy' ? [key.id] : [key.xid, key.id])).toString('base64url');

function decode(cursor: string, delta: boolean): CopyCursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = null;
  }
  const key = Array.isArray(parsed) ? (parsed as unknown[]) : [];
  if (!delta && key.length === 1 && typeof key[0] === 'string' && UUID.test(key[0]))
    return { kind: 'copy', id: key[0] };
  if (
    delta &&
    key.length === 2 &&
    typeof key[0] === 'string' &&
    XID.test(key[0]) &&
    typeof key[1] === 'string' &&
    UUID.test(key[1])
  )
    return { kind: 'delta', xid: key[0], id: key[1] };
  throw DomainError.validation(CURSOR_MESSAGE, { cursor: [CURSOR_MESSAGE] });
}

function toCopyCode(row: TillCopyRow): TillCopyCode {
  return {
    id: row.id,
    prefix: row.id.slice(0, 8),
    title: tillTitle(row),
    discountType: isDiscountType(row.discount_type) ? row.discount_type : 'free-service',
    discountValue: Number(row.discount_value),
    usesLeft: isUnlimited(row.usage_limit) ? null : Math.max(row.usage_limit - row.usage_count, 0),
    startDate: row.start_date,
    expirationDate: row.expiration_date,
    active: row.is_active,
  };
}

function limitedCodeOf(row: TillCopyRow): LimitedCode {
  const period = row.per_member_period;
  return {
    holderMemberId: row.holder_member_id,
    holderSource: row.holder_source,
    perMemberCount: row.per_member_count,
    perMemberPeriod:
      period === 'day' || period === 'week' || period === 'month' || period === 'ever' ? period : null,
  };
}

/** How many of `rows` fit one answer (at least one): their JSON's bytes, counted exactly. */
function withinBudget<T>(rows: readonly T[]): number {
  let bytes = 0;
  for (let i = 0; i < rows.length; i++) {
    bytes += Buffer.byteLength(JSON.stringify(rows[i]));
    if (bytes > ANSWER_BUDGET_BYTES && i > 0) return i;
  }
  return rows.length;
}

/**
 * The till's offline copy (issue 37), as pretixSCAN keeps one: the codes a partner's till may honour,
 * whole (by id) or what changed since the till's last copy (by change), a page at a time.
 */
@Injectable()
export class TillCodesService {
  constructor(
    private readonly repository: TillCodesRepository,
    private readonly settings: VouchersSettings,
    private readonly memberUses: MemberUsesRepository,
    private readonly memberDays: MemberDaysRepository,
  ) {}

  async codes(actor: Actor, input: TillCodesRequest): Promise<TillCodesResponse> {
    if (actor.role === 'super_admin') throw DomainError.forbidden(TILL_COPY_PARTNERS_ONLY_MESSAGE);
    if (!actor.companyId) throw DomainError.forbidden(NO_COMPANY_MESSAGE);
    const partnerId = actor.companyId.toLowerCase();
    const limit = input.limit ?? TILL_COPY_DEFAULT_LIMIT;
    const delta = input.since !== undefined;
    const cursor = input.cursor ? decode(input.cursor, delta) : null;
    const timeZone = this.settings.timeZone;

    if (input.since === undefined) {
      const page = await this.repository.copyPage(partnerId, cursor?.id ?? null, limit);
      const { items, memberDailyCap } = await this.withHolders(page.rows);
      const kept = withinBudget(items);
      const last = items[kept - 1];
      const more = kept < items.length || page.rows.length === limit;
      return {
        items: items.slice(0, kept),
        removed: [],
        nextCursor: more && last ? encode({ kind: 'copy', id: last.id }) : null,
        since: page.since,
        timeZone,
        memberDailyCap,
      };
    }

    const after = cursor?.kind === 'delta' ? { xid: cursor.xid, id: cursor.id } : null;
    // A run's first page: a cursor of another database (a restore) would never see a change.
    if (!after && (await this.repository.isFromAnotherTimeline(input.since)))
      throw DomainError.validation(SINCE_MESSAGE, { since: [SINCE_MESSAGE] });
    const page = await this.repository.changesPage(partnerId, input.since, after, limit);
    const kept = withinBudget(page.rows);
    const rows = page.rows.slice(0, kept);
    const last = rows[rows.length - 1];
    const more = kept < page.rows.length || page.rows.length === limit;
    const { items, memberDailyCap } = await this.withHolders(
      rows.filter((row) => row.honoured) as TillCopyRow[],
    );
    return {
      items,
      removed: rows.filter((row) => !row.honoured).map((row) => row.code_id),
      nextCursor: more && last ? encode({ kind: 'delta', xid: last.changed_xid, id: last.code_id }) : null,
      since: page.since,
      timeZone,
      memberDailyCap,
    };
  }

  /**
   * The page's codes as the copy holds them, a held one with its holder's till name and, when limited
   * per member, the holder's uses in the current period and when it began (decision 338): what the
   * offline check needs to refuse over the limit as the till does. And the holder's id and their uses
   * of held codes today, with the club's daily cap (issue 43). One query for the page's counters, one
   * for its members' days and the cap.
   */
  private async withHolders(
    rows: readonly TillCopyRow[],
  ): Promise<{ items: TillCopyCode[]; memberDailyCap: number | null }> {
    const day = businessDayOf(this.settings.now(), this.settings.timeZone);
    const uses = await this.memberUses.usesOf(rows.map(limitedCodeOf), day);
    const members = [...new Set(rows.flatMap((row) => (row.holder_member_id ? [row.holder_member_id] : [])))];
    const days = await this.memberDays.usesOfMany(members, day);
    const items = rows.map((row, i) => {
      const code = toCopyCode(row);
      if (row.holder_member_id && row.holder_name) code.holder = splitTillName(row.holder_name);
      const counted = uses[i];
      if (counted) code.memberUses = { ...counted, periodStart: memberPeriodStart(counted.period, day) };
      if (row.holder_member_id) {
        code.memberId = row.holder_member_id;
        const used = days.used.get(row.holder_member_id);
        if (used) code.memberDay = { day, used };
      }
      return code;
    });
    return { items, memberDailyCap: days.cap };
  }
}
