import { queueBoardSessionSchema, type QueueBoardSession } from '@avpass/contracts';
import { Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Roles } from '../auth/auth.decorators';
import { ApiContract } from '../http/openapi';
import type { AuthenticatedRequest } from '../rpc/service-caller';
import { QUEUE_BOARD_PATH, QueueBoard } from './queue-board';

@ApiTags('queues')
@ApiBearerAuth()
@Controller('api/queues')
export class QueueBoardController {
  constructor(private readonly board: QueueBoard) {}

  /**
   * Sets the cookie that opens the queue board (/admin/queues) for 10 minutes, or until this session
   * ends, whichever comes first.
   */
  @Roles('super_admin')
  @Post('session')
  @HttpCode(200)
  @ApiContract({ response: queueBoardSessionSchema })
  async session(
    @Req() req: AuthenticatedRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<QueueBoardSession> {
    const { cookie, expiresAt } = await this.board.createSession(req.user!, req.protocol === 'https');
    void reply.header('set-cookie', cookie).header('cache-control', 'no-store');
    return { url: `${QUEUE_BOARD_PATH}/`, expiresAt: expiresAt.toISOString() };
  }
}
