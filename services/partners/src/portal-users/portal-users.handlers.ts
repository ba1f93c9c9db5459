import {
  createPortalUserRequestSchema,
  RPC,
  updatePortalUserRequestSchema,
  uuidParam,
  type RpcRequest,
} from '@avpass/contracts';
import { parsePayload } from '@avpass/platform';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { z } from 'zod';
import { PortalUsersService } from './portal-users.service';

const byPartner = z.object({ partnerId: uuidParam });
const createEnvelope = byPartner.extend({ user: z.unknown() });
const setActiveRequest = byPartner.extend({ userId: uuidParam }).merge(updatePortalUserRequestSchema);

/** GET/POST /api/partners/{id}/users and PATCH /api/partners/{id}/users/{userId}. */
@Controller()
export class PortalUsersHandlers {
  constructor(private readonly portalUsers: PortalUsersService) {}

  @MessagePattern(RPC.partners.listUsers)
  list(@Payload() request: RpcRequest<unknown>) {
    return this.portalUsers.list(parsePayload(byPartner, request).partnerId, request.meta);
  }

  @MessagePattern(RPC.partners.createUser)
  create(@Payload() request: RpcRequest<unknown>) {
    const { partnerId, user } = parsePayload(createEnvelope, request);
    // Checked here as well as in identity so field errors read `username`, not `user.username`.
    const input = createPortalUserRequestSchema.parse(user ?? {});
    return this.portalUsers.create(partnerId, input, request.meta);
  }

  @MessagePattern(RPC.partners.setUserActive)
  setActive(@Payload() request: RpcRequest<unknown>) {
    const input = parsePayload(setActiveRequest, request);
    return this.portalUsers.setActive(input.partnerId, input.userId, input.isActive, request.meta);
  }
}
