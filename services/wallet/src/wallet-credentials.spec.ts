import { ConfigurationError } from '@avpass/platform';
import { testServiceEnv } from '@avpass/platform/testing';
import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { makeTestAppleCertificates } from '../test/support/test-certificates';
import { loadWalletConfig } from './config';
import { loadWalletCredentials } from './wallet-credentials';

const certs = makeTestAppleCertificates();
const apple = {
  APPLE_PASS_TYPE_ID: certs.passTypeIdentifier,
  APPLE_TEAM_ID: certs.teamIdentifier,
  APPLE_SIGNER_CERT: certs.signerCertPem,
  APPLE_SIGNER_KEY: certs.signerKeyPem,
  APPLE_WWDR_CERT: certs.wwdrPem,
};
const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
  type: 'pkcs8',
  format: 'pem',
});
const serviceAccount = JSON.stringify({
  client_email: 'w@test.iam.gserviceaccount.com',
  private_key: rsa.toString(),
});
const load = (env: Record<string, string>) =>
  loadWalletCredentials(
    loadWalletConfig(testServiceEnv({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/unused', ...env })),
  );

describe('wallet credentials, read once at start-up', () => {
  it('leaves each wallet off when nothing of it is set (blank counts as unset)', () => {
    expect(load({})).toEqual({ apple: null, google: null });
    expect(load({ APPLE_PASS_TYPE_ID: ' ', GOOGLE_WALLET_ISSUER_ID: '' })).toEqual({
      apple: null,
      google: null,
    });
  });

  it('turns Apple Wallet on with the signing material; pushes use the pass certificate unless an APNs key is set', () => {
    const onCertificate = load(apple).apple!;
    expect(onCertificate.material.passTypeIdentifier).toBe(certs.passTypeIdentifier);
    expect(onCertificate.apns).toMatchObject({
      url: 'https://api.push.apple.com',
      topic: certs.passTypeIdentifier,
    });
    expect(onCertificate.apns.auth.kind).toBe('certificate');
    expect(onCertificate.tokenSecret.length).toBe(32);

    const key = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey.export({
      type: 'pkcs8',
      format: 'pem',
    });
    const onToken = load({
      ...apple,
      APPLE_APNS_KEY: key.toString(),
      APPLE_APNS_KEY_ID: 'ABC123DEFG',
    }).apple!;
    expect(onToken.apns.auth).toMatchObject({
      kind: 'token',
      keyId: 'ABC123DEFG',
      teamId: certs.teamIdentifier,
    });
  });

  it('stops the service, naming the setting, when a wallet is half configured', () => {
    expect(() =>
      load({ ...apple, APPLE_APNS_KEY: certs.signerKeyPem, APPLE_APNS_KEY_ID: 'ABC123DEFG' }),
    ).toThrow(/APPLE_APNS_KEY is not an APNs auth key/);
    expect(() => load({ ...apple, APPLE_WWDR_CERT: '' })).toThrow(/APPLE_WWDR_CERT/);
    expect(() => load({ ...apple, APPLE_APNS_KEY_ID: 'ABC123DEFG' })).toThrow(ConfigurationError);
    expect(() => load({ ...apple, APPLE_APNS_KEY_ID: 'ABC123DEFG' })).toThrow(
      /APPLE_APNS_KEY and APPLE_APNS_KEY_ID/,
    );
    expect(() =>
      load({ ...apple, APPLE_APNS_KEY: '/nowhere/AuthKey.p8', APPLE_APNS_KEY_ID: 'ABC123DEFG' }),
    ).toThrow(
      /APPLE_APNS_KEY is neither PEM text .* nor a readable file: cannot read \/nowhere\/AuthKey\.p8/,
    );
    expect(() => load({ GOOGLE_WALLET_ISSUER_ID: '3388000000012345678' })).toThrow(
      /missing: GOOGLE_WALLET_SERVICE_ACCOUNT/,
    );
    expect(() => load({ GOOGLE_WALLET_SERVICE_ACCOUNT: serviceAccount })).toThrow(
      /missing: GOOGLE_WALLET_ISSUER_ID/,
    );
    expect(() =>
      load({ GOOGLE_WALLET_ISSUER_ID: 'abc', GOOGLE_WALLET_SERVICE_ACCOUNT: serviceAccount }),
    ).toThrow(/numeric issuer id/);
    expect(() =>
      load({
        GOOGLE_WALLET_ISSUER_ID: '3388000000012345678',
        GOOGLE_WALLET_SERVICE_ACCOUNT: '{"client_email":"x"}',
      }),
    ).toThrow(/GOOGLE_WALLET_SERVICE_ACCOUNT/);
  });

  it('turns Google Wallet on with the issuer and the service account', () => {
    const google = load({
      GOOGLE_WALLET_ISSUER_ID: '3388000000012345678',
      GOOGLE_WALLET_SERVICE_ACCOUNT: serviceAccount,
    }).google!;
    expect(google).toMatchObject({
      issuerId: '3388000000012345678',
      apiUrl: 'https://walletobjects.googleapis.com/walletobjects/v1',
      issuerName: 'AV Pass',
    });
    expect(google.serviceAccount.client_email).toBe('w@test.iam.gserviceaccount.com');
  });
});
