import { createPrivateKey, X509Certificate } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  makeTestAppleCertificates,
  makeTestCertificateChain,
  writeTestCertificateFiles,
  type TestAppleCertificates,
} from '../../test/support/test-certificates';
import {
  isPassTypeIdentifier,
  isTeamIdentifier,
  loadAppleSigningMaterial,
  type AppleSigningInput,
} from './signing-material';

const chain = makeTestAppleCertificates();
const dir = mkdtempSync(join(tmpdir(), 'avpass-signing-material-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const inputOf = (c: TestAppleCertificates): AppleSigningInput => ({
  passTypeIdentifier: c.passTypeIdentifier,
  teamIdentifier: c.teamIdentifier,
  signerCert: c.signerCertPem,
  signerKey: c.signerKeyPem,
  wwdr: c.wwdrPem,
});
const fingerprint = (pem: string) => new X509Certificate(pem).fingerprint256;

let other: TestAppleCertificates | undefined;
/** An unrelated chain (its own root, WWDR and key), made once for the tests that need one. */
const otherChain = () => (other ??= makeTestCertificateChain({ caName: 'Unrelated Test Root CA' }));

describe('Apple Wallet not configured', () => {
  it('is off (null) when no APPLE_* setting is set, or all are blank', () => {
    expect(loadAppleSigningMaterial({})).toBeNull();
    expect(
      loadAppleSigningMaterial({
        passTypeIdentifier: '',
        teamIdentifier: '  ',
        signerCert: '',
        signerKey: '',
        wwdr: '',
      }),
    ).toBeNull();
  });

  it('names exactly the settings still missing when only some are set', () => {
    expect(() => loadAppleSigningMaterial({ passTypeIdentifier: 'pass.test.avpass' })).toThrow(
      'APPLE_TEAM_ID, APPLE_SIGNER_CERT, APPLE_SIGNER_KEY, APPLE_WWDR_CERT are missing',
    );
    expect(() => loadAppleSigningMaterial({ ...inputOf(chain), wwdr: '' })).toThrow(
      /Apple Wallet is partly configured: APPLE_WWDR_CERT is missing/,
    );
    expect(() => loadAppleSigningMaterial({ signerKeyPassphrase: 'secret' })).toThrow(
      'APPLE_PASS_TYPE_ID, APPLE_TEAM_ID, APPLE_SIGNER_CERT, APPLE_SIGNER_KEY, APPLE_WWDR_CERT are missing',
    );
  });
});

