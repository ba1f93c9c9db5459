import { RPC, type MerchItem } from '@avpass/contracts';
import { Body, Controller, Delete, Get, Param, Post, Put, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiConsumes, ApiTags } from '@nestjs/swagger';
import { Roles } from '../auth/auth.decorators';
import { ApiIdempotencyKey, idempotencyOf } from '../http/idempotency';
import { ApiRpc } from '../http/openapi';
import { ServiceCaller, type AuthenticatedRequest } from '../rpc/service-caller';
import { ImageStore, type ImageFormRule } from '../uploads/image-store';

/** A merch item's product image: the vendor photo cap (spec section 9 names none for merch). */
export const MERCH_IMAGE_RULE: ImageFormRule = {
  field: 'image',
  maxBytes: 10 * 1024 * 1024,
  tooLargeMessage: 'Please select a file smaller than 10MB',
  notImageMessage: 'Please select an image file (PNG, JPG, JPEG).',
  formLimits: { fields: 20, fieldSize: 4000 },
};

/**
 * Merchandise inventory (spec section 7). Bodies, queries and ids are validated by the inventory
 * service's contracts; merch items come as multipart forms whose optional `image` goes through the
 * upload module first.
 */
@ApiTags('inventory')
@ApiBearerAuth()
@Controller('api')
export class InventoryController {
  constructor(
    private readonly services: ServiceCaller,
    private readonly images: ImageStore,
  ) {}

  @Roles('super_admin')
  @Get('merch-items')
  @ApiRpc(RPC.inventory.listItems)
  listItems(@Query() query: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.forward(RPC.inventory.listItems, query, req);
  }

  @Roles('super_admin')
  @Post('merch-items')
  @ApiConsumes('multipart/form-data')
  @ApiRpc(RPC.inventory.createItem, { body: true, status: 201 })
  async createItem(@Req() req: AuthenticatedRequest): Promise<MerchItem> {
    const fields = await this.itemForm(req);
    return this.services.forward(RPC.inventory.createItem, fields, req);
  }

  @Roles('super_admin')
  @Put('merch-items/:id')
  @ApiConsumes('multipart/form-data')
  @ApiRpc(RPC.inventory.updateItem, { body: true, added: ['id'] })
  async updateItem(@Param('id') id: string, @Req() req: AuthenticatedRequest): Promise<MerchItem> {
    const fields = await this.itemForm(req);
    return this.services.forward(RPC.inventory.updateItem, fields, req, { id });
  }

  @Roles('super_admin')
  @Delete('merch-items/:id')
  @ApiRpc(RPC.inventory.removeItem)
  removeItem(@Param('id') id: string, @Req() req: AuthenticatedRequest) {
    return this.services.call(RPC.inventory.removeItem, { id }, req);
  }

  @Roles('super_admin')
  @Get('merch-items/:id/inventory')
  @ApiRpc(RPC.inventory.itemLines)
  itemLines(@Param('id') id: string, @Query() query: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.forward(RPC.inventory.itemLines, query, req, { id });
  }

  @Roles('super_admin')
  @Get('inventory/summary')
  @ApiRpc(RPC.inventory.summary)
  summary(@Req() req: AuthenticatedRequest) {
    return this.services.call(RPC.inventory.summary, {}, req);
  }

  @Roles('super_admin')
  @Post('inventory')
  @ApiIdempotencyKey()
  @ApiRpc(RPC.inventory.createLine, { body: true, added: ['idempotencyKey'], status: 201 })
  createLine(@Body() body: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.forward(RPC.inventory.createLine, body, req, idempotencyOf(req));
  }

  @Roles('super_admin')
  @Post('inventory/bulk')
  @ApiIdempotencyKey()
  @ApiRpc(RPC.inventory.bulkCreateLines, { body: true, added: ['idempotencyKey'], status: 201 })
  bulkCreate(@Body() body: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.forward(RPC.inventory.bulkCreateLines, body, req, idempotencyOf(req));
  }

  /** Restock: `quantity` is added to total and available. */
  @Roles('super_admin')
  @Put('inventory/:id')
  @ApiIdempotencyKey()
  @ApiRpc(RPC.inventory.restock, { body: true, added: ['id', 'idempotencyKey'] })
  restock(@Param('id') id: string, @Body() body: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.forward(RPC.inventory.restock, body, req, { id, ...idempotencyOf(req) });
  }

  /** The administrator's ledger (?inventoryId=, ?itemId=, ?type=, ?order=); a partner's own rows. */
  @Roles('super_admin', 'company_admin')
  @Get('inventory-transactions')
  @ApiRpc(RPC.inventory.listTransactions)
  transactions(@Query() query: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.forward(RPC.inventory.listTransactions, query, req);
  }

  /**
   * Every active (or removed) allocation (administrator, ?partnerId= for one partner) or the partner's
   * own, sorted (?sort=, ?order=), with the partner screen's cards.
   */
  @Roles('super_admin', 'company_admin')
  @Get('partner-allocations')
  @ApiRpc(RPC.inventory.listAllocations)
  allocations(@Query() query: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.forward(RPC.inventory.listAllocations, query, req);
  }

  @Roles('super_admin')
  @Post('partner-allocations')
  @ApiIdempotencyKey()
  @ApiRpc(RPC.inventory.createAllocation, { body: true, added: ['idempotencyKey'], status: 201 })
  allocate(@Body() body: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.forward(RPC.inventory.createAllocation, body, req, idempotencyOf(req));
  }

  @Roles('super_admin')
  @Delete('partner-allocations/:id')
  @ApiIdempotencyKey()
  @ApiRpc(RPC.inventory.removeAllocation)
  removeAllocation(@Param('id') id: string, @Req() req: AuthenticatedRequest) {
    return this.services.call(RPC.inventory.removeAllocation, { id, ...idempotencyOf(req) }, req);
  }

  /** A partner's usage report (its own allocations; another company's is a 404). */
  @Roles('super_admin', 'company_admin')
  @Put('partner-allocations/:id')
  @ApiIdempotencyKey()
  @ApiRpc(RPC.inventory.updateUsage, { body: true, added: ['id', 'idempotencyKey'] })
  updateUsage(@Param('id') id: string, @Body() body: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.forward(RPC.inventory.updateUsage, body, req, { id, ...idempotencyOf(req) });
  }

  /** The form's text fields, plus imageUrl when an image came with it (stored and re-encoded first). */
  private async itemForm(req: AuthenticatedRequest): Promise<Record<string, string>> {
    const { url, fields } = await this.images.storeUpload(req, MERCH_IMAGE_RULE);
    return url ? { ...fields, imageUrl: url } : fields;
  }
}
