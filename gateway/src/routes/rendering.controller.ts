import { Controller } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { ServiceCaller } from '../rpc/service-caller';

/** Rendering: single files, bulk ZIP jobs and their downloads (spec sections 7 and 9). */
@ApiTags('rendering')
@ApiBearerAuth()
@Controller('api')
export class RenderingController {
  constructor(readonly services: ServiceCaller) {}
}
