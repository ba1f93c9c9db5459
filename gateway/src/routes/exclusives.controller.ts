import { RPC } from '@avpass/contracts';
import { Body, Controller, Get, Inject, Post, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Roles } from '../auth/auth.decorators';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { ApiIdempotencyKey, idempotencyOf } from '../http/idempotency';
import { ApiRpc } from '../http/openapi';
import { deploymentUrlOf } from '../http/origin';
import { Polled } from '../http/route-traits';
import { ServiceCaller, type AuthenticatedRequest } from '../rpc/service-caller';

/**
 * Project Rooted exclusives (spec section 7, "Exclusives"). Deleting one is DELETE /api/qr-codes/{id},
 * as for any code.
 */
@ApiTags('exclusives')
@ApiBearerAuth()
@Controller('api/project-rooted-exclusives')
export class ExclusivesController {
  constructor(
    readonly services: ServiceCaller,
    @Inject(GATEWAY_CONFIG) private readonly gatewayConfig: GatewayConfig,
  ) {}

  /** A page of one tab (?filter=all|active|upcoming|expired|training|raffles|events|discounts) and every tab's count. */
  @Roles('super_admin')
  @Get()
  @Polled()
  @ApiRpc(RPC.vouchers.listExclusives)
  list(@Query() query: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.forward(RPC.vouchers.listExclusives, query, req);
  }

  @Roles('super_admin')
  @Post()
  @ApiIdempotencyKey()
  @ApiRpc(RPC.vouchers.createExclusive, { body: true, added: ['idempotencyKey'], status: 201 })
  create(@Body() body: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.forward(RPC.vouchers.createExclusive, body, req, {
      ...deploymentUrlOf(body, req, this.gatewayConfig.PUBLIC_URL),
      ...idempotencyOf(req),
    });
  }
}
