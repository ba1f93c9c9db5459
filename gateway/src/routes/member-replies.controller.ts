import { RPC } from '@avpass/contracts';
import { DomainError } from '@avpass/platform';
import { Body, Controller, Get, Headers, HttpCode, Inject, Post, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../auth/auth.decorators';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { ApiRpc } from '../http/openapi';
import { ServiceCaller, type AuthenticatedRequest } from '../rpc/service-caller';
import { unsubscribePage, type PageLanguage } from './unsubscribe-page';

const TWIML_EMPTY = '<?xml version="1.0" encoding="UTF-8"?><Response/>';

const languageOf = (lang: unknown): PageLanguage => (lang === 'es' ? 'es' : 'en');
const wantsHtml = (req: AuthenticatedRequest) => /text\/html/.test(String(req.headers.accept ?? ''));

/**
 * What members and Twilio send back (issue 41, decision 326), all public: the mail's one-click
 * unsubscribe (RFC 8058: the mail client POSTs to the List-Unsubscribe URL; a person opening the link
 * gets a page whose button POSTs the same), and Twilio's status callbacks and replies, believed only
 * when signed for the public URL this gateway rebuilds from PUBLIC_URL (never from the Host header).
 */
@ApiTags('members')
@Controller('api')
export class MemberRepliesController {
  constructor(
    private readonly services: ServiceCaller,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /** The confirmation page: changes nothing (a link scanner's GET must not unsubscribe anyone). */
  @Public()
  @Get('members/unsubscribe')
  @ApiExcludeEndpoint()
  page(@Query('token') token: unknown, @Query('lang') lang: unknown, @Res() reply: FastifyReply) {
    const language = languageOf(lang);
    const valid = typeof token === 'string' && /^[A-Za-z0-9_-]{20,200}$/.test(token);
    void reply
      .status(valid ? 200 : 404)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .send(unsubscribePage(language, valid ? 'confirm' : 'invalid', valid ? (token as string) : ''));
  }

  /** One click: the e-mail consent withdrawn (source `link`), audited; the same link again changes nothing. */
  @Public()
  @Post('members/unsubscribe')
  @HttpCode(200)
  @ApiRpc(RPC.members.unsubscribe)
  async unsubscribe(
    @Query('token') token: unknown,
    @Query('lang') lang: unknown,
    @Req() req: AuthenticatedRequest,
    @Res() reply: FastifyReply,
  ) {
    const html = wantsHtml(req);
    try {
      const answer = await this.services.call(RPC.members.unsubscribe, { token: token as string }, req);
      if (!html) return void reply.status(200).send(answer);
      void reply
        .status(200)
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(unsubscribePage(answer.language, 'done', ''));
    } catch (error) {
      if (!html || !(error instanceof DomainError)) throw error;
      void reply
        .status(error.code === 'NOT_FOUND' ? 404 : 400)
        .header('content-type', 'text/html; charset=utf-8')
        .send(unsubscribePage(languageOf(lang), 'invalid', ''));
    }
  }

  /** Twilio's status callback (form-encoded): delivered, undelivered, failed. */
  @Public()
  @Post('webhooks/twilio/status')
  @HttpCode(200)
  @ApiRpc(RPC.members.twilioStatus)
  async status(
    @Body() body: unknown,
    @Headers('x-twilio-signature') signature: string | undefined,
    @Req() req: AuthenticatedRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    await this.services.call(RPC.members.twilioStatus, this.webhook(body, signature, req), req);
    void reply.header('content-type', 'text/xml; charset=utf-8');
    return TWIML_EMPTY;
  }

  /** A member's reply to our number: STOP (and its synonyms) withdraws their SMS consent. */
  @Public()
  @Post('webhooks/twilio/inbound')
  @HttpCode(200)
  @ApiRpc(RPC.members.twilioInbound)
  async inbound(
    @Body() body: unknown,
    @Headers('x-twilio-signature') signature: string | undefined,
    @Req() req: AuthenticatedRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    await this.services.call(RPC.members.twilioInbound, this.webhook(body, signature, req), req);
    void reply.header('content-type', 'text/xml; charset=utf-8');
    return TWIML_EMPTY;
  }

  /** The URL Twilio signed: PUBLIC_URL and the path and query as requested. */
  private webhook(body: unknown, signature: string | undefined, req: AuthenticatedRequest) {
    if (!this.config.PUBLIC_URL)
      throw DomainError.forbidden('Twilio webhooks need PUBLIC_URL: the signed URL cannot be rebuilt');
    const params: Record<string, string> = {};
    if (body && typeof body === 'object')
      for (const [key, value] of Object.entries(body as Record<string, unknown>))
        params[key] = Array.isArray(value) ? String(value[value.length - 1]) : String(value);
    return {
      url: `${this.config.PUBLIC_URL.replace(/\/+$/, '')}${req.url}`,
      params,
      signature: signature ?? null,
    };
  }
}
