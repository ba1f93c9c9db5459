import {
  assignPartnersRequestSchema,
  batchDetailSchema,
  batchSummarySchema,
  bulkGenerateRequestSchema,
  bulkGenerateResponseSchema,
  generatedQrSchema,
  generateQrRequestSchema,
  IDEMPOTENCY_KEY_PATTERN,
  listQuerySchema,
  messageResponseSchema,
  pageSchema,
  publicStatsSchema,
  publicVoucherSchema,
  qrCodePartnerSchema,
  qrCodeSchema,
  redeemResponseSchema,
  redemptionSchema,
  RPC,
  uuidParam,
  voucherStatsSchema,
  type BatchDetail,
  type BatchSummary,
  type BulkGenerateResponse,
  type MessageResponse,
  type Page,
  type PublicStats,
  type PublicVoucher,
  type QrCode,
  type QrCodePartner,
  type RedeemResponse,
  type Redemption,
  type VoucherStats,
} from '@avpass/contracts';
import { DomainError } from '@avpass/platform';
import { Body, Controller, Delete, Get, Headers, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiConsumes, ApiHeader, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { Public, Roles } from '../auth/auth.decorators';
import { ApiContract } from '../http/openapi';
import { ZodValidationPipe, zodPipe } from '../http/zod-validation.pipe';
import { ServiceCaller, type AuthenticatedRequest } from '../rpc/service-caller';
import { ImageStore, type ImageUploadRule } from '../uploads/image-store';
import { readMultipart } from '../uploads/multipart';

/** Spec section 9: the generator's logo is at most 2 MB, PNG or JPG by content. */
export const LOGO_RULE: ImageUploadRule = {
  maxBytes: 2 * 1024 * 1024,
  tooLargeMessage: 'Please select a file smaller than 2MB.',
  notImageMessage: 'Please select an image file (PNG, JPG, JPEG).',
};
const logoResponseSchema = z.object({ logoUrl: z.string(), url: z.string() });

/**
 * Validates like zodPipe but forwards the body as sent: the service parses it again with the same
 * contract, and some fields are not idempotent under parsing ('unlimited' becomes 999999, which a
 * second parse would refuse as a typed number).
 */
class CheckPipe<S extends z.ZodType> extends ZodValidationPipe<S> {
  override transform(value: unknown): z.output<S> {
    super.transform(value);
    return value as z.output<S>;
  }
}
const check = <S extends z.ZodType>(schema: S) => new CheckPipe(schema);

const idPipe = zodPipe(uuidParam);
const listPipe = zodPipe(listQuerySchema);
const page = <T extends z.ZodType>(item: T) => pageSchema(item);

/** Where the QR should point when PUBLIC_URL is not configured: the page's origin, else this host. */
function withDeploymentUrl(body: unknown, req: AuthenticatedRequest): unknown {
  const sent = body as Record<string, unknown>;
  if (typeof sent?.deploymentUrl === 'string' && sent.deploymentUrl.trim()) return sent;
  const origin = req.headers.origin;
  const fallback =
    typeof origin === 'string' && /^https?:\/\/[^/]+$/.test(origin)
      ? origin
      : `${req.protocol}://${req.headers.host ?? 'localhost'}`;
  return { ...sent, deploymentUrl: fallback };
}

/** Vouchers: generate, lists, public read, redeem, stats, batches, assignment (spec section 7). */
@ApiTags('vouchers')
@ApiBearerAuth()
@Controller('api')
export class VouchersController {
  constructor(
    readonly services: ServiceCaller,
    private readonly images: ImageStore,
  ) {}

  // ---- Public -------------------------------------------------------------------------------

  /** The voucher page. An unknown or malformed id is 404. */
  @Public()
  @Get('qr-codes/:id')
  @ApiContract({ response: publicVoucherSchema })
  getPublic(@Param('id') id: string, @Req() req: AuthenticatedRequest) {
    return this.services.call<PublicVoucher>(RPC.vouchers.getPublic, { id: id.slice(0, 200) }, req);
  }

  /**
   * Redeem at the till. Safe to retry with an `Idempotency-Key`: a repeat returns the first outcome.
   * 409 with the reason when used up, expired or inactive; 429 with Retry-After when too frequent.
   */
  @Public()
  @Post('redeem/:id')
  @HttpCode(200)
  @ApiHeader({ name: 'Idempotency-Key', required: false, description: '1-200 visible ASCII characters' })
  @ApiContract({ response: redeemResponseSchema })
  redeem(
    @Param('id') id: string,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Req() req: AuthenticatedRequest,
  ) {
    if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY_PATTERN.test(idempotencyKey)) {
      const message = 'Idempotency-Key must be 1-200 visible ASCII characters';
      throw DomainError.validation(message, { 'Idempotency-Key': [message] });
    }
    return this.services.call<RedeemResponse>(
      RPC.vouchers.redeem,
      { id: id.slice(0, 200), ...(idempotencyKey ? { idempotencyKey } : {}) },
      req,
    );
  }

  // ---- QR codes -----------------------------------------------------------------------------

  @Roles('super_admin')
  @Post('generate-qr')
  @ApiContract({ body: generateQrRequestSchema, response: generatedQrSchema, status: 201 })
  generate(@Body(check(generateQrRequestSchema)) body: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.call<QrCode>(RPC.vouchers.generate, withDeploymentUrl(body, req), req);
  }

  /** The whole batch in one transaction; at most BULK_MAX_QUANTITY codes (the service's setting). */
  @Roles('super_admin')
  @Post('bulk-generate')
  @ApiContract({ body: bulkGenerateRequestSchema, response: bulkGenerateResponseSchema, status: 201 })
  bulkGenerate(@Body(check(bulkGenerateRequestSchema)) body: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.call<BulkGenerateResponse>(
      RPC.vouchers.bulkGenerate,
      withDeploymentUrl(body, req),
      req,
    );
  }

  /** The 20 newest codes the caller may see (administrator: all; company: its assigned codes). */
  @Get('qr-codes')
  @ApiContract({ response: qrCodeSchema.array() })
  recent(@Req() req: AuthenticatedRequest) {
    return this.services.call<QrCode[]>(RPC.vouchers.listRecent, {}, req);
  }

  /** The company's codes, paged, with search. */
  @Get('qr-codes/all')
  @ApiContract({ response: page(qrCodeSchema) })
  all(@Query(listPipe) query: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.call<Page<QrCode>>(RPC.vouchers.listForActor, query, req);
  }

  /** Administrator: delete the code. Company: remove it from this company only. */
  @Delete('qr-codes/:id')
  @ApiContract({ response: messageResponseSchema })
  remove(@Param('id', idPipe) id: string, @Req() req: AuthenticatedRequest) {
    return this.services.call<MessageResponse>(RPC.vouchers.remove, { id }, req);
  }

  @Roles('super_admin')
  @Post('upload-logo')
  @HttpCode(200)
  @ApiConsumes('multipart/form-data')
  @ApiContract({ response: logoResponseSchema })
  async uploadLogo(@Req() req: AuthenticatedRequest): Promise<z.infer<typeof logoResponseSchema>> {
    const form = await readMultipart(req, 'logo', LOGO_RULE.maxBytes);
    if (!form.file || form.file.buffer.length === 0) {
      throw DomainError.validation('Please choose a logo to upload', {
        logo: ['Please choose a logo to upload'],
      });
    }
    if (form.file.truncated) throw new DomainError('PAYLOAD_TOO_LARGE', LOGO_RULE.tooLargeMessage);
    const { url } = await this.images.store(form.file.buffer, LOGO_RULE);
    return { logoUrl: url, url };
  }

  @Roles('super_admin')
  @Get('qr-codes/:id/partners')
  @ApiContract({ response: qrCodePartnerSchema.array() })
  partners(@Param('id', idPipe) id: string, @Req() req: AuthenticatedRequest) {
    return this.services.call<QrCodePartner[]>(RPC.vouchers.listPartners, { id }, req);
  }

  /** Replaces the set of partners the code is assigned to. */
  @Roles('super_admin')
  @Post('qr-codes/:id/assign-partners')
  @HttpCode(200)
  @ApiContract({ body: assignPartnersRequestSchema, response: qrCodePartnerSchema.array() })
  assign(
    @Param('id', idPipe) id: string,
    @Body(zodPipe(assignPartnersRequestSchema)) body: { partnerIds: string[] },
    @Req() req: AuthenticatedRequest,
  ) {
    return this.services.call<QrCodePartner[]>(
      RPC.vouchers.assignPartners,
      { id, partnerIds: body.partnerIds },
      req,
    );
  }

  @Roles('super_admin')
  @Get('vendors/:id/qr-codes')
  @ApiContract({ response: page(qrCodeSchema) })
  vendorCodes(
    @Param('id', idPipe) id: string,
    @Query(listPipe) query: object,
    @Req() req: AuthenticatedRequest,
  ) {
    return this.services.call<Page<QrCode>>(RPC.vouchers.listForVendor, { ...query, id }, req);
  }

  // ---- Stats, admin lists -------------------------------------------------------------------

  /** Platform-wide totals (the spec's public stats call; no per-partner or per-day figures). */
  @Public()
  @Get('public/stats')
  @ApiContract({ response: publicStatsSchema })
  publicStats(@Req() req: AuthenticatedRequest) {
    return this.services.call<PublicStats>(RPC.vouchers.publicStats, {}, req);
  }

  @Roles('super_admin')
  @Get('admin/stats')
  @ApiContract({ response: voucherStatsSchema })
  adminStats(@Req() req: AuthenticatedRequest) {
    return this.services.call<VoucherStats>(RPC.vouchers.adminStats, {}, req);
  }

  /** The signed-in company's own figures. */
  @Get('stats')
  @ApiContract({ response: voucherStatsSchema })
  stats(@Req() req: AuthenticatedRequest) {
    return this.services.call<VoucherStats>(RPC.vouchers.companyStats, {}, req);
  }

  @Get('redemptions')
  @ApiContract({ response: page(redemptionSchema) })
  redemptions(@Query(listPipe) query: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.call<Page<Redemption>>(RPC.vouchers.companyRedemptions, query, req);
  }

  @Roles('super_admin')
  @Get('admin/qr-codes')
  @ApiContract({ response: page(qrCodeSchema) })
  adminCodes(@Query(listPipe) query: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.call<Page<QrCode>>(RPC.vouchers.adminList, query, req);
  }

  @Roles('super_admin')
  @Delete('admin/qr-codes/:id')
  @ApiContract({ response: messageResponseSchema })
  adminRemove(@Param('id', idPipe) id: string, @Req() req: AuthenticatedRequest) {
    return this.services.call<MessageResponse>(RPC.vouchers.remove, { id }, req);
  }

  @Roles('super_admin')
  @Get('admin/redemptions')
  @ApiContract({ response: page(redemptionSchema) })
  adminRedemptions(@Query(listPipe) query: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.call<Page<Redemption>>(RPC.vouchers.adminRedemptions, query, req);
  }

  @Roles('super_admin')
  @Get('admin/batches')
  @ApiContract({ response: page(batchSummarySchema) })
  batches(@Query(listPipe) query: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.call<Page<BatchSummary>>(RPC.vouchers.adminBatches, query, req);
  }

  /** "View Codes": the batch with its codes. */
  @Roles('super_admin')
  @Get('admin/batches/:id')
  @ApiContract({ response: batchDetailSchema })
  batch(@Param('id', idPipe) id: string, @Req() req: AuthenticatedRequest) {
    return this.services.call<BatchDetail>(RPC.vouchers.adminBatch, { id }, req);
  }
}
