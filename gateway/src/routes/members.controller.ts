import {
  importMembersResponseSchema,
  MEMBER_IMPORTS_DIR,
  RPC,
  type ImportMembersResponse,
} from '@avpass/contracts';
import { DomainError } from '@avpass/platform';
import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  Param,
  Patch,
  Post,
  Query,
  Req,
} from '@nestjs/common';
import { ApiBearerAuth, ApiConsumes, ApiTags } from '@nestjs/swagger';
import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Roles } from '../auth/auth.decorators';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { ApiIdempotencyKey, idempotencyOf } from '../http/idempotency';
import { ApiContract, ApiRpc } from '../http/openapi';
import { Polled } from '../http/route-traits';
import { ServiceCaller, type AuthenticatedRequest } from '../rpc/service-caller';
import { readMultipart } from '../uploads/multipart';

/** The largest CSV an import takes (about 100,000 rows): larger is a 413 that says to split it. */
export const MEMBER_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** An import of 50,000 rows takes seconds: longer than RPC_TIMEOUT_MS. */
const IMPORT_TIMEOUT_MS = 120_000;

/** The club's members (issue 41), administrator only. Bodies and ids are validated by the members service. */
@ApiTags('members')
@ApiBearerAuth()
@Controller('api')
export class MembersController {
  constructor(
    private readonly services: ServiceCaller,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /** ?search (name, e-mail or phone prefix), ?tag, ?consent, ?sort, ?order, ?cursor, ?limit. */
  @Roles('super_admin')
  @Get('members')
  @ApiRpc(RPC.members.page)
  list(@Query() query: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.forward(RPC.members.page, query, req);
  }

  @Roles('super_admin')
  @Post('members')
  @ApiIdempotencyKey()
  @ApiRpc(RPC.members.create, { body: true, added: ['idempotencyKey'], status: 201 })
  create(@Body() body: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.forward(RPC.members.create, body, req, idempotencyOf(req));
  }

  /**
   * A CSV of members (multipart, field `file`, at most 10 MB): stored under DATA_DIR for the members
   * service to read, then removed. Answers what was created, updated, left unchanged and refused.
   */
  @Roles('super_admin')
  @Post('members/import')
  @HttpCode(200)
  @ApiConsumes('multipart/form-data')
  @ApiContract({ response: importMembersResponseSchema })
  async import(@Req() req: AuthenticatedRequest): Promise<ImportMembersResponse> {
    const form = await readMultipart(req, 'file', MEMBER_IMPORT_MAX_BYTES);
    if (!form.file) {
      const message = 'Attach the CSV as the form field "file"';
      throw DomainError.validation(message, { file: [message] });
    }
    if (form.file.truncated || form.file.buffer.length > MEMBER_IMPORT_MAX_BYTES) {
      throw new DomainError(
        'PAYLOAD_TOO_LARGE',
        'The CSV is larger than 10 MB: split it into smaller files and import each',
      );
    }
    const dir = join(this.config.DATA_DIR, MEMBER_IMPORTS_DIR);
    const fileId = randomUUID();
    const path = join(dir, `${fileId}.csv`);
    await mkdir(dir, { recursive: true });
    await writeFile(path, form.file.buffer);
    try {
      return await this.services.forward(RPC.members.import, {}, req, { fileId }, IMPORT_TIMEOUT_MS);
    } finally {
      await rm(path, { force: true });
    }
  }

  /**
   * A voucher or a batch to members (by id or tag) by e-mail and/or SMS: recorded at once, answered 202
   * with how many messages it queues and how many members each channel skips (no consent or address).
   */
  @Roles('super_admin')
  @Post('members/send')
  @HttpCode(202)
  @ApiIdempotencyKey()
  @ApiRpc(RPC.members.send, { body: true, added: ['idempotencyKey'], status: 202 })
  send(@Body() body: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.forward(RPC.members.send, body, req, idempotencyOf(req));
  }

  /**
   * How far a send has got: messages recorded, waiting, sent, delivered and failed, read from the send's
   * tally (a few rows, whatever its size: decision 344). The send dialog polls it while the send runs;
   * the figures move in the members service's background, which no poll version follows (so no
   * conditional GET).
   */
  @Roles('super_admin')
  @Get('members/sends/:sendId')
  @Polled({ conditional: false })
  @ApiRpc(RPC.members.sendProgress)
  progress(@Param('sendId') id: string, @Req() req: AuthenticatedRequest) {
    return this.services.call(RPC.members.sendProgress, { id }, req);
  }

  /** Which channels a send may use: SMS only when Twilio is configured. */
  @Roles('super_admin')
  @Get('members/channels')
  @ApiRpc(RPC.members.channels)
  channels(@Req() req: AuthenticatedRequest) {
    return this.services.call(RPC.members.channels, {}, req);
  }

  /** The member's pass moves on (issue 43): every earlier code refused, online at once, offline at the till's next refresh. */
  @Roles('super_admin')
  @Post('members/:id/pass/revoke')
  @HttpCode(200)
  @ApiIdempotencyKey()
  @ApiRpc(RPC.members.revokePass, { added: ['id', 'idempotencyKey'] })
  revokePass(@Param('id') id: string, @Req() req: AuthenticatedRequest) {
    return this.services.call(RPC.members.revokePass, { id, ...idempotencyOf(req) }, req);
  }

  /** The member's messages, newest first: status per channel (queued, sent, delivered, bounced, failed). */
  @Roles('super_admin')
  @Get('members/:id/deliveries')
  @ApiRpc(RPC.members.deliveries, { added: ['id'] })
  deliveries(@Param('id') id: string, @Query() query: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.forward(RPC.members.deliveries, query, req, { id });
  }

  /** A failed or bounced message sent again (the member must still agree to that channel). */
  @Roles('super_admin')
  @Post('members/:id/deliveries/:deliveryId/resend')
  @HttpCode(200)
  @ApiIdempotencyKey()
  @ApiRpc(RPC.members.resend, { added: ['id', 'deliveryId', 'idempotencyKey'] })
  resend(@Param('id') id: string, @Param('deliveryId') deliveryId: string, @Req() req: AuthenticatedRequest) {
    return this.services.call(RPC.members.resend, { id, deliveryId, ...idempotencyOf(req) }, req);
  }

  @Roles('super_admin')
  @Get('members/:id')
  @ApiRpc(RPC.members.get)
  get(@Param('id') id: string, @Req() req: AuthenticatedRequest) {
    return this.services.call(RPC.members.get, { id }, req);
  }

  /** Everything held about the member, as JSON (a subject access request). */
  @Roles('super_admin')
  @Get('members/:id/export')
  @ApiRpc(RPC.members.export)
  export(@Param('id') id: string, @Req() req: AuthenticatedRequest) {
    return this.services.call(RPC.members.export, { id }, req);
  }

  @Roles('super_admin')
  @Patch('members/:id')
  @ApiRpc(RPC.members.update, { body: true, added: ['id'] })
  update(@Param('id') id: string, @Body() changes: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.forward(RPC.members.update, changes, req, { id });
  }

  /** `{from}` is merged into this member and is gone afterwards. */
  @Roles('super_admin')
  @Post('members/:id/merge')
  @HttpCode(200)
  @ApiRpc(RPC.members.merge, { body: true, added: ['id'] })
  merge(@Param('id') id: string, @Body() body: unknown, @Req() req: AuthenticatedRequest) {
    return this.services.forward(RPC.members.merge, body, req, { id });
  }

  /** Erasure on request: personal data scrubbed, redemptions elsewhere anonymised by the event. */
  @Roles('super_admin')
  @Delete('members/:id')
  @ApiRpc(RPC.members.erase)
  erase(@Param('id') id: string, @Req() req: AuthenticatedRequest) {
    return this.services.call(RPC.members.erase, { id }, req);
  }
}
