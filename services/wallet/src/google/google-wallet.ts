import { createPrivateKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { PublicVoucher } from '@avpass/contracts';
import { SignJWT } from 'jose';
import {
  googleOfferClass,
  googleOfferIds,
  googleOfferObject,
  type GoogleOfferContext,
  type GoogleVoucherState,
} from './offer-object';
import {
  googleMemberClass,
  googleMemberIds,
  googleMemberObject,
  type GoogleMemberPass,
} from './member-object';
import { passWords } from '../i18n';

export {
  googleMemberBarcode,
  googleMemberIds,
  googleMemberObject,
  type GoogleMemberPass,
} from './member-object';
export {
  googleOfferClass,
  googleOfferIds,
  googleOfferObject,
  googleOfferState,
  type GoogleOfferClass,
  type GoogleOfferContext,
  type GoogleOfferObject,
  type GoogleOfferState,
  type GoogleVoucherState,
} from './offer-object';

/**
 * Google Wallet for vouchers: the "Save to Google Wallet" link (a JWT signed RS256 with the service
 * account's key, carrying the voucher's offer class and object) and a small REST client that patches
 * the saved object when the voucher changes. Plain `fetch`; the access token comes from the OAuth2
 * JWT-bearer grant and is cached until a minute before it expires.
 */

/** The fields we use of a service account's JSON key file. */
export interface GoogleServiceAccount {
  client_email: string;
  private_key: string;
  token_uri?: string;
}

/**
 * Google Wallet as configured. `apiUrl`: the Wallet REST API's base
 * (https://walletobjects.googleapis.com/walletobjects/v1). `tokenUrl`: the OAuth2 token endpoint
 * (default: the key's token_uri, else https://oauth2.googleapis.com/token). `origins`: the sites
 * allowed to show the save button. `timeoutMs`: the bound on one call (default 10 s).
 */
export interface GoogleWalletOptions extends GoogleOfferContext {
  serviceAccount: GoogleServiceAccount;
  apiUrl: string;
  tokenUrl?: string;
  origins: string[];
  timeoutMs?: number;
}

/** A Wallet API call that failed. `retryable`: 429, 5xx, timeouts and network errors; `status` null without an answer. */
export class GoogleWalletError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'GoogleWalletError';
  }
}

export const DEFAULT_GOOGLE_WALLET_API_URL = 'https://walletobjects.googleapis.com/walletobjects/v1';
export const DEFAULT_GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
export const GOOGLE_WALLET_SCOPE = 'https://www.googleapis.com/auth/wallet_object.issuer';
export const GOOGLE_SAVE_URL = 'https://pay.google.com/gp/v/save/';
const DEFAULT_TIMEOUT_MS = 10_000;
/** A token is renewed this long before Google says it expires. */
const TOKEN_MARGIN_MS = 60_000;
const VARIABLE = 'GOOGLE_WALLET_SERVICE_ACCOUNT';

/**
 * Reads a service account key from configuration: the JSON itself, or the path of its file. Throws an
 * Error naming GOOGLE_WALLET_SERVICE_ACCOUNT when it cannot be read, is not a key file, or its key does
 * not parse (never quoting the key).
 */
