import { RPC, type RpcRequestPayload as In } from '@avpass/contracts';
import { RpcHandler } from '@avpass/platform';
import { Controller } from '@nestjs/common';
import { PublicPartnersService } from './public-partners.service';

/** GET /api/public/partners (optionally ?cursor=&limit=&search=): no sign-in needed. */
@Controller()
export class PublicPartnersHandlers {
  constructor(private readonly publicPartners: PublicPartnersService) {}

  @RpcHandler(RPC.partners.publicList)
  list(query: In<typeof RPC.partners.publicList>) {
    return this.publicPartners.listShared(query);
  }
}
