import type { FundedBy, RedemptionMode, VoucherSettings } from '@avpass/contracts';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

interface SettingsRow {
  default_redemption_mode: string;
  default_funded_by: string;
  member_daily_cap: number | null;
}

const toSettings = (row: SettingsRow | undefined): VoucherSettings => ({
  defaultRedemptionMode: row?.default_redemption_mode === 'staff' ? 'staff' : 'self',
  defaultFundedBy: row?.default_funded_by === 'club' ? 'club' : 'partner',
  memberDailyCap: row?.member_daily_cap ?? null,
});

const COLUMNS = 'default_redemption_mode, default_funded_by, member_daily_cap';

/** The one voucher_settings row (migrations 0013, 0027): the club-wide defaults of new codes. */
@Injectable()
export class VoucherSettingsRepository {
  constructor(private readonly em: EntityManager) {}

  /** Every default; `tx`: read inside a transaction. */
  async defaults(tx?: EntityManager): Promise<VoucherSettings> {
    const rows: SettingsRow[] = await (tx ?? this.em.fork()).execute(
      `select ${COLUMNS} from voucher_settings where id`,
    );
    return toSettings(rows[0]);
  }

  /** The default redemption mode of new codes; `tx`: read inside a create's transaction. */
  async defaultRedemptionMode(tx?: EntityManager): Promise<RedemptionMode> {
    return (await this.defaults(tx)).defaultRedemptionMode;
  }

  /** Who pays for the discount of a new code sent without `fundedBy` (issue 39). */
  async defaultFundedBy(tx?: EntityManager): Promise<FundedBy> {
    return (await this.defaults(tx)).defaultFundedBy;
  }

  /**
   * Writes the defaults (the row is made by the migration; an upsert keeps it if someone deleted it);
   * a `defaultFundedBy` or `memberDailyCap` left out (undefined) stays as it is; a null cap is none.
   */
  async update(
    settings: {
      defaultRedemptionMode: RedemptionMode;
      defaultFundedBy?: FundedBy | undefined;
      memberDailyCap?: number | null | undefined;
    },
    userId: string | null,
    tx?: EntityManager,
  ): Promise<VoucherSettings> {
    const capSent = settings.memberDailyCap !== undefined;
    const cap = settings.memberDailyCap ?? null;
    const rows: SettingsRow[] = await (tx ?? this.em.fork()).execute(
      `insert into voucher_settings (id, default_redemption_mode, default_funded_by, member_daily_cap, updated_at, updated_by_user_id)
       values (true, ?, coalesce(?, 'partner'), ?::int, now(), ?::uuid)
       on conflict (id) do update set default_redemption_mode = excluded.default_redemption_mode,
         default_funded_by = coalesce(?, voucher_settings.default_funded_by),
         member_daily_cap = case when ?::boolean then excluded.member_daily_cap else voucher_settings.member_daily_cap end,
         updated_at = excluded.updated_at, updated_by_user_id = excluded.updated_by_user_id
       returning ${COLUMNS}`,
      [
        settings.defaultRedemptionMode,
        settings.defaultFundedBy ?? null,
        cap,
        userId,
        settings.defaultFundedBy ?? null,
        capSent,
      ],
    );
    return toSettings(rows[0]);
  }
}
