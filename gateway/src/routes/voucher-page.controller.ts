import { RPC } from '@avpass/contracts';
import { RpcClient } from '@avpass/platform';
import { Controller, Get, Logger, NotFoundException, Param, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../auth/auth.decorators';
import { SpaIndex } from '../http/spa-index';
import { indexWithVoucher } from '../http/voucher-snapshot';
import { metaOf, type AuthenticatedRequest } from '../rpc/service-caller';

/** How long the page waits for the voucher before sending the plain app (which then asks itself). */
export const SNAPSHOT_TIMEOUT_MS = 500;

/**
 * The voucher page opened from a QR code: index.html with the voucher's words already inside the root
 * element, so a phone on a slow network shows the voucher before the app's code arrives. When the
 * voucher cannot be read quickly (unknown or malformed id, a slow or absent service) the plain
 * index.html is sent and the app shows what it finds.
 */
@ApiExcludeController()
@Controller('voucher')
export class VoucherPageController {
  private readonly logger = new Logger('VoucherPage');

  constructor(
    private readonly rpc: RpcClient,
    private readonly spa: SpaIndex,
  ) {}

  @Public()
  @Get(':id')
  async page(@Param('id') id: string, @Req() req: AuthenticatedRequest, @Res() reply: FastifyReply) {
    const index = this.spa.html;
    // Without a built frontend this is an unknown route, as before.
    if (!index) throw new NotFoundException();
    let html = index;
    try {
      const voucher = await this.rpc.call(RPC.vouchers.getPublic, { id }, metaOf(req), SNAPSHOT_TIMEOUT_MS);
      html = indexWithVoucher(index, voucher) ?? index;
    } catch (error) {
      this.logger.debug(`no snapshot for ${id}: ${error instanceof Error ? error.message : String(error)}`);
    }
    // Live data (usage count): revalidated on every visit.
    void reply.status(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  }
}
