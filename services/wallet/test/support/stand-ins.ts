import { randomBytes, randomUUID } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import { decodeJwt, decodeProtectedHeader } from 'jose';

/**
 * Local servers standing in for APNs and the Google Wallet API in tests: real HTTP/2 and HTTP servers
 * on 127.0.0.1 that answer as the real services do for the calls we make, record every request, and
 * fail on demand (the clients' retries and "device gone" paths are tested against them).
 */

/** One request as a stand-in saw it. `body` is parsed JSON when it was JSON, else the raw text. */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
  at: number;
}

/** The APNs stand-in's handle: where it listens, what it saw, and the answers to give. */
export interface ApnsStandIn {
  url: string;
  requests: RecordedRequest[];
  /** The next `n` pushes are answered `status` with `{reason}` (default 503 ServiceUnavailable). */
  failNext(n: number, status?: number, reason?: string): void;
  /** Every later push to `token` is answered `status` with `{reason}` (e.g. 410 Unregistered). */
  respond(token: string, status: number, reason: string): void;
  /** The next `n` pushes get no answer at all (a client's timeout is tested with it). */
  stallNext(n: number): void;
  /** How many HTTP/2 connections (sessions) clients have opened so far. */
  connections(): number;
  /** Closes every open connection with a GOAWAY, as APNs does now and then; the server keeps listening. */
  dropConnections(): void;
  close(): Promise<void>;
}

/**
 * `tls`: serve HTTPS (HTTP/2 over TLS) with this key and certificate; with `ca`, a client certificate
 * signed by it is required (certificate auth). Without `tls`: h2c on http://127.0.0.1:<port>.
 */
export interface ApnsStandInOptions {
  tls?: { key: string; cert: string; ca?: string };
}

/**
 * Starts an APNs stand-in: POST /3/device/<hex token> answers 200 with an `apns-id`, as APNs does,
 * unless told otherwise. Like APNs it refuses a request without `apns-topic` (400 MissingTopic) and,
 * without a client certificate, one without a bearer token (403 MissingProviderToken).
 */
