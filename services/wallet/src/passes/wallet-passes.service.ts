import {
  RPC,
  type GoogleWalletLink,
  type PublicVoucher,
  type RpcMeta,
  type RpcRequestPayload,
  type WalletAvailability,
  type WalletPassFile,
} from '@avpass/contracts';
import { expiresAt } from '@avpass/domain';
import { DomainError, RpcClient, type SqlTx } from '@avpass/platform';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { buildPkpass, isPassAuthorized, passAuthToken, PassImages } from '../apple';
import { WALLET_CONFIG, type WalletConfig } from '../config';
import { GoogleWalletApi, GoogleWalletError } from '../google';
import { WALLET_CREDENTIALS, type AppleWallet, type WalletCredentials } from '../wallet-credentials';
import { WalletUpdatesQueue } from './wallet-updates.queue';
import {
  WalletPassesRepository,
  type PassChange,
  type WalletPassRow,
  type WalletKind,
} from './wallet-passes.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const APPLE_NOT_CONFIGURED =
  'Apple Wallet passes are not configured on this server. Set APPLE_PASS_TYPE_ID, APPLE_TEAM_ID, ' +
  'APPLE_SIGNER_CERT, APPLE_SIGNER_KEY and APPLE_WWDR_CERT for the wallet service (docs/deploy.md, "Wallet passes").';
export const GOOGLE_NOT_CONFIGURED =
  'Google Wallet passes are not configured on this server. Set GOOGLE_WALLET_ISSUER_ID and ' +
  'GOOGLE_WALLET_SERVICE_ACCOUNT for the wallet service (docs/deploy.md, "Wallet passes").';

/** The voucher behind a pass now, and what the pass shows of its state. */
export interface PassVoucher {
  voucher: PublicVoucher;
  row: WalletPassRow;
  expiresAt: Date | null;
  /** Used up, expired, deactivated or deleted: the pass says so and can no longer be used. */
  voided: boolean;
}

/**
 * Wallet passes of vouchers (issue 29): issuing them, Apple's PassKit web service, and what a
 * voucher's change means for the passes of it. Push and patch calls run in the update jobs
 * (worker/wallet-updates.worker.ts), never in a request.
 */
@Injectable()
export class WalletPassesService {
  private readonly logger = new Logger('WalletPasses');
  /** The Google Wallet REST client (its access token is kept between calls), when configured. */
  private readonly google: GoogleWalletApi | null;

  constructor(
    @Inject(WALLET_CONFIG) private readonly config: WalletConfig,
    @Inject(WALLET_CREDENTIALS) private readonly credentials: WalletCredentials,
    private readonly passes: WalletPassesRepository,
    private readonly images: PassImages,
    private readonly rpc: RpcClient,
    private readonly updates: WalletUpdatesQueue,
  ) {
    this.google = credentials.google ? new GoogleWalletApi(credentials.google) : null;
  }

  availability(): WalletAvailability {
    return { apple: this.credentials.apple !== null, google: this.credentials.google !== null };
  }

  private appleWallet(): AppleWallet {
    if (!this.credentials.apple) throw new DomainError('NOT_FOUND', APPLE_NOT_CONFIGURED);
    return this.credentials.apple;
  }

  /**
   * The voucher as it stands, for a pass issued to `wallet` now (null: for a pass already issued). A
   * voucher deleted after its pass was issued is served from the pass's last snapshot (voided), so the
   * phone learns it went.
   */
  async current(id: string, meta: RpcMeta, wallet: WalletKind | null): Promise<PassVoucher> {
    if (!UUID.test(id)) throw DomainError.notFound('Voucher');
    let voucher: PublicVoucher | null = null;
    try {
      voucher = await this.rpc.call(RPC.vouchers.getPublic, { id }, { requestId: meta.requestId });
    } catch (error) {
      if (!(error instanceof DomainError && error.code === 'NOT_FOUND')) throw error;
    }
    // A deleted voucher gets no new pass (its link is gone, as its page is); one already issued is
    // still served to the devices holding it, voided.
    if (!voucher && wallet) throw DomainError.notFound('Voucher');
    const row = voucher && wallet ? await this.passes.issue(voucher, wallet) : await this.passes.find(id);
    if (!row || (!voucher && !row.deletedAt)) throw DomainError.notFound('Voucher');
    const current = voucher ?? row.voucher;
    const ends = current.expirationDate
      ? expiresAt(current.expirationDate, this.config.BUSINESS_TIMEZONE)
      : null;
    const deleted = voucher === null;
    const voided =
      deleted ||
      current.status === 'used_up' ||
      current.status === 'expired' ||
      current.status === 'inactive';
    if (voucher && wallet && ends && !voided) await this.updates.expireAt(id, ends);
    return { voucher: current, row, expiresAt: ends, voided };
  }

