import type { PublicVoucher } from '@avpass/contracts';
import { pgArray, type SqlTx } from '@avpass/platform';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

/** Which wallet a pass was issued to. */
export type WalletKind = 'apple' | 'google';

/** What a pass's change is (the last one is kept, for the logs and the closing note's sequence). */
export type PassChange =
  | 'issued'
  | 'redeemed'
  | 'redemption-cancelled'
  | 'partners-changed'
  | 'deleted'
  | 'expired';

/** A row of wallet_passes. */
export interface WalletPassRow {
  qrCodeId: string;
  changeSeq: number;
  /** Whole seconds: the pass's Last-Modified. */
  changedAt: Date;
  changeReason: PassChange;
  voucher: PublicVoucher;
  deletedAt: Date | null;
  appleIssued: boolean;
  googleIssued: boolean;
}

/** What a change touched: the pass's new sequence and which wallets hold it. */
export interface PassChanged {
  changeSeq: number;
  apple: boolean;
  google: boolean;
}

/** One page of a pass's registered devices' push tokens. */
export const PUSH_TOKEN_PAGE = 500;

interface RawPass {
  qr_code_id: string;
  change_seq: string;
  changed_at: Date;
  change_reason: PassChange;
  voucher: PublicVoucher;
  deleted_at: Date | null;
  apple_issued: boolean;
  google_issued: boolean;
}

const PASS_COLUMNS = `qr_code_id, change_seq, changed_at, change_reason, voucher, deleted_at,
  apple_issued_at is not null as apple_issued, google_issued_at is not null as google_issued`;

function toRow(raw: RawPass): WalletPassRow {
  return {
    qrCodeId: raw.qr_code_id,
    changeSeq: Number(raw.change_seq),
    changedAt: new Date(raw.changed_at),
    changeReason: raw.change_reason,
    voucher: raw.voucher,
    deletedAt: raw.deleted_at ? new Date(raw.deleted_at) : null,
    appleIssued: raw.apple_issued,
    googleIssued: raw.google_issued,
  };
}

/** wallet_passes and wallet_registrations. */
@Injectable()
export class WalletPassesRepository {
  constructor(private readonly em: EntityManager) {}

  /** One statement in the caller's transaction when given (an event consumer's batch), else on its own. */
  private run<T>(sql: string, params: unknown[], tx?: SqlTx): Promise<T[]> {
    if (tx) return tx.execute<T>(sql, params);
    return this.em.fork().getConnection().execute(sql, params, 'all');
  }

  /**
   * The pass of a voucher as issued to a wallet now: created on the first issue, its voucher snapshot
   * refreshed on every one (a deleted voucher's pass is then served from it). Its change sequence is
   * not moved: issuing changes nothing on the devices that hold it.
   */
  async issue(voucher: PublicVoucher, wallet: WalletKind): Promise<WalletPassRow> {
    const issuedColumn = wallet === 'apple' ? 'apple_issued_at' : 'google_issued_at';
    const rows = await this.run<RawPass>(
      `insert into wallet_passes as p (qr_code_id, voucher, ${issuedColumn})
       values (?, ?::jsonb, now())
       on conflict (qr_code_id) do update
         set voucher = excluded.voucher, ${issuedColumn} = coalesce(p.${issuedColumn}, now())
       returning ${PASS_COLUMNS}`,
      [voucher.id, JSON.stringify(voucher)],
    );
    return toRow(rows[0]!);
  }

  async find(qrCodeId: string): Promise<WalletPassRow | null> {
    const rows = await this.run<RawPass>(`select ${PASS_COLUMNS} from wallet_passes where qr_code_id = ?`, [
      qrCodeId,
    ]);
    return rows[0] ? toRow(rows[0]) : null;
  }

