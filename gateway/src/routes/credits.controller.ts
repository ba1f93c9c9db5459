import { RPC } from '@avpass/contracts';
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiConsumes, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { Roles } from '../auth/auth.decorators';
import { ApiIdempotencyKey, idempotencyOf } from '../http/idempotency';
import { ApiContract, ApiRpc } from '../http/openapi';
import { Polled } from '../http/route-traits';
import { ServiceCaller, type AuthenticatedRequest } from '../rpc/service-caller';
import { ImageStore, type ImageFormRule } from '../uploads/image-store';

/** Spec section 5: athlete and trainer photos are at most 5MB, images only. */
export const ATHLETE_PHOTO_RULE = {
  field: 'photo',
  missingMessage: 'Please choose a photo to upload',
  maxBytes: 5 * 1024 * 1024,
  tooLargeMessage: 'Image size must be less than 5MB',
  notImageMessage: 'Only image files are allowed',
} satisfies ImageFormRule;
const photoResponseSchema = z.object({ url: z.string() });

/** Athlete credits and their ledger (spec section 7 "Credits"). */
@ApiTags('credits')
@ApiBearerAuth()
@Controller('api')
export class CreditsController {
  constructor(
    readonly services: ServiceCaller,
    private readonly images: ImageStore,
  ) {}

  // ---- Administrator: allocations and the ledger --------------------------------------------

  @Roles('super_admin')
  @Get('athlete-credits')
  // Decision 250: no version source (removing a credit publishes no event; a club-wide credit charged
  // by one partner changes what every partner sees, and the event names only that one).
  @Polled({ conditional: false })
  @ApiRpc(RPC.credits.list)
  list(@Query() query: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.forward(RPC.credits.list, query, req);
  }

  @Roles('super_admin')
  @Post('athlete-credits')
  @ApiIdempotencyKey()
  @ApiRpc(RPC.credits.create, { body: true, added: ['idempotencyKey'], status: 201 })
  create(@Body() body: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.forward(RPC.credits.create, body, req, idempotencyOf(req));
  }

  /** Removes a credit without transactions; one with transactions is deactivated (its ledger stays). */
  @Roles('super_admin')
  @Delete('athlete-credits/:id')
  @ApiIdempotencyKey()
  @ApiRpc(RPC.credits.remove)
  remove(@Param('id') id: string, @Req() req: AuthenticatedRequest) {
    return this.services.call(RPC.credits.remove, { id, ...idempotencyOf(req) }, req);
  }

  @Roles('super_admin')
  @Get('credit-transactions')
  @Polled({ conditional: false })
  @ApiRpc(RPC.credits.transactions)
  transactions(@Query() query: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.forward(RPC.credits.transactions, query, req);
  }

  /** 409 with the reason when the credit is expired, inactive or would go below zero. */
  @Roles('super_admin')
  @Post('credit-transactions')
  @ApiIdempotencyKey()
  @ApiRpc(RPC.credits.recordLedger, { body: true, added: ['idempotencyKey'], status: 201 })
  recordLedger(@Body() body: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.forward(RPC.credits.recordLedger, body, req, idempotencyOf(req));
  }

  /** One-way; a second void changes nothing and answers 409. */
  @Roles('super_admin')
  @Post('credit-transactions/:id/void')
  @HttpCode(200)
  @ApiIdempotencyKey()
  @ApiRpc(RPC.credits.voidTransaction, { body: true, added: ['id', 'idempotencyKey'] })
  voidTransaction(@Param('id') id: string, @Body() body: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.forward(RPC.credits.voidTransaction, body, req, { id, ...idempotencyOf(req) });
  }

  @Roles('super_admin')
  @Post('upload/athlete-photo')
  @HttpCode(200)
  @ApiConsumes('multipart/form-data')
  @ApiContract({ response: photoResponseSchema })
  async uploadPhoto(@Req() req: AuthenticatedRequest): Promise<z.infer<typeof photoResponseSchema>> {
    const { url } = await this.images.storeUpload(req, ATHLETE_PHOTO_RULE);
    return { url };
  }

  // ---- Partners: the till ---------------------------------------------------------------------

  /** The credits the signed-in company may process (its own and those tied to no partner). */
  @Get('partner-athlete-credits')
  @Polled({ conditional: false })
  @ApiRpc(RPC.credits.listForPartner)
  partnerCredits(@Query() query: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.forward(RPC.credits.listForPartner, query, req);
  }

  /**
   * The Record Transaction dialog's athlete type-ahead: the credits the signed-in company may process
   * that have money to spend today, by athlete name, keyset-paged (issue 27).
   */
  @Get('credits/spendable-athletes')
  @ApiRpc(RPC.credits.spendableAthletes)
  spendableAthletes(@Query() query: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.forward(RPC.credits.spendableAthletes, query, req);
  }

  /** The company's own transactions (the administrator: all). */
  @Get('credits/partner-transactions')
  @Polled({ conditional: false })
  @ApiRpc(RPC.credits.partnerTransactions)
  partnerTransactions(@Query() query: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.forward(RPC.credits.partnerTransactions, query, req);
  }

  /** The Partner Credits cards, from counters. */
  @Get('credits/partner-summary')
  @Polled({ conditional: false })
  @ApiRpc(RPC.credits.summary)
  summary(@Req() req: AuthenticatedRequest) {
    return this.services.call(RPC.credits.summary, {}, req);
  }

  /** The till: partner id and name come from the session, never the body. */
  @Post('credits/:id/transactions')
  @ApiIdempotencyKey()
  @ApiRpc(RPC.credits.record, { body: true, added: ['id', 'idempotencyKey'], status: 201 })
  record(@Param('id') id: string, @Body() body: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.forward(RPC.credits.record, body, req, { id, ...idempotencyOf(req) });
  }
}