  private async pkpass(apple: AppleWallet, pass: PassVoucher): Promise<WalletPassFile> {
    const serialNumber = pass.voucher.id;
    const content = await buildPkpass(
      apple.material,
      pass.voucher,
      {
        serialNumber,
        authenticationToken: passAuthToken(apple.tokenSecret, serialNumber),
        webServiceURL: apple.webServiceUrl ?? `${new URL(pass.voucher.qrUrl).origin}/api/wallet`,
        expiresAt: pass.expiresAt,
        voided: pass.voided,
        timeZone: this.config.BUSINESS_TIMEZONE,
      },
      await this.images.load(pass.voucher),
    );
    return {
      fileName: `voucher-${serialNumber.slice(0, 8)}.pkpass`,
      contentBase64: content.toString('base64'),
      lastModified: pass.row.changedAt.toISOString(),
    };
  }

  /** GET /api/qr-codes/{id}/pass.pkpass. */
  async applePass(id: string, meta: RpcMeta): Promise<WalletPassFile> {
    const apple = this.appleWallet();
    return this.pkpass(apple, await this.current(id, meta, 'apple'));
  }

  /**
   * GET /api/qr-codes/{id}/google-wallet. A voucher's full offer is too long for a link (Google's
   * limit is 1,800 characters), so the class and object are usually inserted first and the link names
   * the object; Google being away is a 503 the member can retry.
   */
  async googleSaveLink(id: string, meta: RpcMeta): Promise<GoogleWalletLink> {
    const google = this.google;
    if (!google) throw new DomainError('NOT_FOUND', GOOGLE_NOT_CONFIGURED);
    const pass = await this.current(id, meta, 'google');
    try {
      return {
        saveUrl: await google.saveUrl(pass.voucher, { expiresAt: pass.expiresAt, voided: pass.voided }),
      };
    } catch (error) {
      if (!(error instanceof GoogleWalletError)) throw error;
      this.logger.warn(`Google Wallet save link for ${id}: ${error.message}`);
      throw new DomainError(
        'SERVICE_UNAVAILABLE',
        'Google Wallet did not answer. Please try again in a moment.',
      );
    }
  }

  /**
   * Brings the voucher's Google Wallet object up to date (the update job). 'absent': the member never
   * saved it. A GoogleWalletError says whether a retry can help.
   */
  async patchGoogle(qrCodeId: string, meta: RpcMeta): Promise<'patched' | 'absent' | 'not configured'> {
    if (!this.google) return 'not configured';
    const pass = await this.current(qrCodeId, meta, null);
    return this.google.patchObject(pass.voucher, { expiresAt: pass.expiresAt, voided: pass.voided });
  }

  /** Apple's protocol: an unknown pass type is not found; a wrong or missing token is 401. */
  private authorize(
    passTypeIdentifier: string,
    serialNumber: string,
    authorization: string | undefined,
  ): AppleWallet {
    const apple = this.appleWallet();
    if (passTypeIdentifier !== apple.material.passTypeIdentifier) throw DomainError.notFound('Pass type');
    if (!UUID.test(serialNumber) || !isPassAuthorized(authorization, apple.tokenSecret, serialNumber)) {
      throw new DomainError('UNAUTHENTICATED', 'The pass authentication token is missing or wrong.');
    }
    return apple;
  }

  async register(input: RpcRequestPayload<typeof RPC.wallet.registerDevice>): Promise<{ created: boolean }> {
    this.authorize(input.passTypeIdentifier, input.serialNumber, input.authorization);
    if (!(await this.passes.find(input.serialNumber))) throw DomainError.notFound('Pass');
    const created = await this.passes.register(
      input.deviceLibraryIdentifier,
      input.passTypeIdentifier,
      input.serialNumber,
      input.pushToken.toLowerCase(),
    );
    return { created };
  }

