import { type RpcMeta } from '@avpass/contracts';
import { AuditTrail, column, diffChanges, pgArray, SqlEventWriter, type Tx } from '@avpass/platform';
import { Injectable } from '@nestjs/common';
import { AssignmentsRepository } from '../assignment';
import { codeAuditFields, type QrCode, QrCodesRepository } from '../codes';
import { TalliesRepository } from '../tallies';

/**
 * A chunk of a voucher's member copies (issue 41, decision 321) written set-based in the caller's
 * transaction: the codes in one multi-row insert, their partner assignments, partner_ids and partners'
 * tallies in one statement (AssignmentsRepository.bulkAssign over the new ids), the platform's tallies in
 * three (TalliesRepository.codesCreated), and every code's `vouchers.voucher.created.v1` event and audit
 * entry (with its event) in one statement (SqlEventWriter and AuditTrail's SQL form: each shape of payload
 * parsed once, decision 300). A few statements per chunk of up to 1,000 copies, where one code at a time
 * took six or more each; what is written is what the one-code path wrote.
 */
@Injectable()
export class IssueCopiesRepository {
  constructor(
    private readonly codes: QrCodesRepository,
    private readonly assignments: AssignmentsRepository,
    private readonly tallies: TalliesRepository,
    private readonly events: SqlEventWriter,
    private readonly audit: AuditTrail,
  ) {}

  async write(
    tx: Tx,
    source: QrCode,
    made: QrCode[],
    partnerIds: string[],
    meta: RpcMeta,
    timeZone: string,
  ): Promise<void> {
    if (!made.length) return;
    const ids = made.map((c) => c.id);
    await this.codes.insertMany(tx, made);
    await this.tallies.codesCreated(tx, made);
    // New codes: no redemption to move, so bulkAssign's tallies are the one-code path's (code counts).
    if (partnerIds.length)
      await this.assignments.bulkAssign(
        tx,
        { qrCodeIds: ids },
        partnerIds,
        meta.actor?.userId ?? null,
        timeZone,
      );
    const event = this.events.writeEventsFrom('vouchers.voucher.created.v1', 'made', {
      qrCodeId: column('made.id'),
      expirationDate: column("to_char(made.expiration_date, 'YYYY-MM-DD')"),
      usageCount: column('made.usage_count'),
      usageLimit: column('made.usage_limit'),
      isActive: column('made.is_active'),
      version: column('made.version'),
      partnerIds,
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
    const rows: { eventPayloads: unknown[]; auditPayloads: unknown[] }[] = await tx.execute(
      `with made as (
         select q.* from unnest(?::uuid[]) with ordinality as m(id, n) join qr_codes q on q.id = m.id order by m.n),
       created as (${event.sql}),
       entries as (
         select * from json_to_recordset(?::json) as e(id uuid, company_id uuid, changes jsonb)),
       ${audit.ctes}
       select (select coalesce(jsonb_agg(payload), '[]'::jsonb) from created) as "eventPayloads",
              ${audit.payloads} as "auditPayloads"`,
      [pgArray(ids), ...event.params, JSON.stringify(changes), ...audit.params],
    );
    event.written(rows[0]?.eventPayloads ?? []);
    audit.written(rows[0]?.auditPayloads ?? []);
  }
}
