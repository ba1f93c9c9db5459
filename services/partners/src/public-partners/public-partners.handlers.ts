import { RPC } from '@avpass/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { PublicPartnersService } from './public-partners.service';

/** GET /api/public/partners: no sign-in needed. */
@Controller()
export class PublicPartnersHandlers {
  constructor(private readonly publicPartners: PublicPartnersService) {}

  @MessagePattern(RPC.partners.publicList)
  list() {
    return this.publicPartners.listShared();
  }
}