export async function startApnsStandIn(options: ApnsStandInOptions = {}): Promise<ApnsStandIn> {
  const requests: RecordedRequest[] = [];
  const perToken = new Map<string, { status: number; reason: string }>();
  const failures: Array<{ status: number; reason: string }> = [];
  let stalls = 0;
  let opened = 0;
  const clientCertificates = Boolean(options.tls?.ca);

  const handle = (stream: http2.ServerHttp2Stream, headers: http2.IncomingHttpHeaders) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const path = String(headers[':path'] ?? '');
      const method = String(headers[':method'] ?? '');
      requests.push({ method, path, headers: { ...headers }, body: parseBody(chunks), at: Date.now() });
      const token = /^\/3\/device\/([0-9a-fA-F]+)$/.exec(path)?.[1];
      const answer = (status: number, reason?: string) => {
        if (stream.destroyed) return;
        stream.respond({ ':status': status, 'apns-id': randomUUID(), 'content-type': 'application/json' });
        stream.end(reason ? JSON.stringify({ reason }) : undefined);
      };
      if (method !== 'POST') return answer(405, 'MethodNotAllowed');
      if (!token) return answer(404, 'BadPath');
      if (!headers['apns-topic']) return answer(400, 'MissingTopic');
      if (!clientCertificates && !String(headers.authorization ?? '').startsWith('bearer '))
        return answer(403, 'MissingProviderToken');
      if (stalls > 0) {
        stalls -= 1;
        return;
      }
      const failure = failures.shift() ?? perToken.get(token.toLowerCase());
      if (failure) return answer(failure.status, failure.reason);
      answer(200);
    });
  };

  const server = options.tls
    ? http2.createSecureServer({
        key: options.tls.key,
        cert: options.tls.cert,
        ...(options.tls.ca ? { ca: options.tls.ca, requestCert: true, rejectUnauthorized: true } : {}),
      })
    : http2.createServer();
  server.on('stream', handle);
  const sessions = new Set<http2.ServerHttp2Session>();
  server.on('session', (session: http2.ServerHttp2Session) => {
    sessions.add(session);
    opened += 1;
    session.on('close', () => sessions.delete(session));
  });
  const port = await listen(server);
  return {
    url: `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    requests,
    failNext(n, status = 503, reason = 'ServiceUnavailable') {
      for (let i = 0; i < n; i++) failures.push({ status, reason });
    },
    respond(token, status, reason) {
      perToken.set(token.toLowerCase(), { status, reason });
    },
    stallNext(n) {
      stalls += n;
    },
    connections: () => opened,
    dropConnections() {
      for (const session of sessions) session.close();
    },
    async close() {
      for (const session of sessions) session.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The Google Wallet stand-in's handle. `objects` holds offer objects and classes by resource id. */
export interface GoogleWalletStandIn {
  /** Use as GoogleWalletOptions.apiUrl (ends in /walletobjects/v1). */
  apiUrl: string;
  /** Use as GoogleWalletOptions.tokenUrl. */
  tokenUrl: string;
  requests: RecordedRequest[];
  /** Offer and generic objects by id; `objects.set(id, {...})` seeds one (as if the member had saved it). */
  objects: Map<string, Record<string, unknown>>;
  /** Offer and generic classes by id. */
  classes: Map<string, Record<string, unknown>>;
  /** How many access tokens the token endpoint has issued. */
  tokensIssued(): number;
  /** Forgets every issued access token: the next API call is answered 401. */
  revokeTokens(): void;
  /** The next `n` API calls (not token requests) are answered `status` (default 503). */
  failNext(n: number, status?: number): void;
  close(): Promise<void>;
}

const API_PREFIX = '/walletobjects/v1';
const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

/**
 * Starts a Google Wallet API stand-in: POST /token (the OAuth2 JWT-bearer grant; checks the grant type
 * and that the assertion is a JWT with iss, scope and aud), and under /walletobjects/v1
 * GET/PATCH /offerObject/:id and /offerClass/:id (404 when unknown, PATCH merges) and POST /offerObject,
 * /offerClass (insert; 409 when the id exists), and the same for genericObject and genericClass (the
 * member pass, issue 43). API calls need a bearer token it issued (401 otherwise).
 */
export async function startGoogleWalletStandIn(): Promise<GoogleWalletStandIn> {
  const requests: RecordedRequest[] = [];
  const objects = new Map<string, Record<string, unknown>>();
  const classes = new Map<string, Record<string, unknown>>();
  const tokens = new Set<string>();
  let issued = 0;
  const failures: number[] = [];
  let baseUrl = '';

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const method = req.method ?? '';
    const text = Buffer.concat(chunks).toString('utf8');
    const body = req.headers['content-type']?.startsWith('application/x-www-form-urlencoded')
      ? Object.fromEntries(new URLSearchParams(text))
      : parseBody(chunks);
    requests.push({ method, path: url.pathname, headers: { ...req.headers }, body, at: Date.now() });
    const send = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    const error = (status: number, message: string) => send(status, { error: { code: status, message } });

    if (url.pathname === '/token') {
      if (method !== 'POST') return error(405, 'POST only');
      const form = new URLSearchParams(text);
      if (form.get('grant_type') !== JWT_BEARER)
        return send(400, { error: 'unsupported_grant_type', error_description: 'grant_type' });
      const problem = assertionProblem(form.get('assertion'), `${baseUrl}/token`);
      if (problem) return send(400, { error: 'invalid_grant', error_description: problem });
      const token = `stand-in-${randomBytes(12).toString('hex')}`;
      tokens.add(token);
      issued += 1;
      return send(200, { access_token: token, expires_in: 3600, token_type: 'Bearer' });
    }

    const route = new RegExp(
      `^${API_PREFIX}/(offerObject|offerClass|genericObject|genericClass)(?:/([^/]+))?$`,
    ).exec(url.pathname);
    if (!route) return error(404, `No route ${method} ${url.pathname}`);
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!bearer || !tokens.has(bearer)) return error(401, 'Request had invalid authentication credentials.');
    const failure = failures.shift();
    if (failure) return error(failure, 'Failing on purpose (stand-in failNext)');
    const store = route[1]!.endsWith('Object') ? objects : classes;
    const id = route[2] === undefined ? undefined : decodeURIComponent(route[2]);
    const patch = isRecord(body) ? body : null;
    if (id === undefined) {
      if (method !== 'POST') return error(405, 'POST only');
      if (!patch || typeof patch.id !== 'string') return error(400, 'Body must be an object with an id');
      if (store.has(patch.id)) return error(409, `Resource ${patch.id} already exists`);
      store.set(patch.id, patch);
      return send(200, patch);
    }
    const existing = store.get(id);
    if (!existing) return error(404, `Resource ${id} not found`);
    if (method === 'GET') return send(200, existing);
    if (method === 'PATCH') {
      if (!patch) return error(400, 'Body must be a JSON object');
      const merged = { ...existing, ...patch, id };
      store.set(id, merged);
      return send(200, merged);
    }
    return error(405, 'GET or PATCH only');
  };

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(error));
    });
  });
  const port = await listen(server);
  baseUrl = `http://127.0.0.1:${port}`;
  return {
    apiUrl: `${baseUrl}${API_PREFIX}`,
    tokenUrl: `${baseUrl}/token`,
    requests,
    objects,
    classes,
    tokensIssued: () => issued,
    revokeTokens: () => tokens.clear(),
    failNext(n, status = 503) {
      for (let i = 0; i < n; i++) failures.push(status);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Why an OAuth2 assertion would be refused, or null: a JWT with iss, scope, and aud = the token url. */
function assertionProblem(assertion: string | null, tokenUrl: string): string | null {
  if (!assertion) return 'assertion is missing';
  try {
    if (decodeProtectedHeader(assertion).alg !== 'RS256') return 'assertion must be signed RS256';
    const claims = decodeJwt(assertion);
    if (typeof claims.iss !== 'string' || !claims.iss) return 'assertion has no iss';
    if (typeof claims.scope !== 'string' || !claims.scope) return 'assertion has no scope';
    if (claims.aud !== tokenUrl) return `assertion aud must be ${tokenUrl}`;
    if (typeof claims.exp !== 'number' || claims.exp * 1000 < Date.now()) return 'assertion has expired';
    return null;
  } catch {
    return 'assertion is not a JWT';
  }
}

function parseBody(chunks: Buffer[]): unknown {
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

async function listen(server: http.Server | http2.Http2Server | http2.Http2SecureServer): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return (server.address() as AddressInfo).port;
}