  /**
   * Records a change of the vouchers behind passes (in the caller's transaction when given): each pass's
   * next sequence number and the time, and for a deleted voucher when it went. Only the vouchers some
   * wallet holds a pass of are in the answer (most codes are in none): one index probe per voucher,
   * in one statement however many vouchers changed.
   */
  async recordChanges(
    qrCodeIds: readonly string[],
    reason: PassChange,
    tx?: SqlTx,
  ): Promise<(PassChanged & { qrCodeId: string })[]> {
    if (!qrCodeIds.length) return [];
    const rows = await this.run<{ qr_code_id: string; change_seq: string; apple: boolean; google: boolean }>(
      `update wallet_passes p
          set change_seq = nextval('wallet_pass_changes'),
              changed_at = greatest(date_trunc('second', now()), p.changed_at + interval '1 second'),
              change_reason = ?,
              deleted_at = case when ? then coalesce(p.deleted_at, now()) else p.deleted_at end
        where qr_code_id = any(?::uuid[])
        returning qr_code_id, change_seq,
          exists (select 1 from wallet_registrations r where r.qr_code_id = p.qr_code_id) as apple,
          google_issued_at is not null as google`,
      [reason, reason === 'deleted', pgArray([...new Set(qrCodeIds)])],
      tx,
    );
    return rows.map((row) => ({
      qrCodeId: row.qr_code_id,
      changeSeq: Number(row.change_seq),
      apple: row.apple,
      google: row.google,
    }));
  }

  /**
   * A device registers for a pass (true when it is new). Its push token replaces the one its other
   * registrations hold: a device has one token at a time.
   */
  async register(device: string, passType: string, qrCodeId: string, pushToken: string): Promise<boolean> {
    const rows = await this.run<{ created: boolean }>(
      `with registered as (
         insert into wallet_registrations (device_library_id, pass_type_id, qr_code_id, push_token)
         values (?, ?, ?, ?)
         on conflict (device_library_id, pass_type_id, qr_code_id) do update set push_token = excluded.push_token
         returning (xmax = 0) as created
       ), others as (
         update wallet_registrations set push_token = ?
          where device_library_id = ? and pass_type_id = ? and push_token <> ?
       )
       select created from registered`,
      [device, passType, qrCodeId, pushToken, pushToken, device, passType, pushToken],
    );
    return rows[0]?.created ?? false;
  }

  async unregister(device: string, passType: string, qrCodeId: string): Promise<boolean> {
    const rows = await this.run<{ qr_code_id: string }>(
      `delete from wallet_registrations
        where device_library_id = ? and pass_type_id = ? and qr_code_id = ?
        returning qr_code_id`,
      [device, passType, qrCodeId],
    );
    return rows.length > 0;
  }

  /**
   * The passes a device holds that changed after `since` (a change sequence), and the greatest
   * sequence among all its passes (the next tag). A device holds a handful of passes.
   */
  async updatedFor(
    device: string,
    passType: string,
    since: number | null,
  ): Promise<{ serialNumbers: string[]; lastUpdated: number }> {
    const rows = await this.run<{ qr_code_id: string; change_seq: string }>(
      `select p.qr_code_id, p.change_seq
         from wallet_registrations r join wallet_passes p on p.qr_code_id = r.qr_code_id
        where r.device_library_id = ? and r.pass_type_id = ?
        order by p.change_seq
        limit 1000`,
      [device, passType],
    );
    const lastUpdated = rows.reduce((max, r) => Math.max(max, Number(r.change_seq)), since ?? 0);
    const serialNumbers = rows
      .filter((r) => since === null || Number(r.change_seq) > since)
      .map((r) => r.qr_code_id);
    return { serialNumbers, lastUpdated };
  }

  /** A page of the push tokens of a pass's devices, after `afterToken` (keyset by token). */
  async pushTokens(qrCodeId: string, afterToken: string | null): Promise<string[]> {
    const rows = await this.run<{ push_token: string }>(
      `select distinct push_token from wallet_registrations
        where qr_code_id = ? and push_token > ?
        order by push_token
        limit ${PUSH_TOKEN_PAGE}`,
      [qrCodeId, afterToken ?? ''],
    );
    return rows.map((r) => r.push_token);
  }

  /** APNs says the token is gone (410) or not a device's: every registration holding it goes. */
  async forgetPushToken(pushToken: string): Promise<number> {
    const rows = await this.run<{ qr_code_id: string }>(
      `delete from wallet_registrations where push_token = ? returning qr_code_id`,
      [pushToken],
    );
    return rows.length;
  }
}
