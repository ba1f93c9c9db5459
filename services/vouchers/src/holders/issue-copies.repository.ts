import { column, executeBound, pgArray, SqlEventWriter, type Tx } from '@avpass/platform';
import { Injectable } from '@nestjs/common';
import { assignCopiesSql } from '../assignment';
import { codeRows, insertCodesSql, NEW_CODE_VERSION, type QrCode } from '../codes';
import { assignedTalliesCtes, TalliesRepository } from '../tallies';

/**
 * A chunk of a voucher's member copies (issue 41, decisions 321 and 337) written in the caller's
 * transaction by one statement, keyed on the rows its INSERT made: the codes (every column of the
 * entity from one JSON parameter, `on conflict do nothing`, so a member whose copy a concurrent call
 * made meanwhile gets none twice), their partner assignments and the partners' tallies
 * (assignedTalliesCtes, as a bulk assignment moves them) and every code's `vouchers.voucher.created.v1`
 * event (SqlEventWriter, its shape of payload parsed once, decision 300); then the platform's tallies
 * of the codes made (TalliesRepository.codesCreated). The chunk's one audit entry is the caller's
 * (decision 346: one entry per chunk, naming every code and its member). A code is born with its partners in partner_ids and version 1,
 * what the earlier insert-then-assign wrote (its UPDATE raised the version): a copy reads, answers
 * and publishes as before, without the second write of every row that the update cost.
 */
@Injectable()
export class IssueCopiesRepository {
  constructor(
    private readonly tallies: TalliesRepository,
    private readonly events: SqlEventWriter,
  ) {}

  /** Writes the copies `made`; returns the ids of those written (a member's copy made meanwhile is not). */
  async write(
    tx: Tx,
    made: QrCode[],
    partnerIds: string[],
    actorId: string | null,
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
    // The rows' JSON as a parameter, not formatted into the text (executeBound, decision 346).
    const rowsOut = await executeBound<{ madeIds: string[]; eventPayloads: unknown[] }>(
      tx,
      `with made as (${insertCodesSql(columns)}),
         assigned as (${assignCopiesSql('made')}),
         ${assignedTalliesCtes('assigned')},
         created as (${event.sql})
         select (select coalesce(jsonb_agg(id), '[]'::jsonb) from made) as "madeIds",
                (select coalesce(jsonb_agg(payload), '[]'::jsonb) from created) as "eventPayloads"`,
      [
        pgArray(partnerIds),
        // What insert-then-assign left: the assignment's update raised a new code's version.
        partnerIds.length ? NEW_CODE_VERSION + 1 : NEW_CODE_VERSION,
        JSON.stringify(rows),
        actorId,
        pgArray(partnerIds),
        timeZone,
        ...event.params,
      ],
    );
    const out = rowsOut[0];
    event.written(out?.eventPayloads ?? []);
    const written = new Set(out?.madeIds ?? []);
    await this.tallies.codesCreated(
      tx,
      made.filter((c) => written.has(c.id)),
    );
    return written;
  }
}
