import { ConfigurationError } from '@avpass/platform';
import type { ApnsAuth, ApnsOptions } from './apple/apns-client';
import { passTokenSecret } from './apple/pass-auth';
import {
  loadAppleSigningMaterial,
  readPrivateKey,
  type AppleSigningMaterial,
} from './apple/signing-material';
import type { WalletConfig } from './config';
import { loadGoogleServiceAccount, type GoogleWalletOptions } from './google/google-wallet';

/** Apple Wallet as configured: the signing material, the pass tokens' secret and the APNs client's options. */
export interface AppleWallet {
  material: AppleSigningMaterial;
  tokenSecret: Buffer;
  apns: ApnsOptions;
  /** WALLET_WEB_SERVICE_URL, or null: each pass's voucher link's origin + /api/wallet. */
  webServiceUrl: string | null;
}

/** What the wallet service can issue: each wallet null when it is not configured. */
export interface WalletCredentials {
  apple: AppleWallet | null;
  google: GoogleWalletOptions | null;
}

export const WALLET_CREDENTIALS = Symbol('WALLET_CREDENTIALS');

function apnsAuth(config: WalletConfig, material: AppleSigningMaterial): ApnsAuth {
  if (!config.APPLE_APNS_KEY !== !config.APPLE_APNS_KEY_ID) {
    throw new ConfigurationError(
      'APPLE_APNS_KEY and APPLE_APNS_KEY_ID go together (token authentication); leave both unset to push with the pass certificate',
    );
  }
  if (config.APPLE_APNS_KEY && config.APPLE_APNS_KEY_ID) {
    let key;
    try {
      key = readPrivateKey('APPLE_APNS_KEY', config.APPLE_APNS_KEY, undefined);
    } catch (error) {
      throw new ConfigurationError((error as Error).message);
    }
    if (key.asymmetricKeyType !== 'ec') {
      throw new ConfigurationError(
        'APPLE_APNS_KEY is not an APNs auth key (a .p8 P-256 key from the developer account)',
      );
    }
    return {
      kind: 'token',
      keyPem: key.export({ type: 'pkcs8', format: 'pem' }).toString(),
      keyId: config.APPLE_APNS_KEY_ID,
      teamId: material.teamIdentifier,
    };
  }
  return {
    kind: 'certificate',
    certPem: material.signerCert,
    keyPem: material.signerKey,
    ...(material.signerKeyPassphrase ? { passphrase: material.signerKeyPassphrase } : {}),
  };
}

/**
 * Reads and checks the wallets' configuration once, at start-up: a wallet that is half configured, or
 * whose certificates or keys do not read, stops the service with a message naming the setting.
 */
export function loadWalletCredentials(config: WalletConfig): WalletCredentials {
  let apple: AppleWallet | null = null;
  let material: AppleSigningMaterial | null;
  try {
    material = loadAppleSigningMaterial({
      passTypeIdentifier: config.APPLE_PASS_TYPE_ID,
      teamIdentifier: config.APPLE_TEAM_ID,
      signerCert: config.APPLE_SIGNER_CERT,
      signerKey: config.APPLE_SIGNER_KEY,
      signerKeyPassphrase: config.APPLE_SIGNER_KEY_PASSPHRASE,
      wwdr: config.APPLE_WWDR_CERT,
    });
  } catch (error) {
    throw new ConfigurationError((error as Error).message);
  }
  if (material) {
    apple = {
      material,
      tokenSecret: passTokenSecret(material.signerKey),
      apns: {
        url: config.APPLE_APNS_URL,
        topic: material.passTypeIdentifier,
        auth: apnsAuth(config, material),
        timeoutMs: config.WALLET_CALL_TIMEOUT_MS,
      },
      webServiceUrl: config.WALLET_WEB_SERVICE_URL ?? null,
    };
  }

  let google: GoogleWalletOptions | null = null;
  if (!config.GOOGLE_WALLET_ISSUER_ID !== !config.GOOGLE_WALLET_SERVICE_ACCOUNT) {
    throw new ConfigurationError(
      `Google Wallet needs both GOOGLE_WALLET_ISSUER_ID and GOOGLE_WALLET_SERVICE_ACCOUNT (missing: ${
        config.GOOGLE_WALLET_ISSUER_ID ? 'GOOGLE_WALLET_SERVICE_ACCOUNT' : 'GOOGLE_WALLET_ISSUER_ID'
      })`,
    );
  }
  if (config.GOOGLE_WALLET_ISSUER_ID && config.GOOGLE_WALLET_SERVICE_ACCOUNT) {
    let serviceAccount;
    try {
      serviceAccount = loadGoogleServiceAccount(config.GOOGLE_WALLET_SERVICE_ACCOUNT);
    } catch (error) {
      throw new ConfigurationError((error as Error).message);
    }
    google = {
      issuerId: config.GOOGLE_WALLET_ISSUER_ID,
      serviceAccount,
      apiUrl: config.GOOGLE_WALLET_API_URL,
      ...(config.GOOGLE_WALLET_TOKEN_URL ? { tokenUrl: config.GOOGLE_WALLET_TOKEN_URL } : {}),
      origins: [],
      issuerName: config.WALLET_ISSUER_NAME,
      timeoutMs: config.WALLET_CALL_TIMEOUT_MS,
    };
  }
  return { apple, google };
}
