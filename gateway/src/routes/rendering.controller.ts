import {
  JOB_FILE_LOCATION,
  jobFileContentType,
  RPC,
  zipDownloadLinkSchema,
  type RenderedFile,
  type ZipDownloadLink,
  type ZipJobFile,
} from '@avpass/contracts';
import { DomainError } from '@avpass/platform';
import {
  Body,
  Controller,
  Get,
  HttpCode,
  HttpException,
  Inject,
  Logger,
  Param,
  Post,
  Req,
  Res,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { ApiBearerAuth, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { constants } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { Public } from '../auth/auth.decorators';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { ApiContract, ApiRpc } from '../http/openapi';
import { ApiIdempotencyKey, idempotencyOf } from '../http/idempotency';
import { ServiceCaller, type AuthenticatedRequest } from '../rpc/service-caller';
import { DOWNLOAD_LINK_SECONDS, DOWNLOAD_TOKEN, DownloadLinks } from './download-links';

const EXPIRED_FILE =
  'This ZIP file has expired (files are kept for a limited time). Please start the download again.';
const UNAVAILABLE_FILE = 'This ZIP file is not available. Please start the download again.';

/**
 * The file rendering named (relative to DATA_DIR), as a path directly in DATA_DIR/jobs, or null: a
 * location of another shape, or one that would resolve anywhere else, is never opened (rendering's
 * answer comes from a worker's data, which is not trusted either).
 */
export function jobFilePath(dataDir: string, location: unknown): string | null {
  if (typeof location !== 'string' || !JOB_FILE_LOCATION.test(location)) return null;
  const path = resolve(dataDir, location);
  return dirname(path) === resolve(dataDir, 'jobs') ? path : null;
}

/**
 * The one `bytes=` range of a Range header for a file of `size` bytes: null to send the whole file
 * (no header, or one this server does not serve in parts, such as several ranges: RFC 9110 lets it
 * answer 200), 'unsatisfiable' (416), or the inclusive byte positions.
 */
export function byteRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    return suffix === 0 || size === 0
      ? 'unsatisfiable'
      : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  return start >= size || start > end ? 'unsatisfiable' : { start, end };
}

/** A file a service rendered (base64 in its answer) as a private download under its own name. */
export async function sendRenderedFile(reply: FastifyReply, file: RenderedFile): Promise<void> {
  const data = Buffer.from(file.data, 'base64');
  await reply
    .type(file.contentType)
    .header('content-length', String(data.length))
    .header('content-disposition', attachment(file.fileName))
    .header('cache-control', 'private, no-store')
    .send(data);
}

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
export class RenderingController implements OnApplicationShutdown {
  private readonly logger = new Logger('RenderingController');
  private readonly links: DownloadLinks;

  constructor(
    private readonly services: ServiceCaller,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {
    this.links = new DownloadLinks(config);
  }

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
  @ApiIdempotencyKey({ kept: "as long as the job's file (JOB_FILE_TTL_HOURS)" })
  @ApiRpc(RPC.rendering.createZipJob, { body: true, status: 202, added: ['idempotencyKey'] })
  async bulkDownloadZip(
    @Body() body: unknown,
    @Req() req: AuthenticatedRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const job = await this.services.forward(RPC.rendering.createZipJob, body, req, idempotencyOf(req));
    void reply.header('location', `/api/jobs/${job.id}`);
    return job;
  }

  /** A ZIP job's state and progress (its owner only). */
  @Get('jobs/:id')
  @ApiRpc(RPC.rendering.getJob)
  job(@Param('id') id: string, @Req() req: AuthenticatedRequest) {
    return this.services.call(RPC.rendering.getJob, { id }, req);
  }

  /**
   * The finished ZIP, or a print sheet's PDF (its owner only, with the bearer token; 409 until it is ready), streamed from
   * where rendering says it is, in DATA_DIR/jobs. Range requests resume a download.
   */
  @Get('jobs/:id/file')
  @ApiProduces('application/zip', 'application/pdf')
  async jobFile(
    @Param('id') id: string,
    @Req() req: AuthenticatedRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await this.sendZip(req, reply, await this.services.call(RPC.rendering.jobFile, { id }, req));
  }

  /**
   * A short-lived link to the finished ZIP (its owner only, once it is ready), for a browser: it
   * navigates to the link and the file streams to disk, however large, with no bearer token.
   */
  @Post('jobs/:id/link')
  @HttpCode(200)
  @ApiContract({ response: zipDownloadLinkSchema })
  async jobLink(
    @Param('id') id: string,
    @Req() req: AuthenticatedRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ZipDownloadLink> {
    await this.services.call(RPC.rendering.jobFile, { id }, req); // the owner's, and ready
    const { token, expiresAt } = await this.links.create(id, req.user!);
    void reply.header('cache-control', 'no-store');
    return { url: `/api/downloads/${token}`, expiresAt: expiresAt.toISOString() };
  }

  /**
   * A download link (POST /api/jobs/{id}/link): the ZIP as `attachment`, for DOWNLOAD_LINK_SECONDS
   * while the session that made it lasts; the file is asked of rendering as the link's owner, so it is
   * theirs and ready still.
   */
  @Public()
  @Get('downloads/:token')
  @ApiProduces('application/zip', 'application/pdf')
  async download(
    @Param('token') token: string,
    @Req() req: AuthenticatedRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    if (!DOWNLOAD_TOKEN.test(token))
      throw DomainError.validation('This is not a download link. Start the download again from the app.');
    const link = await this.links.find(token);
    if (link === 'unknown')
      throw new DomainError(
        'NOT_FOUND',
        'This download link is not valid. Start the download again from the app.',
      );
    if (link === 'expired') {
      throw new HttpException(
        {
          message: `This download link has expired (links work for ${DOWNLOAD_LINK_SECONDS / 60} minutes). Start the download again from the app.`,
        },
        410,
      );
    }
    // The link lives only as long as the session that made it (decision 160), and stands for its
    // owner as they are now.
    const owner = link.actor.sessionId
      ? await this.services.call(RPC.identity.sessionActor, { sessionId: link.actor.sessionId }, req)
      : null;
    if (!owner || owner.userId !== link.actor.userId) {
      throw new DomainError(
        'UNAUTHENTICATED',
        'This download link ended when its session did (signed out, or timed out). Sign in and start the download again.',
      );
    }
    req.user = owner;
    const file = await this.services.call(RPC.rendering.jobFile, { id: link.jobId }, req);
    await this.sendZip(req, reply, file);
  }

  /** Streams the file rendering named: opened once (no symbolic link), whole or one byte range. */
  private async sendZip(req: FastifyRequest, reply: FastifyReply, file: ZipJobFile): Promise<void> {
    const path = jobFilePath(this.config.DATA_DIR, file.file);
    if (!path) {
      this.logger.error(`rendering named a ZIP outside DATA_DIR/jobs: ${JSON.stringify(file.file)}`);
      throw new DomainError('NOT_FOUND', UNAVAILABLE_FILE);
    }
    let handle: FileHandle;
    try {
      handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') throw new DomainError('NOT_FOUND', EXPIRED_FILE);
      if (code === 'ELOOP') throw new DomainError('NOT_FOUND', UNAVAILABLE_FILE);
      throw error;
    }
    let streaming = false;
    try {
      const info = await handle.stat();
      if (!info.isFile()) throw new DomainError('NOT_FOUND', UNAVAILABLE_FILE);
      const size = info.size;
      const etag = `"${info.ino.toString(36)}-${size.toString(36)}-${Math.floor(info.mtimeMs).toString(36)}"`;
      const ifRange = req.headers['if-range'];
      let range = byteRange(req.headers.range, size);
      if (ifRange !== undefined && ifRange !== etag) range = null; // changed since: all of it
      void reply
        .type(jobFileContentType(file.file))
        .header('accept-ranges', 'bytes')
        .header('etag', etag)
        .header('last-modified', info.mtime.toUTCString())
        .header('content-disposition', attachment(file.fileName))
        .header('cache-control', 'private, no-store');
      if (range === 'unsatisfiable') {
        void reply.header('content-range', `bytes */${size}`);
        throw new HttpException({ message: `The range asked for is outside the file (${size} bytes).` }, 416);
      }
      const { start, end } = range ?? { start: 0, end: size - 1 };
      if (range) void reply.status(206).header('content-range', `bytes ${start}-${end}/${size}`);
      void reply.header('content-length', String(end - start + 1));
      const stream = handle.createReadStream({ start, end, autoClose: true });
      streaming = true;
      await reply.send(stream);
    } finally {
      if (!streaming) await handle.close().catch(() => undefined);
    }
  }

  private sendFile(reply: FastifyReply, file: RenderedFile): Promise<void> {
    return sendRenderedFile(reply, file);
  }

  onApplicationShutdown(): void {
    this.links.close();
  }
}
