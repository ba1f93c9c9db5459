import type { MemberPassStaticCode, MemberPassTotpSecret, TillHolder } from '@avpass/contracts';
import { memberTotpSecret, toHex } from '@avpass/domain';
import { Inject, Injectable } from '@nestjs/common';
import { MEMBERS_CONFIG, type MembersConfig } from '../config';
import { memberNotFound } from '../members';
import { MemberPassRepository, MemberPassService, type PassHolderRow } from '../pass';

const holderOf = (row: PassHolderRow): TillHolder => ({
  firstName: row.first_name.trim(),
  lastInitial: ([...row.last_name.trim()][0] ?? '').toUpperCase(),
});

/**
 * What the wallet service builds a member's passes from (issue 43): Apple Wallet's static code, signed
 * by the member pass's key schedule (decision 363, pass/), and Google Wallet's TOTP secret, derived
 * here. MEMBER_PASS_SECRET never leaves this service; the TOTP secret of one member and pass version
 * does, to the wallet service, which sets it on the member's Google Wallet object.
 */
@Injectable()
export class MemberPassWalletService {
  constructor(
    @Inject(MEMBERS_CONFIG) private readonly config: MembersConfig,
    private readonly members: MemberPassRepository,
    private readonly passes: MemberPassService,
  ) {}

  private async holder(memberId: string): Promise<PassHolderRow> {
    const row = await this.members.holder(memberId);
    if (!row) throw memberNotFound();
    return row;
  }

  /**
   * A `kind: 'static'` code of the member's current pass version, signed by the key signing now; it
   * verifies with GET /api/till/pass-keys while that key does (its signing period and the grace).
   */
  async staticCode(memberId: string): Promise<MemberPassStaticCode> {
    const row = await this.holder(memberId);
    const code = await this.passes.signedCode({
      kind: 'static',
      memberId: row.id,
      passVersion: row.pass_version,
      step: 0,
    });
    return { code, passVersion: row.pass_version, holder: holderOf(row) };
  }

  /**
   * The member's TOTP secret for the current pass version (Base16, as Google takes it). An erased
   * member's too, with no name: their Google Wallet object is patched to it (the erasure moved the
   * version on), so the secret it held dies with the name it showed.
   */
  async totpSecret(memberId: string): Promise<MemberPassTotpSecret> {
    const erasedVersion = await this.members.erasedPassVersion(memberId);
    if (erasedVersion !== null)
      return {
        secretHex: toHex(memberTotpSecret(this.config.MEMBER_PASS_SECRET, memberId, erasedVersion)),
        passVersion: erasedVersion,
        holder: { firstName: '', lastInitial: '' },
      };
    const row = await this.holder(memberId);
    return {
      secretHex: toHex(memberTotpSecret(this.config.MEMBER_PASS_SECRET, row.id, row.pass_version)),
      passVersion: row.pass_version,
      holder: holderOf(row),
    };
  }
}
