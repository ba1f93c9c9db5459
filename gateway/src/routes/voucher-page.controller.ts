import { RPC } from '@avpass/contracts';
import { DomainError, RpcClient } from '@avpass/platform';
import { Controller, Get, Inject, Logger, NotFoundException, Param, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../auth/auth.decorators';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { HtmlAnswer } from '../http/html-answer';
import { SpaIndex } from '../http/spa-index';
import { voucherWordsFor } from '../http/voucher-language';
import { indexWithoutVoucher, indexWithVoucher, pageEtag } from '../http/voucher-snapshot';
import { metaOf, type AuthenticatedRequest } from '../rpc/service-caller';

/** How long the page waits for the voucher before sending the plain app (which then asks itself). */
export const SNAPSHOT_TIMEOUT_MS = 500;

/** The service's answer for an id that names no voucher: 404, or 400 for one that is not an id. */
const isNoSuchVoucher = (error: unknown) =>
  error instanceof DomainError && (error.code === 'NOT_FOUND' || error.code === 'VALIDATION_FAILED');

/**
 * The voucher page opened from a QR code: index.html with the voucher's card already inside the root
 * element (everything needed at the counter, the code for the till and its QR included), so a phone
 * shows it before, or without, the app's code; an unknown id is a 404 saying so in the app's words. When the
 * voucher cannot be read quickly (a slow or absent service) the plain index.html is sent and the app
 * shows what it finds. The ETag is the page's own hash: a revisit of an unchanged voucher is a 304.
 */
@ApiExcludeController()
@Controller('voucher')
export class VoucherPageController {
  private readonly logger = new Logger('VoucherPage');

  constructor(
    private readonly rpc: RpcClient,
    private readonly spa: SpaIndex,
    private readonly htmlAnswer: HtmlAnswer,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Public()
  @Get(':id')
  async page(@Param('id') id: string, @Req() req: AuthenticatedRequest, @Res() reply: FastifyReply) {
    // In the reader's language: the remembered choice (cookie), then Accept-Language (decision 352).
    const words = await voucherWordsFor(req.headers.cookie, req.headers['accept-language']);
    const index = this.spa.htmlFor('voucher', words.language);
    // Without a built frontend this is an unknown route, as before.
    if (!index) throw new NotFoundException();
    let html = index;
    let found = true;
    try {
      const voucher = await this.rpc.call(RPC.vouchers.getPublic, { id }, metaOf(req), SNAPSHOT_TIMEOUT_MS);
      html = indexWithVoucher(index, voucher, this.config.BUSINESS_TIMEZONE, words) ?? index;
    } catch (error) {
      if (isNoSuchVoucher(error)) {
        found = false;
        html = indexWithoutVoucher(index, words) ?? index;
      } else
        this.logger.debug(`no snapshot for ${id}: ${error instanceof Error ? error.message : String(error)}`);
    }
    // Live data (usage count): revalidated on every visit, a 304 while the page is unchanged. An id that
    // names no voucher is a 404 whose page says so (and the app, when it runs, says the same).
    void reply.header('cache-control', 'no-cache').header('vary', 'Cookie, Accept-Language');
    this.htmlAnswer.send(req, reply, html, { status: found ? 200 : 404, etag: pageEtag(html) });
  }
}
