import { createPortalUserRequestSchema, RPC, updatePortalUserRequestSchema, type RpcRequest } from '@avpass/contracts';
import { parsePayload } from '@avpass/platform';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { z } from 'zod';
import { UsersService } from './users.service';

const companyScope = z.object({ companyId: z.string().uuid('Not a valid id') });

/** Portal users of a partner company. The partners service checks the company exists first. */
@Controller()
export class UsersHandlers {
  constructor(private readonly users: UsersService) {}

  @MessagePattern(RPC.identity.createPortalUser)
  create(@Payload() request: RpcRequest<unknown>) {
    const { companyId, ...input } = parsePayload(companyScope.extend({ user: createPortalUserRequestSchema }), request);
    return this.users.createPortalUser(companyId, input.user);
  }

  @MessagePattern(RPC.identity.listCompanyUsers)
  list(@Payload() request: RpcRequest<unknown>) {
    return this.users.listCompanyUsers(parsePayload(companyScope, request).companyId);
  }

  @MessagePattern(RPC.identity.setUserActive)
  setActive(@Payload() request: RpcRequest<unknown>) {
    const input = parsePayload(
      companyScope.extend({ userId: z.string().uuid('Not a valid id') }).merge(updatePortalUserRequestSchema),
      request,
    );
    return this.users.setActive(input.companyId, input.userId, input.isActive);
  }
}
