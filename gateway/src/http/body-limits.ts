import { DomainError } from '@avpass/platform';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { parse as parseQueryString } from 'node:querystring';

/** Deepest nesting of arrays and objects a JSON body may have. */
export const MAX_JSON_DEPTH = 64;
export const TOO_DEEP_MESSAGE = `The request body is nested too deeply (more than ${MAX_JSON_DEPTH} levels of arrays and objects).`;

/**
 * The most an answered request may still send (the rest of an oversized body) before the gateway
 * stops reading and closes the connection: 64 MiB, or twice the body limit when that is larger.
 */
export function drainLimitBytes(bodyLimitBytes: number): number {
  return Math.max(64 * 1024 * 1024, 2 * bodyLimitBytes);
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/**
 * True when the JSON text opens more than `max` arrays or objects inside one another (brackets in
 * strings do not count). One pass over the bytes, no allocation: run before JSON.parse, so a deep
 * body is refused before anything walks it recursively (the NATS codec did, and answered 500).
 * Bytes, not characters: `"`, `\`, brackets and braces never occur inside a UTF-8 multi-byte sequence.
 */
export function jsonNestedDeeperThan(body: Buffer, max: number): boolean {
  if (body.length <= max) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < body.length; i++) {
    const byte = body[i];
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) {
      inString = true;
    } else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) {
      if (++depth > max) return true;
    } else if (byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) {
      depth--;
    }
  }
  return false;
}

/**
 * Reads and discards what is left of the request (at most `limit` bytes), so a client still sending
 * a body the gateway has already answered (413, 415, 401 before the body was read) receives that
 * answer instead of a reset. Resolves false when the rest is larger than `limit` (declared or seen):
 * the answer then closes the connection.
 */
export async function drainRequest(raw: IncomingMessage, limit: number): Promise<boolean> {
  if (raw.complete || raw.destroyed) return true;
  if (Number(raw.headers['content-length']) > limit) return false;
  raw.unpipe(); // a multipart reader that stopped at its own limit no longer holds the stream back
  return new Promise<boolean>((resolve) => {
    let seen = 0;
    const finish = (whole: boolean) => {
      raw.off('data', onData).off('end', onEnd).off('close', onEnd).off('error', onEnd);
      resolve(whole);
    };
    const onData = (chunk: Buffer | string) => {
      seen += chunk.length;
      if (seen > limit) finish(false);
    };
    const onEnd = () => finish(raw.complete);
    raw.on('data', onData).on('end', onEnd).on('close', onEnd).on('error', onEnd);
    raw.resume();
  });
}

/**
 * The gateway's body handling, installed before any route or plugin (the queue board's plugin
 * copies the parsers it finds when it is registered):
 * - JSON through Fastify's own parser (secure-json-parse: `__proto__` and `constructor.prototype`
 *   refused), after a depth check: deeper than MAX_JSON_DEPTH is a 400 with a readable message;
 * - url-encoded forms as Nest parses them (declaring our JSON parser replaces Nest's two);
 * - every answer given before the request was fully received (Fastify answers an oversized body's
 *   413 from its content-length, before reading it) waits until the rest has been read and
 *   discarded, up to drainLimitBytes: a client still writing gets the answer, not EPIPE.
 */
export function installBodyLimits(app: NestFastifyApplication, bodyLimitBytes: number): void {
  const fastify = app.getHttpAdapter().getInstance() as FastifyInstance;
  const { onProtoPoisoning, onConstructorPoisoning } = fastify.initialConfig;
  const parseJson = fastify.getDefaultJsonParser(
    onProtoPoisoning ?? 'error',
    onConstructorPoisoning ?? 'error',
  );
  app.useBodyParser('application/json', { bodyLimit: bodyLimitBytes }, (request, body, done) => {
    if (jsonNestedDeeperThan(body, MAX_JSON_DEPTH)) {
      // statusCode for the error handlers that are not ours (the queue board's plugin has its own).
      done(Object.assign(DomainError.validation(TOO_DEEP_MESSAGE), { statusCode: 400 }), undefined);
      return;
    }
    // secure-json-parse reads a Buffer as it reads a string (Nest's own JSON parser passes one too).
    void parseJson(request as FastifyRequest, body as unknown as string, done);
  });
  app.useBodyParser(
    'application/x-www-form-urlencoded',
    { bodyLimit: bodyLimitBytes },
    (_request, body, done) => done(null, parseQueryString(body.toString())),
  );

  const drainLimit = drainLimitBytes(bodyLimitBytes);
  fastify.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (!(await drainRequest(request.raw, drainLimit))) void reply.header('connection', 'close');
    return payload;
  });
}