  async unregister(
    input: RpcRequestPayload<typeof RPC.wallet.unregisterDevice>,
  ): Promise<Record<string, never>> {
    this.authorize(input.passTypeIdentifier, input.serialNumber, input.authorization);
    await this.passes.unregister(input.deviceLibraryIdentifier, input.passTypeIdentifier, input.serialNumber);
    return {};
  }

  /** The serial numbers of the device's passes changed since the tag (a change sequence number). */
  async updatedPasses(
    input: RpcRequestPayload<typeof RPC.wallet.updatedPasses>,
  ): Promise<{ serialNumbers: string[]; lastUpdated: string }> {
    const apple = this.appleWallet();
    if (input.passTypeIdentifier !== apple.material.passTypeIdentifier)
      throw DomainError.notFound('Pass type');
    const tag = input.passesUpdatedSince;
    const since = tag && /^\d{1,18}$/.test(tag) ? Number(tag) : null;
    const { serialNumbers, lastUpdated } = await this.passes.updatedFor(
      input.deviceLibraryIdentifier,
      input.passTypeIdentifier,
      since,
    );
    return { serialNumbers, lastUpdated: String(lastUpdated) };
  }

  /** The latest pass, or "not modified" when it has not changed since If-Modified-Since. */
  async latestPass(
    input: RpcRequestPayload<typeof RPC.wallet.latestPass>,
    meta: RpcMeta,
  ): Promise<(WalletPassFile & { notModified: false }) | { notModified: true; lastModified: string }> {
    const apple = this.authorize(input.passTypeIdentifier, input.serialNumber, input.authorization);
    const known = await this.passes.find(input.serialNumber);
    if (!known) throw DomainError.notFound('Pass');
    const since = input.ifModifiedSince ? Date.parse(input.ifModifiedSince) : NaN;
    if (!Number.isNaN(since) && known.changedAt.getTime() <= since) {
      return { notModified: true, lastModified: known.changedAt.toISOString() };
    }
    return {
      ...(await this.pkpass(apple, await this.current(input.serialNumber, meta, null))),
      notModified: false,
    };
  }

  /**
   * A device's report about this web service: one WARN line of at most DEVICE_LOG_MAX_CHARACTERS,
   * JSON-quoted (a device's text cannot forge log lines), however much it sent (issue 37; the gateway
   * limits the calls per address).
   */
  deviceLog(input: RpcRequestPayload<typeof RPC.wallet.deviceLog>): Record<string, never> {
    if (input.logs.length) this.logger.warn(`device log: ${deviceLogLine(input.logs)}`);
    return {};
  }

  /**
   * Vouchers changed (events of the vouchers service, or a voucher's last day ended): the pass of each
   * that some wallet holds takes the next change number, and each wallet holding it gets a job.
   */
  async vouchersChanged(qrCodeIds: readonly string[], reason: PassChange, tx?: SqlTx): Promise<void> {
    for (const change of await this.passes.recordChanges(qrCodeIds, reason, tx)) {
      if (!change.apple && !change.google) continue;
      await this.updates.notifyWallets(change.qrCodeId, change);
      this.logger.log(
        `pass ${change.qrCodeId} ${reason} (change ${change.changeSeq}): apple ${change.apple}, google ${change.google}`,
      );
    }
  }
}

/** The most characters one device-log call writes to the log. */
export const DEVICE_LOG_MAX_CHARACTERS = 2000;

/** A device's log lines as one bounded, quoted line: `["…","…"] (+3 more)`. */
export function deviceLogLine(logs: readonly string[]): string {
  const kept: string[] = [];
  let room = DEVICE_LOG_MAX_CHARACTERS;
  for (const line of logs) {
    if (room <= 0) break;
    const piece = line.slice(0, room);
    kept.push(piece);
    room -= piece.length;
  }
  const more = logs.length - kept.length;
  return `${JSON.stringify(kept)}${more ? ` (+${more} more)` : ''}`;
}
