import { RPC } from '@avpass/contracts';
import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiConsumes, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { Public, Roles } from '../auth/auth.decorators';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { ApiIdempotencyKey, idempotencyOf } from '../http/idempotency';
import { ApiContract, ApiRpc } from '../http/openapi';
import { deploymentUrlOf } from '../http/origin';
import { HotWrite, Polled, Redeem } from '../http/route-traits';
import { ServiceCaller, type AuthenticatedRequest } from '../rpc/service-caller';
import { ImageStore, type ImageFormRule } from '../uploads/image-store';

/** Spec section 9: the generator's logo is at most 2 MB, PNG or JPG by content. */
export const LOGO_RULE = {
  field: 'logo',
  missingMessage: 'Please choose a logo to upload',
  maxBytes: 2 * 1024 * 1024,
  tooLargeMessage: 'Please select a file smaller than 2MB.',
  notImageMessage: 'Please select an image file (PNG, JPG, JPEG).',
} satisfies ImageFormRule;
const logoResponseSchema = z.object({ logoUrl: z.string(), url: z.string() });

/** A 100,000-code batch takes seconds (more on a busy database): longer than RPC_TIMEOUT_MS. */
const BULK_GENERATE_TIMEOUT_MS = 120_000;

/** Vouchers: generate, lists, public read, redeem, stats, batches, assignment (spec section 7). */
@ApiTags('vouchers')
@ApiBearerAuth()
@Controller('api')
export class VouchersController {
  constructor(
    readonly services: ServiceCaller,
    private readonly images: ImageStore,
    @Inject(GATEWAY_CONFIG) private readonly gatewayConfig: GatewayConfig,
  ) {}

  // ---- Public -------------------------------------------------------------------------------

  /** The voucher page. An unknown or malformed id is 404. */
  @Public()
  @Get('qr-codes/:id')
  @ApiRpc(RPC.vouchers.getPublic)
  getPublic(@Param('id') id: string, @Req() req: AuthenticatedRequest) {
    return this.services.call(RPC.vouchers.getPublic, { id }, req);
  }

  /**
   * The member's own redeem on the voucher page. Safe to retry with an `Idempotency-Key` (a member's
   * must be a random UUID: the key is the only thing that is the member's own); without one it is not
   * retry-safe. 409 with the reason when used up, expired, inactive or not started yet ('This voucher
   * is valid from {date}.'); 429 with Retry-After when too frequent.
   */
  @Public()
  @Post('redeem/:id')
  @HotWrite()
  @Redeem()
  @HttpCode(200)
  @ApiIdempotencyKey({
    redeem: true,
    note: "Without a signed-in user (a member's own redeem) the key must be a random UUID.",
  })
  @ApiRpc(RPC.vouchers.redeem, { body: true, added: ['id', 'idempotencyKey'] })
  redeem(@Param('id') id: string, @Body() body: unknown, @Req() req: AuthenticatedRequest) {
    // The key's format and the optional `{ transactionAmount }` (cents) are checked by the redeem
    // contract (redeemRequestSchema), in the service. No body is a redeem without a sale.
    return this.services.forward(RPC.vouchers.redeem, body ?? {}, req, { id, ...idempotencyOf(req) });
  }

  // ---- QR codes -----------------------------------------------------------------------------

  /**
   * Any signed-in user (spec §2). `partnerId` makes the code that partner's (shown in its portal at
   * once; unknown: 404); a company_admin's codes are its own company's (another's partnerId: 403).
   */
  @Roles('super_admin', 'company_admin')
  @Post('generate-qr')
  @ApiIdempotencyKey()
  @ApiRpc(RPC.vouchers.generate, { body: true, added: ['idempotencyKey'], status: 201 })
  generate(@Body() body: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.forward(RPC.vouchers.generate, body, req, {
      ...deploymentUrlOf(body, req, this.gatewayConfig.PUBLIC_URL),
      ...idempotencyOf(req),
    });
  }

  /**
   * The whole batch in one transaction; at most BULK_MAX_QUANTITY codes (the service's setting,
   * 100,000 by default: a few seconds, so this call waits up to BULK_GENERATE_TIMEOUT_MS). Any
   * signed-in user, with generate-qr's partner rule.
   */
  @Roles('super_admin', 'company_admin')
  @Post('bulk-generate')
  @ApiIdempotencyKey()
  @ApiRpc(RPC.vouchers.bulkGenerate, { body: true, added: ['idempotencyKey'], status: 201 })
  bulkGenerate(@Body() body: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.forward(
      RPC.vouchers.bulkGenerate,
      body,
      req,
      { ...deploymentUrlOf(body, req, this.gatewayConfig.PUBLIC_URL), ...idempotencyOf(req) },
      BULK_GENERATE_TIMEOUT_MS,
    );
  }

  /** The 20 newest codes the caller may see (administrator: all; company: its assigned codes). */
  @Get('qr-codes')
  @Polled()
  @ApiRpc(RPC.vouchers.listRecent)
  recent(@Req() req: AuthenticatedRequest) {
    return this.services.call(RPC.vouchers.listRecent, {}, req);
  }

  /** The company's codes, paged, with search. */
  @Get('qr-codes/all')
  @Polled()
  @ApiRpc(RPC.vouchers.listForActor)
  all(@Query() query: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.forward(RPC.vouchers.listForActor, query, req);
  }

