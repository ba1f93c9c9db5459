import { createHmac, timingSafeEqual } from 'node:crypto';

/** A webhook's form parameters as Twilio posted them (application/x-www-form-urlencoded, decoded). */
export type TwilioParams = Record<string, string>;

/**
 * Twilio's X-Twilio-Signature: HMAC-SHA1 with the auth token over the full URL Twilio requested (scheme,
 * host, path and query as configured) followed by every POST parameter's name and value, names sorted,
 * base64. https://www.twilio.com/docs/usage/security#validating-requests
 */
export function twilioSignature(authToken: string, url: string, params: TwilioParams): string {
  const data = Object.keys(params)
    .sort()
    .reduce((text, key) => text + key + params[key], url);
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

/** Whether `signature` is Twilio's for this request (constant-time compare; a missing one is not). */
export function verifyTwilioSignature(
  authToken: string,
  url: string,
  params: TwilioParams,
  signature: string | undefined | null,
): boolean {
  if (!signature) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The statuses a message goes through at Twilio (its status callback's MessageStatus). */
export const TWILIO_MESSAGE_STATUSES = [
  'accepted',
  'scheduled',
  'queued',
  'sending',
  'sent',
  'delivered',
  'undelivered',
  'failed',
  'canceled',
  'read',
  'receiving',
  'received',
] as const;
export type TwilioMessageStatus = (typeof TWILIO_MESSAGE_STATUSES)[number];

export interface TwilioStatusCallback {
  messageSid: string;
  status: TwilioMessageStatus;
  /** ErrorCode when the message failed (30003 unreachable, 30005 unknown number, 30007 filtered…). */
  errorCode: number | null;
  to: string | null;
}

/** A status callback's fields, or null when it is not one (no MessageSid or an unknown MessageStatus). */
export function parseTwilioStatusCallback(params: TwilioParams): TwilioStatusCallback | null {
  const messageSid = params.MessageSid ?? params.SmsSid;
  const status = params.MessageStatus ?? params.SmsStatus;
  if (!messageSid || !/^(SM|MM)[0-9a-fA-F]{32}$/.test(messageSid)) return null;
  if (!status || !(TWILIO_MESSAGE_STATUSES as readonly string[]).includes(status)) return null;
  const code = params.ErrorCode && /^\d{1,6}$/.test(params.ErrorCode) ? Number(params.ErrorCode) : null;
  return { messageSid, status: status as TwilioMessageStatus, errorCode: code, to: params.To ?? null };
}

/**
 * What a reply asks of its sender's consent: Twilio's default opt-out keywords (STOP, STOPALL,
 * UNSUBSCRIBE, CANCEL, END, QUIT, REVOKE, OPTOUT), opt-in (START, YES, UNSTOP) and HELP/INFO, or what
 * Advanced Opt-Out says it matched (OptOutType). Twilio itself blocks a number that sent STOP (21610).
 */
export type SmsReplyIntent = 'opt-out' | 'opt-in' | 'help' | null;

const OPT_OUT = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT']);
const OPT_IN = new Set(['START', 'YES', 'UNSTOP']);
const HELP = new Set(['HELP', 'INFO']);

export function smsReplyIntent(body: string, optOutType?: string): SmsReplyIntent {
  const type = optOutType?.toUpperCase();
  if (type === 'STOP') return 'opt-out';
  if (type === 'START') return 'opt-in';
  if (type === 'HELP') return 'help';
  // Twilio matches the whole message, trimmed, in any case.
  const word = body
    .trim()
    .toUpperCase()
    .replace(/[.!]+$/, '');
  if (OPT_OUT.has(word)) return 'opt-out';
  if (OPT_IN.has(word)) return 'opt-in';
  if (HELP.has(word)) return 'help';
  return null;
}

export interface TwilioInboundMessage {
  messageSid: string;
  /** The member's number (E.164). */
  from: string;
  /** Our number it was sent to. */
  to: string;
  body: string;
  intent: SmsReplyIntent;
}

/** An incoming SMS's fields, or null when it is not one (no MessageSid or From). */
export function parseTwilioInbound(params: TwilioParams): TwilioInboundMessage | null {
  const messageSid = params.MessageSid ?? params.SmsSid;
  if (!messageSid || !params.From) return null;
  const body = params.Body ?? '';
  return {
    messageSid,
    from: params.From,
    to: params.To ?? '',
    body,
    intent: smsReplyIntent(body, params.OptOutType),
  };
}
