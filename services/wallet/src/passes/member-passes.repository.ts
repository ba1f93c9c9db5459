import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { WalletKind } from './wallet-passes.repository';

/** A row of wallet_member_passes. */
export interface MemberPassRow {
  memberId: string;
  passVersion: number;
  appleIssued: boolean;
  googleIssued: boolean;
}

interface RawMemberPass {
  member_id: string;
  pass_version: number;
  apple_issued: boolean;
  google_issued: boolean;
}

const COLUMNS = `member_id, pass_version,
  apple_issued_at is not null as apple_issued, google_issued_at is not null as google_issued`;

const toRow = (raw: RawMemberPass): MemberPassRow => ({
  memberId: raw.member_id,
  passVersion: Number(raw.pass_version),
  appleIssued: raw.apple_issued,
  googleIssued: raw.google_issued,
});

/** wallet_member_passes: which members hold their pass in which wallet, at which version. */
@Injectable()
export class MemberPassesRepository {
  constructor(private readonly em: EntityManager) {}

  private run<T>(sql: string, params: unknown[]): Promise<T[]> {
    return this.em.fork().getConnection().execute(sql, params, 'all');
  }

  /** The member's pass as issued to a wallet now, at this version (a later version is never lowered). */
  async issueForMember(memberId: string, passVersion: number, wallet: WalletKind): Promise<MemberPassRow> {
    const issued = wallet === 'apple' ? 'apple_issued_at' : 'google_issued_at';
    const rows = await this.run<RawMemberPass>(
      `insert into wallet_member_passes as p (member_id, pass_version, ${issued})
       values (?, ?, now())
       on conflict (member_id) do update
         set pass_version = greatest(p.pass_version, excluded.pass_version),
             ${issued} = coalesce(p.${issued}, now()),
             changed_at = now()
       returning ${COLUMNS}`,
      [memberId, passVersion],
    );
    return toRow(rows[0]!);
  }

  async find(memberId: string): Promise<MemberPassRow | null> {
    const rows = await this.run<RawMemberPass>(
      `select ${COLUMNS} from wallet_member_passes where member_id = ?`,
      [memberId],
    );
    return rows[0] ? toRow(rows[0]) : null;
  }

  /** The wallets' copy moved to `passVersion` (a patch done); an older version never replaces a newer. */
  async moved(memberId: string, passVersion: number): Promise<void> {
    await this.run(
      `update wallet_member_passes set pass_version = ?, changed_at = now()
        where member_id = ? and pass_version < ?`,
      [passVersion, memberId, passVersion],
    );
  }
}
