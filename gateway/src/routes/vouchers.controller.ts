import { Controller } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { ServiceCaller } from '../rpc/service-caller';

/** Vouchers: generate, lists, public read, redeem, stats, batches, assignment (spec section 7). */
@ApiTags('vouchers')
@ApiBearerAuth()
@Controller('api')
export class VouchersController {
  constructor(readonly services: ServiceCaller) {}
}
