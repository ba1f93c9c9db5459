import type { MemberPassStaticCode, MemberPassTotpSecret, TillHolder } from '@avpass/contracts';
import { encodePass, memberTotpSecret, passSigningBytes, toHex, type PassClaims } from '@avpass/domain';
import { DomainError } from '@avpass/platform';
import { Inject, Injectable } from '@nestjs/common';
import { MEMBERS_CONFIG, type MembersConfig } from '../config';
import { MemberPassWalletRepository, type PassHolderRow } from './member-pass-wallet.repository';
import { passKeyIdAt, passSigningKey, signWith } from './pass-signing-key';

const holderOf = (row: PassHolderRow): TillHolder => ({
  firstName: row.firstName,
  lastInitial: row.lastName.trim().charAt(0).toUpperCase(),
});

/**
 * What the wallet service builds a member's passes from (issue 43): Apple Wallet's static code, signed
 * here, and Google Wallet's TOTP secret, derived here. MEMBER_PASS_SECRET never leaves this service;
 * the TOTP secret of one member and pass version does, to the wallet service, which sets it on the
 * member's Google Wallet object.
 */
@Injectable()
export class MemberPassWalletService {
  constructor(
    @Inject(MEMBERS_CONFIG) private readonly config: MembersConfig,
    private readonly members: MemberPassWalletRepository,
  ) {}

  private async holder(memberId: string): Promise<PassHolderRow> {
    const row = await this.members.holder(memberId);
    if (!row) throw DomainError.notFound('Member');
    return row;
  }

  /** A `kind: 'static'` code of the member's current pass version, signed by the current key. */
  async staticCode(memberId: string): Promise<MemberPassStaticCode> {
    const row = await this.holder(memberId);
    const keyId = passKeyIdAt(Date.now());
    const claims: PassClaims = {
      kind: 'static',
      keyId,
      memberId,
      passVersion: row.passVersion,
      step: 0,
    };
    const signature = signWith(
      passSigningKey(this.config.MEMBER_PASS_SECRET, keyId),
      passSigningBytes(claims),
    );
    return { code: encodePass(claims, signature), passVersion: row.passVersion, holder: holderOf(row) };
  }

  /** The member's TOTP secret for the current pass version (Base16, as Google takes it). */
  async totpSecret(memberId: string): Promise<MemberPassTotpSecret> {
    const row = await this.holder(memberId);
    return {
      secretHex: toHex(memberTotpSecret(this.config.MEMBER_PASS_SECRET, memberId, row.passVersion)),
      passVersion: row.passVersion,
      holder: holderOf(row),
    };
  }
}