describe('Apple Wallet signing material', () => {
  it('accepts PEM values and hands them on checked, the key decrypted for node-forge', () => {
    const material = loadAppleSigningMaterial(inputOf(chain));
    expect(material).not.toBeNull();
    expect(material?.passTypeIdentifier).toBe('pass.test.avpass');
    expect(material?.teamIdentifier).toBe('TESTTEAM01');
    expect(fingerprint(material?.signerCert ?? '')).toBe(fingerprint(chain.signerCertPem));
    expect(fingerprint(material?.wwdr ?? '')).toBe(fingerprint(chain.wwdrPem));
    expect(material?.signerKey).toMatch(/^-----BEGIN RSA PRIVATE KEY-----/);
    expect(material?.signerKeyPassphrase).toBeUndefined();
  });

  it('reads the same material from file paths, with the WWDR certificate in DER as Apple hands it out', () => {
    const files = writeTestCertificateFiles(join(dir, 'paths'), chain);
    const fromValues = loadAppleSigningMaterial(inputOf(chain));
    const fromPaths = loadAppleSigningMaterial({
      passTypeIdentifier: chain.passTypeIdentifier,
      teamIdentifier: chain.teamIdentifier,
      signerCert: files.signerCertPath,
      signerKey: files.signerKeyPath,
      wwdr: files.wwdrDerPath,
    });
    expect(fromPaths).toEqual(fromValues);
    expect(fromPaths?.wwdr).toMatch(/^-----BEGIN CERTIFICATE-----/);
  });

  it('accepts one-line PEM with \\n escapes, as a compose file or secret carries it', () => {
    const oneLine = (pem: string) => pem.trim().replace(/\n/g, '\\n');
    const material = loadAppleSigningMaterial({
      ...inputOf(chain),
      signerCert: oneLine(chain.signerCertPem),
      signerKey: oneLine(chain.signerKeyPem),
    });
    expect(material).toEqual(loadAppleSigningMaterial(inputOf(chain)));
  });

  it('opens an encrypted key with APPLE_SIGNER_KEY_PASSPHRASE, and says when it is missing or wrong', () => {
    const encrypted = createPrivateKey(chain.signerKeyPem)
      .export({ type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase: 'correct horse' })
      .toString();
    const input = { ...inputOf(chain), signerKey: encrypted };
    expect(loadAppleSigningMaterial({ ...input, signerKeyPassphrase: 'correct horse' })).toEqual(
      loadAppleSigningMaterial(inputOf(chain)),
    );
    expect(() => loadAppleSigningMaterial(input)).toThrow(
      'APPLE_SIGNER_KEY is encrypted: set APPLE_SIGNER_KEY_PASSPHRASE',
    );
    expect(() => loadAppleSigningMaterial({ ...input, signerKeyPassphrase: 'wrong' })).toThrow(
      'APPLE_SIGNER_KEY_PASSPHRASE does not decrypt APPLE_SIGNER_KEY',
    );
  });

  it('refuses a key that is not the certificate’s', () => {
    expect(() =>
      loadAppleSigningMaterial({ ...inputOf(chain), signerKey: otherChain().signerKeyPem }),
    ).toThrow('APPLE_SIGNER_KEY does not match APPLE_SIGNER_CERT');
  });

  it('refuses a WWDR certificate that did not issue the pass certificate', () => {
    expect(() => loadAppleSigningMaterial({ ...inputOf(chain), wwdr: otherChain().wwdrPem })).toThrow(
      /APPLE_SIGNER_CERT is not issued by APPLE_WWDR_CERT/,
    );
    // The pass certificate itself in the WWDR's place.
    expect(() => loadAppleSigningMaterial({ ...inputOf(chain), wwdr: chain.signerCertPem })).toThrow(
      /APPLE_WWDR_CERT is not a certificate authority/,
    );
  });

  it('refuses an expired pass certificate', () => {
    const expired = makeTestCertificateChain({ signerDays: -1 });
    expect(() => loadAppleSigningMaterial(inputOf(expired))).toThrow(/^APPLE_SIGNER_CERT expired on /);
    const afterExpiry = new Date(Date.now() + 400 * 86_400_000);
    expect(() => loadAppleSigningMaterial(inputOf(chain), afterExpiry)).toThrow(
      /^APPLE_SIGNER_CERT expired on /,
    );
  });

  it('refuses a pass type or team other than the certificate’s', () => {
    expect(() =>
      loadAppleSigningMaterial({ ...inputOf(chain), passTypeIdentifier: 'pass.other.app' }),
    ).toThrow('APPLE_PASS_TYPE_ID is "pass.other.app" but APPLE_SIGNER_CERT is for "pass.test.avpass"');
    expect(() => loadAppleSigningMaterial({ ...inputOf(chain), teamIdentifier: 'OTHERTEAM1' })).toThrow(
      'APPLE_TEAM_ID is "OTHERTEAM1" but APPLE_SIGNER_CERT belongs to team "TESTTEAM01"',
    );
  });

  it('refuses malformed identifiers, unreadable files and what is not a certificate or key', () => {
    expect(() =>
      loadAppleSigningMaterial({ ...inputOf(chain), passTypeIdentifier: 'com.example.pass' }),
    ).toThrow(/^APPLE_PASS_TYPE_ID must look like pass\.com\.example\.avpass/);
    expect(() => loadAppleSigningMaterial({ ...inputOf(chain), teamIdentifier: 'team' })).toThrow(
      /^APPLE_TEAM_ID must be the 10-character team identifier/,
    );
    expect(() => loadAppleSigningMaterial({ ...inputOf(chain), signerCert: join(dir, 'nope.pem') })).toThrow(
      /^APPLE_SIGNER_CERT is neither PEM text .* nor a readable file: cannot read .*nope\.pem \(ENOENT\)/,
    );
    const junk = join(dir, 'junk.cer');
    writeFileSync(junk, 'not a certificate');
    expect(() => loadAppleSigningMaterial({ ...inputOf(chain), wwdr: junk })).toThrow(
      `APPLE_WWDR_CERT (${junk}) is not a certificate`,
    );
    expect(() => loadAppleSigningMaterial({ ...inputOf(chain), signerKey: junk })).toThrow(
      `APPLE_SIGNER_KEY (${junk}) is not a private key`,
    );
  });
});

describe('identifier shapes', () => {
  it.each([
    ['pass.com.example.avpass', true],
    ['pass.test.avpass', true],
    ['pass.avpass', false],
    ['com.example.avpass', false],
    ['pass.com..avpass', false],
    ['pass.com.example-.x', false],
  ])('%s is a pass type identifier: %s', (value, expected) => {
    expect(isPassTypeIdentifier(value)).toBe(expected);
  });

  it('knows a team identifier: 10 upper-case letters and digits', () => {
    expect(isTeamIdentifier('A1B2C3D4E5')).toBe(true);
    expect(isTeamIdentifier('a1b2c3d4e5')).toBe(false);
    expect(isTeamIdentifier('A1B2C3D4E')).toBe(false);
  });
});
