import { RPC, type TrainerExportPage, type TrainerExportRow } from '@avpass/contracts';
import { centsToDollars } from '@avpass/domain';
import { Body, Controller, Get, HttpCode, Inject, Post, Put, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiConsumes, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { Roles } from '../auth/auth.decorators';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { ApiIdempotencyKey, idempotencyOf } from '../http/idempotency';
import { ApiContract, ApiRpc } from '../http/openapi';
import { deploymentUrlOf } from '../http/origin';
import { ServiceCaller, type AuthenticatedRequest } from '../rpc/service-caller';
import { ImageStore, type ImageFormRule } from '../uploads/image-store';
import { csvRow } from './csv';
import { sendPagedCsv } from './csv-export';

/** Spec sections 5 and 9: a trainer photo is at most 5 MB and an image by content. */
export const TRAINER_IMAGE_RULE = {
  field: 'image',
  missingMessage: 'Please choose an image to upload',
  maxBytes: 5 * 1024 * 1024,
  tooLargeMessage: 'Image size must be less than 5MB',
  notImageMessage: 'Only image files are allowed',
} satisfies ImageFormRule;
const imageResponseSchema = z.object({ imageUrl: z.string(), url: z.string() });

const CSV_HEADER = [
  'Redeemed At (UTC)',
  'Trainer',
  'Role',
  'Partner',
  'Discount %',
  'Sale ($)',
  'Discount Given ($)',
  'Redeemed By',
  'Device',
  'QR Code ID',
  'Redemption ID',
];
const dollars = (cents: number | null) => (cents === null ? null : centsToDollars(cents).toFixed(2));
const csvLine = (r: TrainerExportRow) =>
  csvRow([
    r.redeemedAt,
    r.trainerName,
    r.trainerRole,
    r.partnerName,
    r.discountPercent,
    dollars(r.transactionAmount),
    dollars(r.discountApplied),
    r.redeemedBy,
    r.deviceInfo,
    r.qrCodeId,
    r.redemptionId,
  ]);

/** Trainer/athlete codes, the trainer form's saved configuration, and athlete/partnership analytics. */
@ApiTags('trainers')
@ApiBearerAuth()
@Controller('api')
export class TrainersController {
  constructor(
    readonly services: ServiceCaller,
    private readonly images: ImageStore,
    @Inject(GATEWAY_CONFIG) private readonly gatewayConfig: GatewayConfig,
  ) {}

  /** One code (`trainerName`) or one per name (`trainerNames`, comma or line separated), in one transaction. */
  @Roles('super_admin')
  @Post('generate-trainer-qr')
  @ApiIdempotencyKey()
  @ApiRpc(RPC.vouchers.generateTrainer, { body: true, added: ['idempotencyKey'], status: 201 })
  generate(@Body() body: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.forward(RPC.vouchers.generateTrainer, body, req, {
      ...deploymentUrlOf(body, req, this.gatewayConfig.PUBLIC_URL),
      ...idempotencyOf(req),
    });
  }

  @Roles('super_admin')
  @Get('qr-codes/trainers')
  @ApiRpc(RPC.vouchers.listTrainers)
  trainers(@Query() query: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.forward(RPC.vouchers.listTrainers, query, req);
  }

  /** A company's trainer codes: those assigned to it. */
  @Roles('company_admin')
  @Get('partner-assigned-qr-codes')
  @ApiRpc(RPC.vouchers.listTrainers)
  assigned(@Query() query: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.forward(RPC.vouchers.listTrainers, query, req);
  }

  /** The administrator's saved trainer form configuration (null until saved). */
  @Roles('super_admin')
  @Get('trainer-config')
  @ApiRpc(RPC.vouchers.getTrainerConfig)
  config(@Req() req: AuthenticatedRequest) {
    return this.services.call(RPC.vouchers.getTrainerConfig, {}, req);
  }

  @Roles('super_admin')
  @Put('trainer-config')
  @ApiRpc(RPC.vouchers.saveTrainerConfig, { body: true })
  saveConfig(@Body() body: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.forward(RPC.vouchers.saveTrainerConfig, body, req);
  }

  @Roles('super_admin')
  @Post('upload-trainer-image')
  @HttpCode(200)
  @ApiConsumes('multipart/form-data')
  @ApiContract({ response: imageResponseSchema })
  async uploadImage(@Req() req: AuthenticatedRequest): Promise<z.infer<typeof imageResponseSchema>> {
    const { url } = await this.images.storeUpload(req, TRAINER_IMAGE_RULE);
    return { imageUrl: url, url };
  }

  /** Summary, per-day series and one page of per-trainer rows (each with its 5 newest redemptions). */
  @Roles('super_admin', 'company_admin')
  @Get('trainer-analytics')
  @ApiRpc(RPC.vouchers.trainerAnalytics)
  analytics(@Query() query: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.forward(RPC.vouchers.trainerAnalytics, query, req);
  }

  /**
   * Every redemption in the range as CSV, streamed page by page (each page one call), so no process
   * holds more than a page. The first page is fetched before the answer starts, so a bad query is a 400.
   */
  @Roles('super_admin', 'company_admin')
  @Get('trainer-analytics/export')
  @ApiProduces('text/csv')
  async export(
    @Query() query: unknown,
    @Req() req: AuthenticatedRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await sendPagedCsv<TrainerExportPage>(reply, {
      header: CSV_HEADER,
      query,
      fetchPage: (filters) => this.services.forward(RPC.vouchers.trainerExportPage, filters, req),
      lines: (page) => page.rows.map(csvLine),
      nextCursor: (page) => page.nextCursor,
      fileName: (first) => `athlete-analytics-${first.startDate}-to-${first.endDate}.csv`,
    });
  }
}
