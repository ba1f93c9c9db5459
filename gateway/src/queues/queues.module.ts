import { Module, type DynamicModule } from '@nestjs/common';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { QueueBoard } from './queue-board';
import { QueueBoardController } from './queue-board.controller';

/** The operators' queue board (Bull Board) and the call that opens it. */
@Module({})
export class QueuesModule {
  static register(config: GatewayConfig): DynamicModule {
    return {
      module: QueuesModule,
      controllers: [QueueBoardController],
      providers: [{ provide: GATEWAY_CONFIG, useValue: config }, QueueBoard],
      exports: [QueueBoard],
    };
  }
}
