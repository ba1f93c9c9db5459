import { RPC, type MemberActor, type WalletPassFile } from '@avpass/contracts';
import {
  Body,
  Controller,
  Delete,
  Get,
  Headers,
  HttpCode,
  Param,
  Post,
  Query,
  Req,
  Res,
} from '@nestjs/common';
import { ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../auth/auth.decorators';
import { CurrentMember, MemberOnly, type MemberRequest } from '../auth/member.guard';
import { ApiRpc } from '../http/openapi';
import { Limited } from '../http/request-limits';
import { ServiceCaller, type AuthenticatedRequest } from '../rpc/service-caller';
import { attachment } from './rendering.controller';

const PKPASS = 'application/vnd.apple.pkpass';

/** What a JSON body carries under `key`, or undefined (the contract then says what is missing). */
function field(body: unknown, key: string): unknown {
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[key] : undefined;
}

/**
 * Wallet passes (issue 29): the voucher page's "Add to Apple Wallet" and "Save to Google Wallet", and
 * Apple's PassKit web service, which a pass names as its webServiceURL ({origin}/api/wallet). All
 * public, as the voucher page is; the web service's calls carry the pass's own token
 * (`Authorization: ApplePass <token>`), checked by the wallet service (401 when wrong).
 */
@ApiTags('Wallet')
@Controller('api')
export class WalletController {
  constructor(private readonly services: ServiceCaller) {}

  /** Which wallets this deployment issues passes for (the voucher page shows only those badges). */
  @Public()
  @Get('wallet')
  @ApiRpc(RPC.wallet.availability)
  async availability(@Req() req: AuthenticatedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    void reply.header('cache-control', 'public, max-age=300');
    return this.services.call(RPC.wallet.availability, {}, req);
  }

  /** The voucher's Apple Wallet pass; 404 with what to configure when Apple Wallet is not set up. */
  @Public()
  @Get('qr-codes/:id/pass.pkpass')
  @ApiProduces(PKPASS)
  @ApiRpc(RPC.wallet.applePass)
  async applePass(@Param('id') id: string, @Req() req: AuthenticatedRequest, @Res() reply: FastifyReply) {
    await this.sendPass(reply, await this.services.call(RPC.wallet.applePass, { id }, req));
  }

  /** The "Save to Google Wallet" link of the voucher (a signed JWT, made when asked). */
  @Public()
  @Get('qr-codes/:id/google-wallet')
  @ApiRpc(RPC.wallet.googleSaveLink)
  async googleSaveLink(
    @Param('id') id: string,
    @Req() req: AuthenticatedRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    void reply.header('cache-control', 'private, no-store');
    return this.services.call(RPC.wallet.googleSaveLink, { id }, req);
  }

  // ---- Apple's PassKit web service ------------------------------------------------------------

  /** 201 when the device is newly registered for the pass, 200 when it already was. */
  @Public()
  @Post('wallet/v1/devices/:device/registrations/:passType/:serial')
  @ApiRpc(RPC.wallet.registerDevice, { body: true })
  async register(
    @Param('device') deviceLibraryIdentifier: string,
    @Param('passType') passTypeIdentifier: string,
    @Param('serial') serialNumber: string,
    @Headers('authorization') authorization: string | undefined,
    @Body() body: unknown,
    @Req() req: AuthenticatedRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { created } = await this.services.call(
      RPC.wallet.registerDevice,
      {
        deviceLibraryIdentifier,
        passTypeIdentifier,
        serialNumber,
        authorization,
        pushToken: field(body, 'pushToken') as string,
      },
      req,
    );
    void reply.status(created ? 201 : 200);
    return {};
  }

  @Public()
  @Delete('wallet/v1/devices/:device/registrations/:passType/:serial')
  @HttpCode(200)
  @ApiRpc(RPC.wallet.unregisterDevice)
  unregister(
    @Param('device') deviceLibraryIdentifier: string,
    @Param('passType') passTypeIdentifier: string,
    @Param('serial') serialNumber: string,
    @Headers('authorization') authorization: string | undefined,
    @Req() req: AuthenticatedRequest,
  ) {
    return this.services.call(
      RPC.wallet.unregisterDevice,
      { deviceLibraryIdentifier, passTypeIdentifier, serialNumber, authorization },
      req,
    );
  }

  /** The device's passes changed since the tag; 204 when none did. */
  @Public()
  @Get('wallet/v1/devices/:device/registrations/:passType')
  @ApiRpc(RPC.wallet.updatedPasses)
  async updatedPasses(
    @Param('device') deviceLibraryIdentifier: string,
    @Param('passType') passTypeIdentifier: string,
    @Query('passesUpdatedSince') passesUpdatedSince: string | undefined,
    @Req() req: AuthenticatedRequest,
    @Res() reply: FastifyReply,
  ) {
    const updated = await this.services.call(
      RPC.wallet.updatedPasses,
      { deviceLibraryIdentifier, passTypeIdentifier, passesUpdatedSince },
      req,
    );
    if (!updated.serialNumbers.length) await reply.status(204).send();
    else await reply.header('cache-control', 'no-store').send(updated);
  }

  /** The latest version of a pass; 304 when it has not changed since If-Modified-Since. */
  @Public()
  @Get('wallet/v1/passes/:passType/:serial')
  @ApiProduces(PKPASS)
  @ApiRpc(RPC.wallet.latestPass)
  async latestPass(
    @Param('passType') passTypeIdentifier: string,
    @Param('serial') serialNumber: string,
    @Headers('authorization') authorization: string | undefined,
    @Headers('if-modified-since') ifModifiedSince: string | undefined,
    @Req() req: AuthenticatedRequest,
    @Res() reply: FastifyReply,
  ) {
    const pass = await this.services.call(
      RPC.wallet.latestPass,
      { passTypeIdentifier, serialNumber, authorization, ifModifiedSince },
      req,
    );
    if (pass.notModified) {
      await reply.status(304).header('last-modified', new Date(pass.lastModified).toUTCString()).send();
    } else await this.sendPass(reply, pass);
  }

  /**
   * What a device reports about this web service (logged by the wallet service, a bounded amount per
   * call). Anonymous, so limited per address: WALLET_LOG_RATE_PER_ADDRESS calls a minute (issue 37).
   */
  @Public()
  @Post('wallet/v1/log')
  @Limited({
    name: 'wallet-log',
    rates: [{ per: 'address', limit: (c) => c.WALLET_LOG_RATE_PER_ADDRESS, windowSeconds: 60 }],
    message: 'Too many log reports from this address. Please wait {seconds} seconds.',
  })
  @HttpCode(200)
  @ApiRpc(RPC.wallet.deviceLog, { body: true })
  log(@Body() body: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.forward(RPC.wallet.deviceLog, body, req);
  }

  private async sendPass(reply: FastifyReply, file: WalletPassFile): Promise<void> {
    await sendPassFile(reply, file);
  }
}

/**
 * A .pkpass answer. The voucher's pass changes with the voucher: asked again every time (no-cache);
 * a member's pass is theirs alone (private, no-store).
 */
async function sendPassFile(
  reply: FastifyReply,
  file: WalletPassFile,
  cacheControl = 'no-cache',
): Promise<void> {
  const data = Buffer.from(file.contentBase64, 'base64');
  await reply
    .type(PKPASS)
    .header('content-length', String(data.length))
    .header('content-disposition', attachment(file.fileName))
    .header('last-modified', new Date(file.lastModified).toUTCString())
    .header('cache-control', cacheControl)
    .send(data);
}

/**
 * The member pass in the wallets (issue 43, decisions 370 and 371), behind a member session: the
 * member is the session's. 404 with a plain message when that wallet is not configured here.
 */
@ApiTags('me')
@MemberOnly()
@Controller('api/me/pass/wallet')
export class MemberWalletController {
  constructor(private readonly services: ServiceCaller) {}

  /** The member's Apple Wallet pass: a static member code; the till asks for a second factor. */
  @Get('apple')
  @ApiProduces(PKPASS)
  @ApiRpc(RPC.wallet.memberApplePass)
  async applePass(
    @CurrentMember() member: MemberActor,
    @Req() req: MemberRequest,
    @Res() reply: FastifyReply,
  ) {
    const file = await this.services.call(RPC.wallet.memberApplePass, { memberId: member.memberId }, req);
    await sendPassFile(reply, file, 'private, no-store');
  }

  /** `{saveUrl}`: the member's "Save to Google Wallet" link (a rotating barcode; the link holds no secret). */
  @Get('google')
  @ApiRpc(RPC.wallet.memberGoogleSaveLink)
  async googleSaveLink(
    @CurrentMember() member: MemberActor,
    @Req() req: MemberRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    void reply.header('cache-control', 'private, no-store');
    return this.services.call(RPC.wallet.memberGoogleSaveLink, { memberId: member.memberId }, req);
  }
}
