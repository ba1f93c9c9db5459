import {
  IMPORT_REFUSALS,
  MEMBER_IMPORTS_DIR,
  type ImportMembersResponse,
  type RpcMeta,
} from '@avpass/contracts';
import { messageCode } from '@avpass/contracts/message-codes';
import { AuditTrail, DomainError, Transactions } from '@avpass/platform';
import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MEMBERS_CONFIG, type MembersConfig } from '../config';
import {
  MembersRepository,
  MemberWritesRepository,
  toMember,
  type ConsentChange,
  type MemberFields,
  type MemberRow,
  type NewMember,
} from '../members';
import { checkRow, type CheckedRow } from './import-rows';
import { parseMembersCsv } from './members-csv';

/** Past this many new rows, ANALYZE members after the commit (the planner learns of them). */
const ANALYZE_AFTER_ROWS = 1000;

type Refusal = ImportMembersResponse['refused'][number];

/** A refused row: its reason in English, with its code and values for the screens' languages (issue 42). */
const refusal = (row: number, reason: string): Refusal => ({ row, reason, ...(messageCode(reason) ?? {}) });
interface Update {
  id: string;
  fields: MemberFields;
  consents: ConsentChange[];
}

/**
 * A CSV import (issue 41): each row checked, refused rows reported with their row number and reason,
 * the rest written in one transaction with a few statements (1,000 rows each), idempotent by e-mail
 * or phone — importing the same file again changes nothing — and one audit entry with the counts.
 */
@Injectable()
export class ImportService {
  constructor(
    private readonly transactions: Transactions,
    private readonly members: MembersRepository,
    private readonly writes: MemberWritesRepository,
    private readonly audit: AuditTrail,
    @Inject(MEMBERS_CONFIG) private readonly config: MembersConfig,
  ) {}

  async import(fileId: string, meta: RpcMeta): Promise<ImportMembersResponse> {
    const file = await readFile(join(this.config.DATA_DIR, MEMBER_IMPORTS_DIR, `${fileId}.csv`)).catch(() => {
      const message = 'The uploaded file is gone: upload it again';
      throw DomainError.validation(message, { file: [message] });
    });
    const csv = parseMembersCsv(file, this.config.MEMBERS_IMPORT_MAX_ROWS);
    const refused: Refusal[] = [];
    const checked: CheckedRow[] = [];
    const firstRowOf = new Map<string, number>();
    for (const input of csv.rows) {
      const row = checkRow(input, csv.columns.length, this.config.MEMBERS_DEFAULT_PHONE_REGION);
      if ('reason' in row) {
        refused.push(refusal(input.row, row.reason));
        continue;
      }
      const keys = [row.email && `e:${row.email}`, row.phone && `p:${row.phone}`].filter(Boolean) as string[];
      const earlier = keys.map((k) => firstRowOf.get(k)).find((r) => r !== undefined);
      if (earlier !== undefined) {
        refused.push(refusal(row.row, IMPORT_REFUSALS.repeats(earlier)));
        continue;
      }
      for (const key of keys) firstRowOf.set(key, row.row);
      checked.push(row);
    }
    const result = await this.transactions.run(async (tx) => {
      await this.writes.lockImports(tx);
      const existing = await this.members.findByKeys(
        tx,
        checked.flatMap((r) => (r.email ? [r.email] : [])),
        checked.flatMap((r) => (r.phone ? [r.phone] : [])),
      );
      const { creates, updates, unchanged } = plan(checked, existing, refused);
      const created = await this.writes.insertMany(tx, creates);
      const updated = await this.writes.updateMany(tx, updates);
      if (created === 'conflict' || updated === 'conflict') {
        throw DomainError.conflict(
          'A member with an e-mail or phone of this file was added meanwhile: import again',
        );
      }
      refused.sort((a, b) => a.row - b.row);
      const counts = { created: creates.length, updated: updates.length, unchanged, refused: refused.length };
      this.audit.appendEntry(tx, meta, {
        action: 'members.import.completed',
        targetType: 'member-import',
        targetId: fileId,
        changes: Object.fromEntries(
          Object.entries({ rows: csv.rows.length, ...counts }).map(([k, v]) => [
            k,
            { before: null, after: v },
          ]),
        ),
      });
      return { created: creates.length, updated: updates.length, unchanged, refused };
    });
    if (result.created >= ANALYZE_AFTER_ROWS) await this.writes.analyze();
    return result;
  }
}

/**
 * What each checked row does: a new member, a change of the one its e-mail or phone names, or nothing
 * (it says what the member already holds). A row naming two members, or a member another row already
 * changed, is refused.
 */
function plan(rows: CheckedRow[], existing: MemberRow[], refused: Refusal[]) {
  const byEmail = new Map(existing.filter((m) => m.email).map((m) => [m.email as string, m]));
  const byPhone = new Map(existing.filter((m) => m.phone).map((m) => [m.phone as string, m]));
  const rowOfMember = new Map<string, number>();
  const creates: NewMember[] = [];
  const updates: Update[] = [];
  let unchanged = 0;
  for (const row of rows) {
    const viaEmail = row.email ? byEmail.get(row.email) : undefined;
    const viaPhone = row.phone ? byPhone.get(row.phone) : undefined;
    if (viaEmail && viaPhone && viaEmail.id !== viaPhone.id) {
      refused.push(refusal(row.row, IMPORT_REFUSALS.twoMembers));
      continue;
    }
    const match = viaEmail ?? viaPhone;
    const consents: ConsentChange[] = Object.entries(row.consent).map(([channel, given]) => ({
      channel: channel as ConsentChange['channel'],
      given: given as boolean,
      source: 'import',
    }));
    if (!match) {
      creates.push({
        id: randomUUID(),
        firstName: row.firstName,
        lastName: row.lastName,
        email: row.email,
        phone: row.phone,
        language: row.language ?? 'en',
        birthDate: row.birthDate ?? null,
        tags: row.tags,
        consents: consents.filter((c) => c.given),
      });
      continue;
    }
    const earlier = rowOfMember.get(match.id);
    if (earlier !== undefined) {
      refused.push(refusal(row.row, IMPORT_REFUSALS.sameMember(earlier)));
      continue;
    }
    rowOfMember.set(match.id, row.row);
    const member = toMember(match);
    const fields: MemberFields = {
      firstName: row.firstName,
      lastName: row.lastName || member.lastName,
      email: row.email ?? member.email,
      phone: row.phone ?? member.phone,
      language: row.language ?? member.language,
      birthDate: row.birthDate ?? member.birthDate,
      tags: [...new Set([...member.tags, ...row.tags])].sort(),
    };
    const changedConsents = consents.filter((c) => member.consent[c.channel].given !== c.given);
    const same = (Object.keys(fields) as (keyof MemberFields)[]).every(
      (k) => JSON.stringify(fields[k]) === JSON.stringify(member[k]),
    );
    if (same && !changedConsents.length) unchanged += 1;
    else updates.push({ id: member.id, fields, consents: changedConsents });
  }
  return { creates, updates, unchanged };
}
