import {
  CARD_SIZES,
  DEFAULT_CARD_SIZE,
  RENDER_FORMATS,
  RENDER_VARIANTS,
  RPC,
  SHEET_SIZES,
  type Actor,
  type Page,
  type QrCode,
  type RenderedFile,
  type RpcRequest,
  type ZipJob,
  type ZipJobFile,
} from '@avpass/contracts';
import { DomainError, parsePayload, RpcClient } from '@avpass/platform';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { z } from 'zod';
import { ZipJobsService } from './jobs/zip-jobs.service';
import { VoucherRenderer } from './render/voucher-renderer';

const renderRequestSchema = z.object({
  id: z.string().uuid('Not a valid QR code id'),
  format: z.enum(RENDER_FORMATS),
  variant: z.enum(RENDER_VARIANTS),
  size: z.enum(CARD_SIZES).optional(),
});
/** The gateway sends the parsed request (ids, batchId or all); it is checked again here. */
const zipJobRequestSchema = z.object({
  ids: z.array(z.string().uuid()).min(1).max(10_000).optional(),
  batchId: z.string().uuid().optional(),
  all: z.literal(true).optional(),
  format: z.enum(RENDER_FORMATS),
  variant: z.enum(RENDER_VARIANTS),
  size: z.enum(CARD_SIZES).optional(),
  sheet: z.enum(SHEET_SIZES).optional(),
});
const byId = z.object({ id: z.string().uuid('Not a valid job id') });

function requireActor(request: RpcRequest<unknown>): Actor {
  if (!request.meta?.actor) throw new DomainError('UNAUTHENTICATED', 'Please sign in.');
  return request.meta.actor;
}

/** Files and ZIP jobs. What is printed is always the vouchers service's record, asked as the caller. */
@Controller()
export class RenderingHandlers {
  constructor(
    private readonly rpc: RpcClient,
    private readonly renderer: VoucherRenderer,
    private readonly jobs: ZipJobsService,
  ) {}

  @MessagePattern(RPC.rendering.render)
  async render(@Payload() request: RpcRequest<unknown>): Promise<RenderedFile> {
    const actor = requireActor(request);
    const { id, format, variant, size } = parsePayload(renderRequestSchema, request);
    const page = await this.rpc.call<Page<QrCode>>(
      RPC.vouchers.resolveForRender,
      { ids: [id], limit: 1 },
      { requestId: request.meta.requestId, actor },
    );
    const code = page.items[0];
    if (!code) throw DomainError.notFound('QR code');
    const file = await this.renderer.render(code, format, variant, size);
    return { fileName: file.fileName, contentType: file.contentType, data: file.data.toString('base64') };
  }

  @MessagePattern(RPC.rendering.createZipJob)
  createZipJob(@Payload() request: RpcRequest<unknown>): Promise<ZipJob> {
    const actor = requireActor(request);
    const parsed = parsePayload(zipJobRequestSchema, request);
    const sources = [parsed.ids, parsed.batchId, parsed.all].filter((v) => v !== undefined).length;
    if (sources !== 1) {
      throw DomainError.validation('Send exactly one of qrCodes, batchId or all', {
        qrCodes: ['Send exactly one of qrCodes, batchId or all'],
      });
    }
    return this.jobs.create(
      { ...parsed, size: parsed.size ?? DEFAULT_CARD_SIZE },
      actor,
      request.meta.requestId,
    );
  }

  @MessagePattern(RPC.rendering.getJob)
  getJob(@Payload() request: RpcRequest<unknown>): Promise<ZipJob> {
    return this.jobs.get(parsePayload(byId, request).id, requireActor(request));
  }

  @MessagePattern(RPC.rendering.jobFile)
  jobFile(@Payload() request: RpcRequest<unknown>): Promise<ZipJobFile> {
    return this.jobs.file(parsePayload(byId, request).id, requireActor(request));
  }
}
