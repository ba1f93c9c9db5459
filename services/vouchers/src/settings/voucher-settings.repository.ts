import type { RedemptionMode } from '@avpass/contracts';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

/** The one voucher_settings row (migration 20261204): the club-wide defaults of new codes. */
@Injectable()
export class VoucherSettingsRepository {
  constructor(private readonly em: EntityManager) {}

  /** The default redemption mode of new codes; `tx`: read inside a create's transaction. */
  async defaultRedemptionMode(tx?: EntityManager): Promise<RedemptionMode> {
    const rows: { default_redemption_mode: string }[] = await (tx ?? this.em.fork()).execute(
      'select default_redemption_mode from voucher_settings where id',
    );
    return rows[0]?.default_redemption_mode === 'staff' ? 'staff' : 'self';
  }

  /** Writes the default (the row is made by the migration; an upsert keeps it if someone deleted it). */
  async update(mode: RedemptionMode, userId: string | null, tx?: EntityManager): Promise<RedemptionMode> {
    const rows: { default_redemption_mode: string }[] = await (tx ?? this.em.fork()).execute(
      `insert into voucher_settings (id, default_redemption_mode, updated_at, updated_by_user_id)
       values (true, ?, now(), ?::uuid)
       on conflict (id) do update set default_redemption_mode = excluded.default_redemption_mode,
         updated_at = excluded.updated_at, updated_by_user_id = excluded.updated_by_user_id
       returning default_redemption_mode`,
      [mode, userId],
    );
    return rows[0]?.default_redemption_mode === 'staff' ? 'staff' : 'self';
  }
}
