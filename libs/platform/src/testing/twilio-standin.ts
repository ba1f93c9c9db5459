import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { twilioSignature, type TwilioParams } from '../sms/twilio-webhooks';

/** A message the stand-in accepted, in the shape of Twilio's Message resource. */
export interface StandInMessage {
  sid: string;
  account_sid: string;
  to: string;
  from: string | null;
  messaging_service_sid: string | null;
  body: string;
  status: string;
  error_code: number | null;
  error_message: string | null;
  num_segments: string;
  direction: 'outbound-api';
  date_created: string;
  uri: string;
  /** Not Twilio's: where it would post status callbacks for this message. */
  status_callback: string | null;
}

/** Every request to the Messages API, answered or not (what a test asks of retries and Retry-After). */
export interface StandInAttempt {
  at: number;
  to: string | null;
  status: number;
}

interface Refusal {
  status: number;
  code: number;
  message: string;
  retryAfter?: number;
}

const E164 = /^\+[1-9]\d{6,14}$/;
const hex32 = () => randomBytes(16).toString('hex');

/**
 * A local HTTP server that speaks Twilio's Messages API (2010-04-01) as far as sending SMS goes: a
 * form-encoded POST to /2010-04-01/Accounts/{sid}/Messages.json with HTTP basic auth is checked as
 * Twilio checks it (credentials 20003, To 21604/21211, From 21603/21212, Body 21602/21617) and answered
 * with Twilio's JSON (201 with the message, or {code, message, more_info, status}). A test can make it
 * refuse a number for good (e.g. 21610, 21614), answer 429 with Retry-After, or 5xx, for the next N
 * requests. What it accepted is read over HTTP, as a real inbox (GET …/Messages.json?To=…), and it
 * posts signed status callbacks and incoming replies (STOP) to a webhook as Twilio does.
 */
export class TwilioStandIn {
  readonly attempts: StandInAttempt[] = [];
  private readonly messages: StandInMessage[] = [];
  private readonly refusedNumbers = new Map<string, Refusal>();
  private readonly upcoming: Refusal[] = [];

  private constructor(
    private readonly server: Server,
    readonly accountSid: string,
    readonly authToken: string,
  ) {}

