import { createPrivateKey, type KeyObject } from 'node:crypto';
import http2 from 'node:http2';
import { SignJWT } from 'jose';

/**
 * A pure APNs provider-API client for Wallet pass update pushes (Apple: "Updating a pass"): an empty
 * JSON payload `{}` POSTed over HTTP/2 to `/3/device/<push token>` with `apns-topic` = the pass type
 * identifier. One HTTP/2 session is kept and reused, as Apple asks of providers; it reconnects after a
 * close, an error or a GOAWAY. No NestJS, no database: the caller decides what to do with each outcome.
 */

/**
 * How we prove ourselves to APNs: a token-signing key (.p8, ES256; the key id and team id from the
 * developer account), or a TLS client certificate (the Pass Type ID certificate works for pass pushes).
 */
export type ApnsAuth =
  | { kind: 'token'; keyPem: string; keyId: string; teamId: string }
  | { kind: 'certificate'; certPem: string; keyPem: string; passphrase?: string };

/**
 * `url`: https://api.push.apple.com (production), https://api.sandbox.push.apple.com (development), or
 * http://127.0.0.1:<port> (h2c) for a local stand-in. `topic`: the pass type identifier. `ca`: extra
 * trusted CA (PEM) for a TLS stand-in. `timeoutMs`: the bound on one request (default 10 s).
 */
export interface ApnsOptions {
  url: string;
  topic: string;
  auth: ApnsAuth;
  ca?: string;
  timeoutMs?: number;
}

/**
 * What became of one push: delivered to APNs, or the device is gone (410, or 400 BadDeviceToken /
 * DeviceTokenNotForTopic) and its registration should be dropped.
 */
export type PushOutcome = 'sent' | 'unregistered';

/**
 * A push that did not go through. `retryable`: 429, 5xx, timeouts and connection errors (try again
 * later, e.g. a job retry); other refusals will not change by retrying. `status` is null when no HTTP
 * answer came; `reason` is APNs' reason (`ServiceUnavailable`…) or our own word for what failed.
 */
export class ApnsError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly reason: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'ApnsError';
  }
}

/** Apple refuses a provider token older than an hour and throttles renewing more often than every 20 min. */
export const APNS_TOKEN_LIFETIME_MS = 50 * 60_000;
export const DEFAULT_APNS_TIMEOUT_MS = 10_000;
/**
 * A device push token as hex. Apple's tokens are 32 bytes today but "may vary in length"; it comes from
 * a device registration (untrusted) and goes into a request path, so anything else is refused.
 */
const PUSH_TOKEN = /^[0-9a-f]{16,400}$/i;
/** 400 reasons that mean this token will never work again for this topic: drop the registration. */
const GONE_REASONS = new Set(['BadDeviceToken', 'DeviceTokenNotForTopic']);

interface ApnsAnswer {
  status: number;
  reason: string;
}

/** Sends Wallet pass update pushes over one reused HTTP/2 session. Call `close()` when done. */
export class ApnsClient {
  private readonly timeoutMs: number;
  private readonly signingKey: KeyObject | null;
  private session: http2.ClientHttp2Session | null = null;
  private token: { jwt: string; issuedAt: number } | null = null;
  private closed = false;

  constructor(private readonly options: ApnsOptions) {
    const url = new URL(options.url);
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      throw new Error(`APNs url must be http(s), not ${options.url}`);
    if (!options.topic.trim()) throw new Error('APNs topic (the pass type identifier) is required');
    this.timeoutMs = options.timeoutMs ?? DEFAULT_APNS_TIMEOUT_MS;
    // Parsed now: a bad key stops the start-up, not the first push.
    this.signingKey = options.auth.kind === 'token' ? createPrivateKey(options.auth.keyPem) : null;
    if (this.signingKey && this.signingKey.asymmetricKeyType !== 'ec')
      throw new Error('APNs token key must be an EC (P-256) .p8 key');
  }

  /**
   * Tells the device behind `pushToken` that its pass changed (it then asks our web service for the
   * passes updated since its tag). Throws ApnsError when APNs refuses or cannot be reached.
   */
  async push(pushToken: string): Promise<PushOutcome> {
    if (!PUSH_TOKEN.test(pushToken))
      throw new ApnsError('APNs push token must be hexadecimal', null, 'InvalidPushToken', false);
    if (this.closed) throw new ApnsError('APNs client is closed', null, 'Closed', false);
    let answer = await this.send(pushToken);
    if (answer.status === 403 && answer.reason === 'ExpiredProviderToken' && this.signingKey) {
      this.token = null; // Apple says ours is stale: renew once and try again.
      answer = await this.send(pushToken);
    }
    if (answer.status === 200) return 'sent';
    if (answer.status === 410 || (answer.status === 400 && GONE_REASONS.has(answer.reason)))
      return 'unregistered';
    const retryable = answer.status === 429 || answer.status >= 500;
    throw new ApnsError(
      `APNs refused the push: ${answer.status} ${answer.reason}`,
      answer.status,
      answer.reason,
      retryable,
    );
  }