export function loadGoogleServiceAccount(valueOrPath: string): GoogleServiceAccount {
  const value = valueOrPath.trim();
  let text = value;
  if (!value.startsWith('{')) {
    try {
      text = readFileSync(value, 'utf8');
    } catch (error) {
      throw new Error(
        `${VARIABLE}: cannot read ${value} (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
      );
    }
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`${VARIABLE} is not valid JSON (expected a service account key file or its contents)`);
  }
  if (typeof parsed !== 'object' || parsed === null) throw new Error(`${VARIABLE} must be a JSON object`);
  const fields = parsed as Record<string, unknown>;
  const { client_email: email, private_key: key, token_uri: tokenUri } = fields;
  if (typeof email !== 'string' || !email.includes('@'))
    throw new Error(`${VARIABLE} has no client_email (is it a service account key file?)`);
  if (typeof key !== 'string' || !key.includes('PRIVATE KEY'))
    throw new Error(`${VARIABLE} has no private_key (is it a service account key file?)`);
  if (tokenUri !== undefined && (typeof tokenUri !== 'string' || !/^https?:\/\//.test(tokenUri)))
    throw new Error(`${VARIABLE}: token_uri must be an http(s) URL`);
  let parsedKey: KeyObject;
  try {
    parsedKey = createPrivateKey(key);
  } catch {
    throw new Error(`${VARIABLE}: private_key does not parse as a PEM private key`);
  }
  if (parsedKey.asymmetricKeyType !== 'rsa')
    throw new Error(`${VARIABLE}: private_key must be an RSA key (Google signs RS256)`);
  return { client_email: email, private_key: key, ...(tokenUri ? { token_uri: tokenUri } : {}) };
}

const keys = new WeakMap<GoogleServiceAccount, KeyObject>();
/** The service account's key, parsed once per account object. */
function signingKey(account: GoogleServiceAccount): KeyObject {
  let key = keys.get(account);
  if (!key) {
    key = createPrivateKey(account.private_key);
    keys.set(account, key);
  }
  return key;
}

type SaveOptions = Pick<GoogleWalletOptions, 'issuerId' | 'issuerName' | 'serviceAccount' | 'origins'>;

/**
 * Google: a JWT in a web link must stay under 1800 characters (browsers cut longer links). A longer one
 * needs the "skinny" JWT: insert the class and object first, then name only the object.
 */
export const MAX_SAVE_JWT_LENGTH = 1800;

async function signSaveJwt(options: SaveOptions, payload: Record<string, unknown>): Promise<string> {
  const jwt = await new SignJWT({ typ: 'savetowallet', origins: options.origins, payload })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(options.serviceAccount.client_email)
    .setAudience('google')
    .setIssuedAt()
    .sign(signingKey(options.serviceAccount));
  return `${GOOGLE_SAVE_URL}${jwt}`;
}

/**
 * The "Save to Google Wallet" link for a voucher: https://pay.google.com/gp/v/save/<JWT>, the JWT
 * (`typ: savetowallet`, `aud: google`) carrying the voucher's offer class and object; Google inserts
 * them when the member saves. Such a JWT is often longer than MAX_SAVE_JWT_LENGTH:
 * `GoogleWalletApi.saveUrl` falls back to the skinny link then.
 */
export async function googleSaveUrl(
  options: SaveOptions,
  voucher: PublicVoucher,
  state: GoogleVoucherState,
): Promise<string> {
  const words = await passWords();
  return signSaveJwt(options, {
    offerClasses: [googleOfferClass(options, voucher, words)],
    offerObjects: [googleOfferObject(options, voucher, state, words)],
  });
}

/**
 * The skinny "Save to Google Wallet" link: the JWT names only the voucher's object (id and class id),
 * which must already be inserted (`GoogleWalletApi.upsert`). Short whatever the voucher says.
 */
export async function googleSkinnySaveUrl(
  options: SaveOptions,
  voucher: Pick<PublicVoucher, 'id'>,
): Promise<string> {
  const { classId, objectId } = googleOfferIds(options.issuerId, voucher.id);
  return signSaveJwt(options, { offerObjects: [{ id: objectId, classId }] });
}

interface Answer {
  status: number;
  text: string;
}

/**
 * The Wallet REST API, as much as keeping saved vouchers true needs: PATCH the offer object (state,
 * uses, end) and the offer class (what an edit changes; 404 means the member never saved the voucher:
 * nothing to update), and the insert behind the skinny save link (`saveUrl`, `upsert`).
 */
export class GoogleWalletApi {
  private readonly apiUrl: string;
  private readonly tokenUrl: string;
  private readonly timeoutMs: number;
  private token: { value: string; renewAt: number } | null = null;
  private pendingToken: Promise<string> | null = null;

  constructor(private readonly options: GoogleWalletOptions) {
    this.apiUrl = (options.apiUrl || DEFAULT_GOOGLE_WALLET_API_URL).replace(/\/+$/, '');
    this.tokenUrl = options.tokenUrl ?? options.serviceAccount.token_uri ?? DEFAULT_GOOGLE_TOKEN_URL;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    signingKey(options.serviceAccount); // a key that does not parse fails here, at start-up
  }

  /** Brings the saved offer object up to date with the voucher. */
  async patchObject(voucher: PublicVoucher, state: GoogleVoucherState): Promise<'patched' | 'absent'> {
    const object = googleOfferObject(this.options, voucher, state, await passWords());
    return this.patch(`offerObject/${encodeURIComponent(object.id)}`, object);
  }

  /** Brings the offer class (title, partner, discount, terms) up to date after an edit. */
  async patchClass(voucher: PublicVoucher): Promise<'patched' | 'absent'> {
    const offerClass = googleOfferClass(this.options, voucher, await passWords());
    return this.patch(`offerClass/${encodeURIComponent(offerClass.id)}`, offerClass);
  }

  /** Inserts the voucher's class and object, or patches them when they exist (for the skinny link). */
  async upsert(voucher: PublicVoucher, state: GoogleVoucherState): Promise<void> {
    const words = await passWords();
    const offerClass = googleOfferClass(this.options, voucher, words);
    if ((await this.insert('offerClass', offerClass)) === 'exists') await this.patchClass(voucher);
    const object = googleOfferObject(this.options, voucher, state, words);
    if ((await this.insert('offerObject', object)) === 'exists') await this.patchObject(voucher, state);
  }

  /**
   * The voucher's "Save to Google Wallet" link: the full JWT when it is short enough for a link, else
   * the class and object are upserted here and the skinny link names the object.
   */
  async saveUrl(voucher: PublicVoucher, state: GoogleVoucherState): Promise<string> {
    const full = await googleSaveUrl(this.options, voucher, state);
    if (full.length - GOOGLE_SAVE_URL.length <= MAX_SAVE_JWT_LENGTH) return full;
    await this.upsert(voucher, state);
    return googleSkinnySaveUrl(this.options, voucher);
  }

  // ---- The member pass (issue 43): a generic object with a rotating barcode -------------------

  /**
   * Inserts the member's generic object (and the club's member class, once), or patches the object
   * when it exists: its rotating barcode then carries the member's current pass version and secret.
   */
  async upsertMember(pass: GoogleMemberPass): Promise<void> {
    await this.insert('genericClass', googleMemberClass(this.options)); // 'exists': nothing in it changes
    const object = googleMemberObject(this.options, pass);
    if ((await this.insert('genericObject', object)) === 'exists') await this.patchMember(pass);
  }

  /** Sets the saved member object to the member's current version and secret ('absent': never saved). */
  async patchMember(pass: GoogleMemberPass): Promise<'patched' | 'absent'> {
    const object = googleMemberObject(this.options, pass);
    return this.patch(`genericObject/${encodeURIComponent(object.id)}`, object);
  }

  /**
   * The member pass's "Save to Google Wallet" link: the object is upserted through the API first (the
   * TOTP secret goes only there) and the link names it by id, never carrying the secret.
   */
  async memberSaveUrl(pass: GoogleMemberPass): Promise<string> {
    await this.upsertMember(pass);
    const { classId, objectId } = googleMemberIds(this.options.issuerId, pass.memberId);
    return signSaveJwt(this.options, { genericObjects: [{ id: objectId, classId }] });
  }

  /** The resource ids of a voucher, for callers that log or store them. */
  ids(voucher: Pick<PublicVoucher, 'id'>): { classId: string; objectId: string } {
    return googleOfferIds(this.options.issuerId, voucher.id);
  }

  private async patch(path: string, body: object): Promise<'patched' | 'absent'> {
    const answer = await this.call('PATCH', path, body);
    if (answer.status >= 200 && answer.status < 300) return 'patched';
    if (answer.status === 404) return 'absent';
    throw failed(`Google Wallet PATCH ${path}`, answer);
  }

  private async insert(
    collection: 'offerClass' | 'offerObject' | 'genericClass' | 'genericObject',
    body: object,
  ): Promise<'inserted' | 'exists'> {
    const answer = await this.call('POST', collection, body);
    if (answer.status >= 200 && answer.status < 300) return 'inserted';
    if (answer.status === 409) return 'exists';
    throw failed(`Google Wallet POST ${collection}`, answer);
  }

  /** An authorized API call; a 401 (token revoked or expired early) gets one fresh token and one more try. */
  private async call(method: 'PATCH' | 'POST', path: string, body: object): Promise<Answer> {
    const once = async () =>
      this.request(`${this.apiUrl}/${path}`, {
        method,
        headers: {
          authorization: `Bearer ${await this.accessToken()}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify(body),
      });
    const answer = await once();
    if (answer.status !== 401) return answer;
    this.token = null;
    return once();
  }

  /** The cached access token, or a new one (one request at a time however many calls wait). */
  private async accessToken(): Promise<string> {
    if (this.token && Date.now() < this.token.renewAt) return this.token.value;
    this.pendingToken ??= this.fetchToken().finally(() => {
      this.pendingToken = null;
    });
    return this.pendingToken;
  }

  private async fetchToken(): Promise<string> {
    const account = this.options.serviceAccount;
    const now = Math.floor(Date.now() / 1000);
    const assertion = await new SignJWT({ scope: GOOGLE_WALLET_SCOPE })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setIssuer(account.client_email)
      .setAudience(this.tokenUrl)
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(signingKey(account));
    const answer = await this.request(this.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion,
      }).toString(),
    });
    if (answer.status !== 200) throw failed('Google OAuth2 token request', answer);
    let token: unknown;
    try {
      token = JSON.parse(answer.text);
    } catch {
      token = null;
    }
    const { access_token: value, expires_in: expiresIn } = (token ?? {}) as Record<string, unknown>;
    if (typeof value !== 'string' || !value)
      throw new GoogleWalletError('Google OAuth2 token answer has no access_token', 200, true);
    const lifetimeS = typeof expiresIn === 'number' && expiresIn > 0 ? expiresIn : 3600;
    this.token = { value, renewAt: Date.now() + lifetimeS * 1000 - TOKEN_MARGIN_MS };
    return value;
  }

  /** One HTTP call bounded by timeoutMs; network failures and timeouts become retryable errors. */
  private async request(url: string, init: RequestInit): Promise<Answer> {
    try {
      const response = await fetch(url, { ...init, signal: AbortSignal.timeout(this.timeoutMs) });
      return { status: response.status, text: await response.text() };
    } catch (error) {
      const cause = error as Error;
      const what = cause.name === 'TimeoutError' ? `no answer within ${this.timeoutMs} ms` : cause.message;
      throw new GoogleWalletError(`${new URL(url).host}: ${what}`, null, true);
    }
  }
}

/** An error answer as a GoogleWalletError, with Google's own message when it sent one. */
function failed(what: string, answer: Answer): GoogleWalletError {
  let detail = answer.text.slice(0, 300);
  try {
    const body = JSON.parse(answer.text) as {
      error?: { message?: string } | string;
      error_description?: string;
    };
    detail =
      typeof body.error === 'object' && body.error?.message
        ? body.error.message
        : [body.error, body.error_description].filter(Boolean).join(': ') || detail;
  } catch {
    // not JSON: the text itself
  }
  const retryable = answer.status === 429 || answer.status >= 500;
  return new GoogleWalletError(`${what} failed: ${answer.status} ${detail}`.trim(), answer.status, retryable);
}
