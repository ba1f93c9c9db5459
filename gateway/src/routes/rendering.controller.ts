import { RPC, type RenderedFile } from '@avpass/contracts';
import { DomainError } from '@avpass/platform';
import { Body, Controller, Get, Headers, HttpCode, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { ApiRpc } from '../http/openapi';
import { ServiceCaller, type AuthenticatedRequest } from '../rpc/service-caller';

/** `attachment` with an ASCII name and the RFC 5987 form for anything else. */
export function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * Rendering: single files, bulk ZIP jobs and their downloads (spec sections 7 and 9). Any signed-in
 * user may ask; the vouchers service decides what they may see (a company only its assigned codes).
 */
@ApiTags('rendering')
@ApiBearerAuth()
@Controller('api')
export class RenderingController {
  constructor(
    private readonly services: ServiceCaller,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /** The full voucher card (qr-preview file). Only the id is read from the request. */
  @Post('generate-qr-image')
  @HttpCode(200)
  @ApiProduces('image/png', 'application/pdf', 'image/svg+xml')
  @ApiRpc(RPC.rendering.renderCard, { body: true, file: true })
  async generateQrImage(
    @Body() body: unknown,
    @Req() req: AuthenticatedRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await this.sendFile(reply, await this.services.forward(RPC.rendering.renderCard, body, req));
  }

  /** The bare QR code (or, with variant card, the voucher card). */
  @Post('download-qr')
  @HttpCode(200)
  @ApiProduces('image/png', 'application/pdf', 'image/svg+xml')
  @ApiRpc(RPC.rendering.render, { body: true, file: true })
  async downloadQr(
    @Body() body: unknown,
    @Req() req: AuthenticatedRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await this.sendFile(reply, await this.services.forward(RPC.rendering.render, body, req));
  }

  /**
   * Enqueues a ZIP job: 202 with the job, and `Location` naming its status resource (RFC 9110, 202).
   * Safe to retry with an `Idempotency-Key`: a repeat answers the job the first request queued.
   */
  @Post('bulk-download-zip')
  @HttpCode(202)
  @ApiHeader({ name: 'Idempotency-Key', required: false, description: '1-200 visible ASCII characters' })
  @ApiRpc(RPC.rendering.createZipJob, { body: true, status: 202, added: ['idempotencyKey'] })
  async bulkDownloadZip(
    @Body() body: unknown,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Req() req: AuthenticatedRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const job = await this.services.forward(
      RPC.rendering.createZipJob,
      body,
      req,
      idempotencyKey !== undefined ? { idempotencyKey } : {},
    );
    void reply.header('location', `/api/jobs/${job.id}`);
    return job;
  }

  /** A ZIP job's state and progress (its owner only). */
  @Get('jobs/:id')
  @ApiRpc(RPC.rendering.getJob)
  job(@Param('id') id: string, @Req() req: AuthenticatedRequest) {
    return this.services.call(RPC.rendering.getJob, { id }, req);
  }

  /** The finished ZIP, streamed from DATA_DIR/jobs (its owner only; 409 until it is ready). */
  @Get('jobs/:id/file')
  @ApiProduces('application/zip')
  async jobFile(
    @Param('id') id: string,
    @Req() req: AuthenticatedRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    // The call refuses an id that is not a UUID, so the id below is safe to put into a path.
    const file = await this.services.call(RPC.rendering.jobFile, { id }, req);
    const path = join(this.config.DATA_DIR, 'jobs', `${id}.zip`);
    const size = await stat(path).then(
      (s) => s.size,
      () => null,
    );
    if (size === null) {
      throw new DomainError(
        'NOT_FOUND',
        'This ZIP file has expired (files are kept for a limited time). Please start the download again.',
      );
    }
    await reply
      .type('application/zip')
      .header('content-length', String(size))
      .header('content-disposition', attachment(file.fileName))
      .header('cache-control', 'private, no-store')
      .send(createReadStream(path));
  }

  private async sendFile(reply: FastifyReply, file: RenderedFile): Promise<void> {
    const data = Buffer.from(file.data, 'base64');
    await reply
      .type(file.contentType)
      .header('content-length', String(data.length))
      .header('content-disposition', attachment(file.fileName))
      .header('cache-control', 'private, no-store')
      .send(data);
  }
}
