import { RPC, type MessageResponse } from '@avpass/contracts';
import { Body, Controller, Delete, Get, Param, Patch, Post, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Public, Roles } from '../auth/auth.decorators';
import { ApiRpc } from '../http/openapi';
import { ServiceCaller, type AuthenticatedRequest } from '../rpc/service-caller';
import { UploadJanitor, vendorFiles } from '../uploads/upload-janitor';

/** Partners and their portal users. Bodies and ids are validated by the partners service's contracts. */
@ApiTags('partners')
@ApiBearerAuth()
@Controller('api')
export class PartnersController {
  constructor(
    private readonly services: ServiceCaller,
    private readonly janitor: UploadJanitor,
  ) {}

  /** The partners screen: ?search (name or e-mail), ?category, ?limit, ?offset or ?cursor. */
  @Roles('super_admin')
  @Get('vendors')
  @ApiRpc(RPC.partners.page)
  list(@Query() query: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.forward(RPC.partners.page, query, req);
  }

  /** One partner (the details dialog reads it again after each change). */
  @Roles('super_admin')
  @Get('vendors/:id')
  @ApiRpc(RPC.partners.get)
  get(@Param('id') id: string, @Req() req: AuthenticatedRequest) {
    return this.services.call(RPC.partners.get, { id }, req);
  }

  @Roles('super_admin')
  @Post('vendors')
  @ApiRpc(RPC.partners.create, { body: true, status: 201 })
  create(@Body() body: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.forward(RPC.partners.create, body, req);
  }

  @Roles('super_admin')
  @Patch('vendors/:id')
  @ApiRpc(RPC.partners.update, { body: true, added: ['id'] })
  async update(@Param('id') id: string, @Body() changes: unknown, @Req() req: AuthenticatedRequest) {
    const before = await this.services.call(RPC.partners.get, { id }, req);
    const after = await this.services.forward(RPC.partners.update, changes, req, { id });
    // A replaced logo or a gallery photo taken out: its file goes once nothing shows it.
    await this.janitor.releaseDropped(before, after, req);
    return after;
  }

  /**
   * Deleting a partner also deactivates its portal users and ends their sessions (partner.deleted);
   * its vouchers and redemptions stay. Its files go, except a logo a voucher still shows.
   */
  @Roles('super_admin')
  @Delete('vendors/:id')
  @ApiRpc(RPC.partners.remove)
  async remove(@Param('id') id: string, @Req() req: AuthenticatedRequest): Promise<MessageResponse> {
    const before = await this.services.call(RPC.partners.get, { id }, req);
    await this.services.call(RPC.partners.remove, { id }, req);
    await this.janitor.release(vendorFiles(before), req);
    return { message: 'Partner deleted' };
  }

  /** Super administrators see every company; partner staff only their own. */
  @Get('companies')
  @ApiRpc(RPC.partners.listCompanies)
  companies(@Req() req: AuthenticatedRequest) {
    return this.services.call(RPC.partners.listCompanies, {}, req);
  }

  @Public()
  @Get('public/partners')
  @ApiRpc(RPC.partners.publicList)
  publicPartners(@Query() query: unknown, @Req() req: AuthenticatedRequest) {
    // No query: the old list (spec §7); ?cursor=&limit=&search=: a keyset page {items, nextCursor}.
    return this.services.forward(RPC.partners.publicList, query ?? {}, req);
  }

  @Roles('super_admin')
  @Get('partners/:id/users')
  @ApiRpc(RPC.partners.listUsers)
  users(@Param('id') partnerId: string, @Req() req: AuthenticatedRequest) {
    return this.services.call(RPC.partners.listUsers, { partnerId }, req);
  }

  @Roles('super_admin')
  @Post('partners/:id/users')
  @ApiRpc(RPC.partners.createUser, { body: true, added: ['partnerId'], status: 201 })
  createUser(@Param('id') partnerId: string, @Body() user: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.forward(RPC.partners.createUser, user, req, { partnerId });
  }

  @Roles('super_admin')
  @Patch('partners/:id/users/:userId')
  @ApiRpc(RPC.partners.setUserActive, { body: true, added: ['partnerId', 'userId'] })
  setUserActive(
    @Param('id') partnerId: string,
    @Param('userId') userId: string,
    @Body() body: unknown,
    @Req() req: AuthenticatedRequest,
  ) {
    return this.services.forward(RPC.partners.setUserActive, body, req, { partnerId, userId });
  }
}