  /** Closes the HTTP/2 session (waits for requests in flight); later pushes are refused. */
  async close(): Promise<void> {
    this.closed = true;
    const session = this.session;
    this.session = null;
    if (!session || session.destroyed) return;
    await new Promise<void>((resolve) => {
      session.close(() => resolve());
    });
  }

  private async send(pushToken: string): Promise<ApnsAnswer> {
    const headers: http2.OutgoingHttpHeaders = {
      ':method': 'POST',
      ':path': `/3/device/${pushToken}`,
      'apns-topic': this.options.topic,
      // A pass update is a silent push (no alert, no app): 'background', whose priority must be 5.
      'apns-push-type': 'background',
      'apns-priority': '5',
      'content-type': 'application/json',
    };
    if (this.signingKey) headers.authorization = `bearer ${await this.providerToken()}`;
    const session = this.currentSession();
    return new Promise<ApnsAnswer>((resolve, reject) => {
      let settled = false;
      let status = 0;
      const chunks: Buffer[] = [];
      const fail = (reason: string, message: string) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        reject(new ApnsError(message, null, reason, true));
      };
      let request: http2.ClientHttp2Stream;
      try {
        request = session.request(headers);
      } catch (error) {
        // A session torn down between the check and the request: forget it, the retry reconnects.
        if (this.session === session) this.session = null;
        reject(
          new ApnsError(`APNs request failed: ${(error as Error).message}`, null, 'ConnectionError', true),
        );
        return;
      }
      const timer = setTimeout(() => {
        fail('Timeout', `APNs did not answer within ${this.timeoutMs} ms`);
        request.close(http2.constants.NGHTTP2_CANCEL);
      }, this.timeoutMs);
      request.on('response', (answer) => {
        status = Number(answer[':status']);
      });
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        if (settled) return;
        if (!status) return fail('NoResponse', 'APNs closed the stream without an answer');
        settled = true;
        clearTimeout(timer);
        resolve({ status, reason: readReason(Buffer.concat(chunks).toString('utf8'), status) });
      });
      request.on('error', (error: Error) => fail('ConnectionError', `APNs request failed: ${error.message}`));
      request.on('close', () => fail('ConnectionError', 'APNs stream closed before its answer'));
      request.end('{}');
    });
  }

  /** The reused session, or a new one when there is none or it is closing. */
  private currentSession(): http2.ClientHttp2Session {
    const existing = this.session;
    if (existing && !existing.closed && !existing.destroyed) return existing;
    const auth = this.options.auth;
    const session = http2.connect(this.options.url, {
      ...(this.options.ca ? { ca: this.options.ca } : {}),
      ...(auth.kind === 'certificate'
        ? {
            cert: auth.certPem,
            key: auth.keyPem,
            ...(auth.passphrase ? { passphrase: auth.passphrase } : {}),
          }
        : {}),
    });
    const forget = () => {
      if (this.session === session) this.session = null;
    };
    // A failed connection surfaces on the pending streams (retryable); the session is only forgotten.
    session.on('error', forget);
    session.on('goaway', forget);
    session.on('close', forget);
    this.session = session;
    return session;
  }

  /** The ES256 provider token, cached and renewed every 50 minutes. */
  private async providerToken(): Promise<string> {
    const auth = this.options.auth;
    if (auth.kind !== 'token' || !this.signingKey) throw new Error('APNs token auth is not configured');
    const now = Date.now();
    if (this.token && now - this.token.issuedAt < APNS_TOKEN_LIFETIME_MS) return this.token.jwt;
    const jwt = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: auth.keyId })
      .setIssuer(auth.teamId)
      .setIssuedAt(Math.floor(now / 1000))
      .sign(this.signingKey);
    this.token = { jwt, issuedAt: now };
    return jwt;
  }
}

/** APNs answers errors as `{"reason": "..."}`; an unreadable body is named by its status. */
function readReason(body: string, status: number): string {
  if (!body) return status === 200 ? '' : `HTTP${status}`;
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && 'reason' in parsed && typeof parsed.reason === 'string')
      return parsed.reason;
  } catch {
    // Not JSON: fall through.
  }
  return `HTTP${status}`;
}
