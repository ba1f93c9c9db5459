import {
  addVendorPhotoRequestSchema,
  createVendorRequestSchema,
  RPC,
  updateVendorRequestSchema,
  uuidParam,
  type Actor,
  type RpcRequest,
} from '@avpass/contracts';
import { DomainError, parsePayload } from '@avpass/platform';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { z } from 'zod';
import { CompaniesService } from './companies.service';

const byId = z.object({ id: uuidParam });
// `changes` is validated on its own so field errors read `name`, not `changes.name`.
const updateEnvelope = byId.extend({ changes: z.unknown() });

/**
 * The update schema turns an absent optional field into null, which would wipe it; a PATCH changes
 * only the fields the caller sent.
 */
function sentFieldsOf<T extends object>(parsed: T, sent: unknown): Partial<T> {
  const keys = new Set(typeof sent === 'object' && sent !== null ? Object.keys(sent) : []);
  return Object.fromEntries(Object.entries(parsed).filter(([key]) => keys.has(key))) as Partial<T>;
}

function requireActor(request: RpcRequest<unknown>): Actor {
  if (!request.meta?.actor) throw new DomainError('UNAUTHENTICATED', 'Please sign in.');
  return request.meta.actor;
}

/** Partner vendors, managed by the platform administrator (the gateway checks the role). */
@Controller()
export class CompaniesHandlers {
  constructor(private readonly companies: CompaniesService) {}

  @MessagePattern(RPC.partners.list)
  list() {
    return this.companies.list();
  }

  @MessagePattern(RPC.partners.get)
  get(@Payload() request: RpcRequest<unknown>) {
    return this.companies.get(parsePayload(byId, request).id);
  }

  @MessagePattern(RPC.partners.create)
  create(@Payload() request: RpcRequest<unknown>) {
    return this.companies.create(parsePayload(createVendorRequestSchema, request));
  }

  @MessagePattern(RPC.partners.update)
  update(@Payload() request: RpcRequest<unknown>) {
    const { id, changes } = parsePayload(updateEnvelope, request);
    return this.companies.update(id, sentFieldsOf(updateVendorRequestSchema.parse(changes ?? {}), changes));
  }

  @MessagePattern(RPC.partners.remove)
  remove(@Payload() request: RpcRequest<unknown>) {
    return this.companies.remove(parsePayload(byId, request).id);
  }

  @MessagePattern(RPC.partners.listCompanies)
  listCompanies(@Payload() request: RpcRequest<unknown>) {
    return this.companies.listCompanies(requireActor(request));
  }

  @MessagePattern(RPC.partners.addPhoto)
  addPhoto(@Payload() request: RpcRequest<unknown>) {
    return this.companies.addPhoto(parsePayload(addVendorPhotoRequestSchema, request));
  }
}
