import {
  companySummarySchema,
  createPortalUserRequestSchema,
  createVendorRequestSchema,
  portalUserSchema,
  publicPartnerSchema,
  RPC,
  updatePortalUserRequestSchema,
  updateVendorRequestSchema,
  uuidParam,
  vendorSchema,
  type CompanySummary,
  type MessageResponse,
  type PortalUser,
  type PublicPartner,
  type Vendor,
} from '@avpass/contracts';
import { Body, Controller, Delete, Get, Param, Patch, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Public, Roles } from '../auth/auth.decorators';
import { ApiContract } from '../http/openapi';
import { zodPipe } from '../http/zod-validation.pipe';
import { ServiceCaller, type AuthenticatedRequest } from '../rpc/service-caller';

const idPipe = zodPipe(uuidParam);

@ApiTags('partners')
@ApiBearerAuth()
@Controller('api')
export class PartnersController {
  constructor(private readonly services: ServiceCaller) {}

  @Roles('super_admin')
  @Get('vendors')
  @ApiContract({ response: vendorSchema.array() })
  list(@Req() req: AuthenticatedRequest) {
    return this.services.call<Vendor[]>(RPC.partners.list, {}, req);
  }

  @Roles('super_admin')
  @Post('vendors')
  @ApiContract({ body: createVendorRequestSchema, response: vendorSchema, status: 201 })
  create(@Body(zodPipe(createVendorRequestSchema)) body: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.call<Vendor>(RPC.partners.create, body, req);
  }

  @Roles('super_admin')
  @Patch('vendors/:id')
  @ApiContract({ body: updateVendorRequestSchema, response: vendorSchema })
  update(
    @Param('id', idPipe) id: string,
    @Body(zodPipe(updateVendorRequestSchema)) changes: unknown,
    @Req() req: AuthenticatedRequest,
  ) {
    return this.services.call<Vendor>(RPC.partners.update, { id, changes }, req);
  }

  /** Deleting a partner also deactivates its portal users and ends their sessions (partner.deleted). */
  @Roles('super_admin')
  @Delete('vendors/:id')
  async remove(@Param('id', idPipe) id: string, @Req() req: AuthenticatedRequest): Promise<MessageResponse> {
    await this.services.call(RPC.partners.remove, { id }, req);
    return { message: 'Partner deleted' };
  }

  /** Super administrators see every company; partner staff only their own. */
  @Get('companies')
  @ApiContract({ response: companySummarySchema.array() })
  companies(@Req() req: AuthenticatedRequest) {
    return this.services.call<CompanySummary[]>(RPC.partners.listCompanies, {}, req);
  }

  @Public()
  @Get('public/partners')
  @ApiContract({ response: publicPartnerSchema.array() })
  publicPartners(@Req() req: AuthenticatedRequest) {
    return this.services.call<PublicPartner[]>(RPC.partners.publicList, {}, req);
  }

  @Roles('super_admin')
  @Get('partners/:id/users')
  @ApiContract({ response: portalUserSchema.array() })
  users(@Param('id', idPipe) companyId: string, @Req() req: AuthenticatedRequest) {
    return this.services.call<PortalUser[]>(RPC.partners.listUsers, { partnerId: companyId }, req);
  }

  @Roles('super_admin')
  @Post('partners/:id/users')
  @ApiContract({ body: createPortalUserRequestSchema, response: portalUserSchema, status: 201 })
  createUser(
    @Param('id', idPipe) companyId: string,
    @Body(zodPipe(createPortalUserRequestSchema)) user: unknown,
    @Req() req: AuthenticatedRequest,
  ) {
    return this.services.call<PortalUser>(RPC.partners.createUser, { partnerId: companyId, user }, req);
  }

  @Roles('super_admin')
  @Patch('partners/:id/users/:userId')
  @ApiContract({ body: updatePortalUserRequestSchema, response: portalUserSchema })
  setUserActive(
    @Param('id', idPipe) companyId: string,
    @Param('userId', idPipe) userId: string,
    @Body(zodPipe(updatePortalUserRequestSchema)) body: { isActive: boolean },
    @Req() req: AuthenticatedRequest,
  ) {
    return this.services.call<PortalUser>(RPC.partners.setUserActive, { partnerId: companyId, userId, isActive: body.isActive }, req);
  }
}
