import { type RpcMeta } from '@avpass/contracts';
import { AuditTrail, column, diffChanges, pgArray, SqlEventWriter, type Tx } from '@avpass/platform';
import { Injectable } from '@nestjs/common';
import { assignCopiesSql } from '../assignment';
import { codeAuditFields, codeRows, insertCodesSql, NEW_CODE_VERSION, type QrCode } from '../codes';
import { assignedTalliesCtes, TalliesRepository } from '../tallies';

/**
 * A chunk of a voucher's member copies (issue 41, decisions 321 and 337) written in the caller's
 * transaction by one statement, keyed on the rows its INSERT made: the codes (every column of the
 * entity from one JSON parameter, `on conflict do nothing`, so a member whose copy a concurrent call
 * made meanwhile gets none twice), their partner assignments and the partners' tallies
 * (assignedTalliesCtes, as a bulk assignment moves them), every code's `vouchers.voucher.created.v1`
 * event and its audit entry with that entry's event (SqlEventWriter and AuditTrail's SQL form, each
 * shape of payload parsed once, decision 300); then the platform's tallies of the codes made
 * (TalliesRepository.codesCreated). A code is born with its partners in partner_ids and version 1,
 * what the earlier insert-then-assign wrote (its UPDATE raised the version): a copy reads, answers
 * and publishes as before, without the second write of every row that the update cost.
 */
@Injectable()
export class IssueCopiesRepository {
  constructor(
    private readonly tallies: TalliesRepository,
    private readonly events: SqlEventWriter,
    private readonly audit: AuditTrail,
  ) {}

  /** Writes the copies `made`; returns the ids of those written (a member's copy made meanwhile is not). */
  async write(
    tx: Tx,
    source: QrCode,
    made: QrCode[],
    partnerIds: string[],
    meta: RpcMeta,
    timeZone: string,
  ): Promise<Set<string>> {
    if (!made.length) return new Set();
    const { columns, rows } = codeRows(tx, made);
    const event = this.events.writeEventsFrom('vouchers.voucher.created.v1', 'made', {
      qrCodeId: column('made.id'),
      expirationDate: column("to_char(made.expiration_date, 'YYYY-MM-DD')"),
      usageCount: column('made.usage_count'),
      usageLimit: column('made.usage_limit'),
      isActive: column('made.is_active'),
      version: column('made.version'),
      partnerIds,
      // Its owner too: the gateway then knows every company that sees the copy without asking.
      vendorId: column('made.vendor_id'),
    });
    // The member's id only: no name enters the audit trail (decision 310).
    const changes = made.map((code) => ({
      id: code.id,
      company_id: code.vendorId,
      changes: diffChanges(null, {
        ...codeAuditFields(code),
        holderMemberId: code.holderMemberId,
        copiedFrom: source.id,
      }),
    }));
    const audit = this.audit.appendEntriesFrom(meta, 'entries', {
      action: 'vouchers.voucher.created',
      targetType: 'voucher',
      targetId: column('entries.id'),
      companyId: column('entries.company_id'),
      changes: column('entries.changes'),
    });
    const rowsOut: { madeIds: string[]; eventPayloads: unknown[]; auditPayloads: unknown[] }[] =
      await tx.execute(
        `with made as (${insertCodesSql(columns)}),
         assigned as (${assignCopiesSql('made')}),
         ${assignedTalliesCtes('assigned')},
         created as (${event.sql}),
         entries as (
           select e.* from json_to_recordset(?::json) as e(id uuid, company_id uuid, changes jsonb)
            where e.id in (select id from made)),
         ${audit.ctes}
         select (select coalesce(jsonb_agg(id), '[]'::jsonb) from made) as "madeIds",
                (select coalesce(jsonb_agg(payload), '[]'::jsonb) from created) as "eventPayloads",
                ${audit.payloads} as "auditPayloads"`,
        [
          pgArray(partnerIds),
          // What insert-then-assign left: the assignment's update raised a new code's version.
          partnerIds.length ? NEW_CODE_VERSION + 1 : NEW_CODE_VERSION,
          JSON.stringify(rows),
          meta.actor?.userId ?? null,
          pgArray(partnerIds),
          timeZone,
          ...event.params,
          JSON.stringify(changes),
          ...audit.params,
        ],
      );
    const out = rowsOut[0];
    event.written(out?.eventPayloads ?? []);
    audit.written(out?.auditPayloads ?? []);
    const written = new Set(out?.madeIds ?? []);
    await this.tallies.codesCreated(
      tx,
      made.filter((c) => written.has(c.id)),
    );
    return written;
  }
}