  /** Listens on a free port of 127.0.0.1 (or `port`) with these credentials (fresh ones by default). */
  static async start(
    options: { accountSid?: string; authToken?: string; port?: number } = {},
  ): Promise<TwilioStandIn> {
    const handler: { standIn?: TwilioStandIn } = {};
    const server = createServer((req, res) => {
      handler.standIn!.handle(req, res).catch((error: Error) => {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ code: 20500, message: error.message, status: 500 }));
      });
    });
    const standIn = new TwilioStandIn(
      server,
      options.accountSid ?? `AC${hex32()}`,
      options.authToken ?? hex32(),
    );
    handler.standIn = standIn;
    await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
    return standIn;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  /** TWILIO_API_URL for the app. */
  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Refuses every message to `to` with a 400 and Twilio's `code` (21610 unsubscribed, 21614 not a mobile…). */
  refuseNumber(to: string, code = 21610, message = 'Attempt to send to unsubscribed recipient'): void {
    this.refusedNumbers.set(to, { status: 400, code, message });
  }

  /** The next `n` requests get 429 (Twilio's 20429) with Retry-After `seconds`. */
  rateLimitNext(n: number, retryAfterSeconds = 1): void {
    for (let i = 0; i < n; i++)
      this.upcoming.push({
        status: 429,
        code: 20429,
        message: 'Too Many Requests',
        retryAfter: retryAfterSeconds,
      });
  }

  /** The next `n` requests get `status` (500 by default; 503 with Retry-After when `retryAfterSeconds`). */
  failNext(n: number, status = 500, retryAfterSeconds?: number): void {
    for (let i = 0; i < n; i++)
      this.upcoming.push({
        status,
        code: 20500,
        message: 'Internal Server Error',
        retryAfter: retryAfterSeconds,
      });
  }

  /** Back to accepting everything valid. */
  reset(): void {
    this.refusedNumbers.clear();
    this.upcoming.length = 0;
  }

  /** The messages accepted for `to`, read over HTTP as any client of the API would. */
  async messagesTo(to: string): Promise<StandInMessage[]> {
    const response = await fetch(`${this.messagesUrl()}?To=${encodeURIComponent(to)}`, {
      headers: { authorization: this.basicAuth() },
    });
    return ((await response.json()) as { messages: StandInMessage[] }).messages;
  }

  /**
   * Posts a status callback for a message it accepted, signed as Twilio signs it, to the message's
   * StatusCallback or `url`; the webhook's HTTP status. `signature` or `signedFor` (another URL) forge it.
   */
  async sendStatusCallback(
    messageSid: string,
    status: 'queued' | 'sent' | 'delivered' | 'undelivered' | 'failed',
    options: { errorCode?: number; url?: string; signature?: string; signedFor?: string } = {},
  ): Promise<number> {
    const message = this.messages.find((m) => m.sid === messageSid);
    const url = options.url ?? message?.status_callback;
    if (!url) throw new Error(`no status callback URL for ${messageSid}`);
    if (message) message.status = status;
    return this.postSigned(
      url,
      {
        AccountSid: this.accountSid,
        ApiVersion: '2010-04-01',
        From: message?.from ?? '',
        MessageSid: messageSid,
        MessageStatus: status,
        SmsSid: messageSid,
        SmsStatus: status,
        To: message?.to ?? '',
        ...(options.errorCode ? { ErrorCode: String(options.errorCode) } : {}),
      },
      options.signature,
      options.signedFor,
    );
  }

  /** Posts an incoming SMS (a member's "STOP") to `url`, signed unless `signature` is given; the HTTP status. */
  async sendInbound(
    url: string,
    reply: { from: string; to: string; body: string; signature?: string },
  ): Promise<number> {
    const word = reply.body.trim().toUpperCase();
    const optOut = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT'].includes(word)
      ? 'STOP'
      : ['START', 'YES', 'UNSTOP'].includes(word)
        ? 'START'
        : undefined;
    return this.postSigned(
      url,
      {
        AccountSid: this.accountSid,
        ApiVersion: '2010-04-01',
        Body: reply.body,
        From: reply.from,
        MessageSid: `SM${hex32()}`,
        NumMedia: '0',
        NumSegments: '1',
        SmsMessageSid: `SM${hex32()}`,
        To: reply.to,
        ...(optOut ? { OptOutType: optOut } : {}),
      },
      reply.signature,
    );
  }

  /** Posts `params` to `url` signed as Twilio signs (for `signedFor` instead, to test a replay), or with `signature`. */
  private async postSigned(
    url: string,
    params: TwilioParams,
    signature?: string,
    signedFor?: string,
  ): Promise<number> {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': signature ?? twilioSignature(this.authToken, signedFor ?? url, params),
        'user-agent': 'TwilioProxy/1.1',
      },
      body: new URLSearchParams(params),
    });
    await response.arrayBuffer();
    return response.status;
  }

  private messagesUrl(): string {
    return `${this.url}/2010-04-01/Accounts/${this.accountSid}/Messages.json`;
  }

  private basicAuth(): string {
    return `Basic ${Buffer.from(`${this.accountSid}:${this.authToken}`).toString('base64')}`;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://standin');
    const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(url.pathname);
    if (!match)
      return this.answer(res, 404, { code: 20404, message: 'The requested resource was not found' });
    if (req.headers.authorization !== this.basicAuth() || match[1] !== this.accountSid)
      return this.answer(res, 401, { code: 20003, message: 'Authenticate' });
    if (req.method === 'GET') {
      const to = url.searchParams.get('To');
      const messages = this.messages.filter((m) => !to || m.to === to);
      return this.answer(res, 200, { messages, page: 0, page_size: 50 });
    }
    if (req.method !== 'POST') return this.answer(res, 405, { code: 20004, message: 'Method not allowed' });
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    const to = form.get('To');
    const refusal = this.upcoming.shift() ?? this.validate(form);
    this.attempts.push({ at: Date.now(), to, status: refusal?.status ?? 201 });
    if (refusal) {
      if (refusal.retryAfter !== undefined) res.setHeader('Retry-After', String(refusal.retryAfter));
      return this.answer(res, refusal.status, { code: refusal.code, message: refusal.message });
    }
    const body = form.get('Body')!;
    const message: StandInMessage = {
      sid: `SM${hex32()}`,
      account_sid: this.accountSid,
      to: to!,
      from: form.get('From'),
      messaging_service_sid: form.get('MessagingServiceSid'),
      body,
      status: 'queued',
      error_code: null,
      error_message: null,
      num_segments: String(Math.max(1, Math.ceil(body.length / 153))),
      direction: 'outbound-api',
      date_created: new Date().toUTCString(),
      uri: '',
      status_callback: form.get('StatusCallback'),
    };
    message.uri = `/2010-04-01/Accounts/${this.accountSid}/Messages/${message.sid}.json`;
    this.messages.push(message);
    const { status_callback: _callback, ...resource } = message;
    return this.answer(res, 201, resource);
  }

  /** Twilio's checks of a new message, in its order; the refusal or null. */
  private validate(form: URLSearchParams): Refusal | null {
    const to = form.get('To');
    const from = form.get('From');
    const body = form.get('Body');
    const bad = (code: number, message: string): Refusal => ({ status: 400, code, message });
    if (!to) return bad(21604, "A 'To' phone number is required.");
    if (!E164.test(to)) return bad(21211, `The 'To' number ${to} is not a valid phone number.`);
    if (!from && !form.get('MessagingServiceSid')) return bad(21603, "A 'From' phone number is required.");
    if (from && !E164.test(from)) return bad(21212, `The 'From' number ${from} is not a valid phone number.`);
    if (!body) return bad(21602, 'Message body is required.');
    if (body.length > 1600)
      return bad(21617, 'The concatenated message body exceeds the 1600 character limit.');
    return this.refusedNumbers.get(to) ?? null;
  }

  private answer(res: ServerResponse, status: number, body: Record<string, unknown>): void {
    const payload =
      status >= 400
        ? { ...body, more_info: `https://www.twilio.com/docs/errors/${String(body.code)}`, status }
        : body;
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(payload));
  }
}
