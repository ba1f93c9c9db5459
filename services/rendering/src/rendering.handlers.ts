import {
  RPC,
  type Actor,
  type CardLanguage,
  type CardSize,
  type RenderedFile,
  type RenderFormat,
  type RenderVariant,
  type RpcMeta,
  type RpcRequestPayload as In,
} from '@avpass/contracts';
import { DomainError, requireActor, RpcClient, RpcHandler } from '@avpass/platform';
import { Controller } from '@nestjs/common';
import { ZipJobsService } from './jobs/zip-jobs.service';
import { VoucherRenderer } from './render/voucher-renderer';

/**
 * Files and ZIP jobs. Requests are validated by their contracts (RPC_CONTRACTS); what is printed is
 * always the vouchers service's record, asked as the caller.
 */
@Controller()
export class RenderingHandlers {
  constructor(
    private readonly rpc: RpcClient,
    private readonly renderer: VoucherRenderer,
    private readonly jobs: ZipJobsService,
  ) {}

  /** POST /api/generate-qr-image: the voucher card. */
  @RpcHandler(RPC.rendering.renderCard)
  renderCard(
    { id, format, size, cardLanguage }: In<typeof RPC.rendering.renderCard>,
    meta: RpcMeta,
  ): Promise<RenderedFile> {
    return this.render(id, format, 'card', size, requireActor(meta), meta, cardLanguage);
  }

  /** POST /api/download-qr: the bare QR, or the card. */
  @RpcHandler(RPC.rendering.render)
  renderFile(
    { id, format, variant, size, cardLanguage }: In<typeof RPC.rendering.render>,
    meta: RpcMeta,
  ): Promise<RenderedFile> {
    return this.render(id, format, variant, size, requireActor(meta), meta, cardLanguage);
  }

  @RpcHandler(RPC.rendering.createZipJob)
  createZipJob(input: In<typeof RPC.rendering.createZipJob>, meta: RpcMeta) {
    return this.jobs.create(input, requireActor(meta), meta);
  }

  @RpcHandler(RPC.rendering.getJob)
  getJob({ id }: In<typeof RPC.rendering.getJob>, meta: RpcMeta) {
    return this.jobs.get(id, requireActor(meta));
  }

  @RpcHandler(RPC.rendering.jobFile)
  jobFile({ id }: In<typeof RPC.rendering.jobFile>, meta: RpcMeta) {
    return this.jobs.file(id, requireActor(meta), meta);
  }

  private async render(
    id: string,
    format: RenderFormat,
    variant: RenderVariant,
    size: CardSize,
    actor: Actor,
    meta: RpcMeta,
    language?: CardLanguage,
  ): Promise<RenderedFile> {
    const page = await this.rpc.call(
      RPC.vouchers.resolveForRender,
      { ids: [id], limit: 1 },
      { requestId: meta.requestId, actor },
    );
    const code = page.items[0];
    if (!code) throw DomainError.notFound('QR code');
    const file = await this.renderer.render(code, format, variant, size, language);
    return { fileName: file.fileName, contentType: file.contentType, data: file.data.toString('base64') };
  }
}