  /** Administrator: delete the code. Company: remove it from this company only. */
  @Delete('qr-codes/:id')
  @ApiRpc(RPC.vouchers.remove)
  remove(@Param('id') id: string, @Req() req: AuthenticatedRequest) {
    return this.services.call(RPC.vouchers.remove, { id }, req);
  }

  /** The generator's logo: whoever may generate (a company_admin too, spec §2). */
  @Roles('super_admin', 'company_admin')
  @Post('upload-logo')
  @HttpCode(200)
  @ApiConsumes('multipart/form-data')
  @ApiContract({ response: logoResponseSchema })
  async uploadLogo(@Req() req: AuthenticatedRequest): Promise<z.infer<typeof logoResponseSchema>> {
    const { url } = await this.images.storeUpload(req, LOGO_RULE);
    return { logoUrl: url, url };
  }

  @Roles('super_admin')
  @Get('qr-codes/:id/partners')
  @ApiRpc(RPC.vouchers.listPartners)
  partners(@Param('id') id: string, @Req() req: AuthenticatedRequest) {
    return this.services.call(RPC.vouchers.listPartners, { id }, req);
  }

  /**
   * A whole batch (`batchId`, up to 100,000 codes) or a selection (`qrCodeIds`) to partners, in one
   * transaction; answers how many codes and how many new assignments. Safe to retry with an
   * `Idempotency-Key`. Declared before the per-code route (a static segment, not an id).
   */
  @Roles('super_admin')
  @Post('qr-codes/assign-partners')
  @HttpCode(200)
  @ApiIdempotencyKey()
  @ApiRpc(RPC.vouchers.bulkAssignPartners, { body: true, added: ['idempotencyKey'] })
  bulkAssign(@Body() body: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.forward(
      RPC.vouchers.bulkAssignPartners,
      body,
      req,
      idempotencyOf(req),
      BULK_GENERATE_TIMEOUT_MS,
    );
  }

  /** Replaces the set of partners the code is assigned to. */
  @Roles('super_admin')
  @Post('qr-codes/:id/assign-partners')
  @HttpCode(200)
  @ApiRpc(RPC.vouchers.assignPartners, { body: true, added: ['id'] })
  assign(@Param('id') id: string, @Body() body: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.forward(RPC.vouchers.assignPartners, body, req, { id });
  }

  @Roles('super_admin')
  @Get('vendors/:id/qr-codes')
  @ApiRpc(RPC.vouchers.listForVendor)
  async vendorCodes(@Param('id') id: string, @Query() query: unknown, @Req() req: AuthenticatedRequest) {
    // An unknown partner is 404, not an empty page; both asked at once (one round trip of waiting).
    const [, page] = await Promise.all([
      this.services.call(RPC.partners.get, { id }, req),
      this.services.forward(RPC.vouchers.listForVendor, query, req, { id }),
    ]);
    return page;
  }

  // ---- Stats, admin lists -------------------------------------------------------------------

  /** Platform-wide totals (the spec's public stats call; no per-partner or per-day figures). */
  @Public()
  @Get('public/stats')
  @ApiRpc(RPC.vouchers.publicStats)
  publicStats(@Req() req: AuthenticatedRequest) {
    return this.services.call(RPC.vouchers.publicStats, {}, req);
  }

  @Roles('super_admin')
  @Get('admin/stats')
  @Polled()
  @ApiRpc(RPC.vouchers.adminStats)
  adminStats(@Req() req: AuthenticatedRequest) {
    return this.services.call(RPC.vouchers.adminStats, {}, req);
  }

  /** The signed-in company's own figures. */
  @Get('stats')
  @Polled()
  @ApiRpc(RPC.vouchers.companyStats)
  stats(@Req() req: AuthenticatedRequest) {
    return this.services.call(RPC.vouchers.companyStats, {}, req);
  }

  @Get('redemptions')
  @Polled()
  @ApiRpc(RPC.vouchers.companyRedemptions)
  redemptions(@Query() query: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.forward(RPC.vouchers.companyRedemptions, query, req);
  }

  @Roles('super_admin')
  @Get('admin/qr-codes')
  @Polled()
  @ApiRpc(RPC.vouchers.adminList)
  adminCodes(@Query() query: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.forward(RPC.vouchers.adminList, query, req);
  }

  @Roles('super_admin')
  @Delete('admin/qr-codes/:id')
  @ApiRpc(RPC.vouchers.remove)
  adminRemove(@Param('id') id: string, @Req() req: AuthenticatedRequest) {
    return this.services.call(RPC.vouchers.remove, { id }, req);
  }

  @Roles('super_admin')
  @Get('admin/redemptions')
  @Polled()
  @ApiRpc(RPC.vouchers.adminRedemptions)
  adminRedemptions(@Query() query: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.forward(RPC.vouchers.adminRedemptions, query, req);
  }

  @Roles('super_admin')
  @Get('admin/batches')
  @ApiRpc(RPC.vouchers.adminBatches)
  batches(@Query() query: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.forward(RPC.vouchers.adminBatches, query, req);
  }

  /** "View Codes": the batch with its codes. */
  @Roles('super_admin')
  @Get('admin/batches/:id')
  @ApiRpc(RPC.vouchers.adminBatch)
  batch(@Param('id') id: string, @Req() req: AuthenticatedRequest) {
    return this.services.call(RPC.vouchers.adminBatch, { id }, req);
  }
}
