import {
  MEMBER_WALLET_NOT_CONFIGURED,
  RPC,
  type GoogleWalletLink,
  type RpcMeta,
  type WalletPassFile,
} from '@avpass/contracts';
import { DomainError, RpcClient } from '@avpass/platform';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { buildMemberPkpass, PassImages } from '../apple';
import { GoogleWalletApi, GoogleWalletError } from '../google';
import { WALLET_CREDENTIALS, type WalletCredentials } from '../wallet-credentials';
import { MemberPassesRepository } from './member-passes.repository';
import { WalletUpdatesQueue } from './wallet-updates.queue';

/**
 * The member pass in the wallets (issue 43, decisions 370 and 371): Google Wallet's generic object with
 * a rotating barcode (its TOTP secret set through the REST API), Apple Wallet's pass with a static
 * member code and the second factor the till asks for. The members service signs the static code and
 * derives the TOTP secret; this service never holds MEMBER_PASS_SECRET.
 */
@Injectable()
export class MemberPassesService {
  private readonly logger = new Logger('MemberPasses');
  private readonly google: GoogleWalletApi | null;

  constructor(
    @Inject(WALLET_CREDENTIALS) private readonly credentials: WalletCredentials,
    private readonly passes: MemberPassesRepository,
    private readonly images: PassImages,
    private readonly rpc: RpcClient,
    private readonly updates: WalletUpdatesQueue,
  ) {
    this.google = credentials.google ? new GoogleWalletApi(credentials.google) : null;
  }

  /** GET /api/me/pass/wallet/apple: the member's pass with a static code; 404 when Apple Wallet is not set up. */
  async memberApplePass(memberId: string, meta: RpcMeta): Promise<WalletPassFile> {
    const apple = this.credentials.apple;
    if (!apple) throw new DomainError('NOT_FOUND', MEMBER_WALLET_NOT_CONFIGURED.apple);
    const { code, passVersion, holder } = await this.rpc.call(
      RPC.members.passStaticCode,
      { memberId },
      { requestId: meta.requestId },
    );
    await this.passes.issueForMember(memberId, passVersion, 'apple');
    const content = await buildMemberPkpass(
      apple.material,
      { serialNumber: `member-${memberId}`, code, holder },
      await this.images.icon(),
    );
    return {
      fileName: 'member-pass.pkpass',
      contentBase64: content.toString('base64'),
      lastModified: new Date(Math.floor(Date.now() / 1000) * 1000).toISOString(),
    };
  }

  /**
   * GET /api/me/pass/wallet/google: the member's object is inserted (or brought to the current pass
   * version) through the REST API with the TOTP secret, and the link names it by id only.
   */
  async memberGoogleSaveLink(memberId: string, meta: RpcMeta): Promise<GoogleWalletLink> {
    const google = this.google;
    if (!google) throw new DomainError('NOT_FOUND', MEMBER_WALLET_NOT_CONFIGURED.google);
    const pass = await this.memberPass(memberId, meta);
    try {
      const saveUrl = await google.memberSaveUrl(pass);
      await this.passes.issueForMember(memberId, pass.passVersion, 'google');
      return { saveUrl };
    } catch (error) {
      if (!(error instanceof GoogleWalletError)) throw error;
      this.logger.warn(`Google Wallet member pass for ${memberId}: ${error.message}`);
      throw new DomainError(
        'SERVICE_UNAVAILABLE',
        'Google Wallet did not answer. Please try again in a moment.',
      );
    }
  }

  /** A member's pass was revoked: a member holding it in Google Wallet gets a job to patch the object. */
  async revoked(memberId: string, passVersion: number): Promise<void> {
    const row = await this.passes.find(memberId);
    if (!row?.googleIssued || row.passVersion >= passVersion) return;
    await this.updates.memberGoogle(memberId, passVersion);
    this.logger.log(`member pass ${memberId} revoked (version ${passVersion}): Google Wallet patch queued`);
  }

  /**
   * The update job: sets the member's Google object to the members service's current version and
   * secret. 'absent': the member never saved it. A GoogleWalletError says whether a retry can help.
   */
  async patchMemberGoogle(memberId: string, meta: RpcMeta): Promise<'patched' | 'absent' | 'not configured'> {
    if (!this.google) return 'not configured';
    const pass = await this.memberPass(memberId, meta);
    const result = await this.google.patchMember(pass);
    await this.passes.moved(memberId, pass.passVersion);
    return result;
  }

  private async memberPass(memberId: string, meta: RpcMeta) {
    const { secretHex, passVersion, holder } = await this.rpc.call(
      RPC.members.passTotpSecret,
      { memberId },
      { requestId: meta.requestId },
    );
    return { memberId, passVersion, secretHex, holder };
  }
}
