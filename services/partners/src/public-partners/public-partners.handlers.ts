import { RPC } from '@avpass/contracts';
import { RpcHandler } from '@avpass/platform';
import { Controller } from '@nestjs/common';
import { PublicPartnersService } from './public-partners.service';

/** GET /api/public/partners: no sign-in needed. */
@Controller()
export class PublicPartnersHandlers {
  constructor(private readonly publicPartners: PublicPartnersService) {}

  @RpcHandler(RPC.partners.publicList)
  list() {
    return this.publicPartners.listShared();
  }
}
