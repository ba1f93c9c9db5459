import { createPrivateKey, type KeyObject, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';

/**
 * What signs an Apple Wallet pass: the pass type and team it belongs to, the pass type certificate and
 * its private key, and Apple's WWDR intermediate that issued the certificate. All PEM text, checked.
 *
 * The key is held decrypted (PKCS#1 PEM) and `signerKeyPassphrase` is left unset: passkit-generator
 * signs with node-forge, which reads only RSA keys and only some encryption schemes, so the key is
 * decrypted once here, with Node's OpenSSL, instead of on every pass.
 */
export interface AppleSigningMaterial {
  passTypeIdentifier: string;
  teamIdentifier: string;
  signerCert: string;
  signerKey: string;
  signerKeyPassphrase?: string;
  wwdr: string;
}

/**
 * The APPLE_* settings as configuration hands them over: each certificate or key is its PEM text or a
 * path to its file (the WWDR certificate may be the DER `.cer` Apple publishes). Blank reads as unset.
 */
export interface AppleSigningInput {
  passTypeIdentifier?: string | undefined;
  teamIdentifier?: string | undefined;
  signerCert?: string | undefined;
  signerKey?: string | undefined;
  signerKeyPassphrase?: string | undefined;
  wwdr?: string | undefined;
}

/** The environment variable behind each input, as every message names them. */
export const APPLE_SIGNING_ENV = {
  passTypeIdentifier: 'APPLE_PASS_TYPE_ID',
  teamIdentifier: 'APPLE_TEAM_ID',
  signerCert: 'APPLE_SIGNER_CERT',
  signerKey: 'APPLE_SIGNER_KEY',
  signerKeyPassphrase: 'APPLE_SIGNER_KEY_PASSPHRASE',
  wwdr: 'APPLE_WWDR_CERT',
} as const satisfies Record<keyof AppleSigningInput, string>;

/** The settings Apple Wallet needs (the passphrase only when the key is encrypted). */
const REQUIRED = ['passTypeIdentifier', 'teamIdentifier', 'signerCert', 'signerKey', 'wwdr'] as const;

/** `pass.` and a reverse-DNS name of at least two labels, as the developer portal registers them. */
export const PASS_TYPE_IDENTIFIER_PATTERN = /^pass(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?){2,}$/;
/** Apple team identifiers are 10 upper-case letters and digits. */
export const TEAM_IDENTIFIER_PATTERN = /^[A-Z0-9]{10}$/;

/** Whether `value` can be a pass type identifier (`pass.com.example.avpass`). */
export function isPassTypeIdentifier(value: string): boolean {
  return PASS_TYPE_IDENTIFIER_PATTERN.test(value);
}

/** Whether `value` can be an Apple team identifier (`A1B2C3D4E5`). */
export function isTeamIdentifier(value: string): boolean {
  return TEAM_IDENTIFIER_PATTERN.test(value);
}

const PEM_START = '-----BEGIN';

const present = (value: string | undefined): string | undefined => (value?.trim() ? value.trim() : undefined);

/** Text with `\n` escapes (one-line PEM in a compose file or secret) gets its line breaks back. */
const unescapeNewlines = (pem: string): string => (pem.includes('\n') ? pem : pem.replace(/\\n/g, '\n'));

/** The setting's bytes: the PEM given inline, or the file it names. */
function readSource(name: string, value: string): { bytes: Buffer; from: string } {
  if (value.startsWith(PEM_START)) return { bytes: Buffer.from(unescapeNewlines(value)), from: name };
  try {
    return { bytes: readFileSync(value), from: `${name} (${value})` };
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new Error(
      `${name} is neither PEM text (starting with ${PEM_START}) nor a readable file: cannot read ${value} (${reason})`,
    );
  }
}

const isPem = (bytes: Buffer) => bytes.toString('latin1').includes(PEM_START);

function readCertificate(name: string, value: string): X509Certificate {
  const { bytes, from } = readSource(name, value);
  try {
    // DER when it is not PEM: Apple hands out the WWDR intermediate as a binary `.cer`.
    return new X509Certificate(bytes);
  } catch {
    throw new Error(
      `${from} is not a certificate: expected a PEM (-----BEGIN CERTIFICATE-----) or DER X.509 certificate`,
    );
  }
}

/**
 * A private key from a setting (PEM text or a file, PEM or DER), decrypted with `passphrase` when it
 * is encrypted; an Error naming the setting when it is not one.
 */
export function readPrivateKey(name: string, value: string, passphrase: string | undefined): KeyObject {
  const { bytes, from } = readSource(name, value);
  const passphraseName = APPLE_SIGNING_ENV.signerKeyPassphrase;
  const encrypted = /-----BEGIN ENCRYPTED PRIVATE KEY-----|Proc-Type: 4,ENCRYPTED/.test(
    bytes.toString('latin1'),
  );
  if (encrypted && passphrase === undefined) {
    throw new Error(`${from} is encrypted: set ${passphraseName} to its passphrase`);
  }
  const attempts = isPem(bytes)
    ? [{ key: bytes, format: 'pem' as const }]
    : [
        { key: bytes, format: 'der' as const, type: 'pkcs8' as const },
        { key: bytes, format: 'der' as const, type: 'pkcs1' as const },
      ];
  let last: unknown;
  for (const attempt of attempts) {
    try {
      return createPrivateKey(passphrase === undefined ? attempt : { ...attempt, passphrase });
    } catch (error) {
      last = error;
    }
  }
  const code = (last as NodeJS.ErrnoException | undefined)?.code ?? '';
  const message = (last as Error | undefined)?.message ?? '';
  // Node asks OpenSSL for a passphrase it does not have: ERR_MISSING_PASSPHRASE, or "interrupted" (Node 20).
  if (code === 'ERR_MISSING_PASSPHRASE' || code === 'ERR_OSSL_CRYPTO_INTERRUPTED_OR_CANCELLED') {
    throw new Error(`${from} is encrypted: set ${passphraseName} to its passphrase`);
  }
  if (passphrase !== undefined && /decrypt|bad password|passphrase/i.test(`${code} ${message}`)) {
    throw new Error(`${passphraseName} does not decrypt ${from}: wrong passphrase`);
  }
  throw new Error(
    `${from} is not a private key: expected PEM (-----BEGIN PRIVATE KEY-----, RSA PRIVATE KEY or ` +
      `ENCRYPTED PRIVATE KEY) or DER; a .p12 export must be split first ` +
      `(openssl pkcs12 -in pass.p12 -nocerts -out pass-key.pem)`,
  );
}

/** One attribute of a certificate subject (`UID`, `OU`, …), as Node prints the subject. */
function subjectAttribute(certificate: X509Certificate, attribute: string): string | undefined {
  const prefix = `${attribute}=`;
  return certificate.subject
    .split('\n')
    .find((line) => line.startsWith(prefix))
    ?.slice(prefix.length);
}

function checkValidity(name: string, certificate: X509Certificate, now: Date): void {
  const from = new Date(certificate.validFrom);
  const to = new Date(certificate.validTo);
  if (now < from) throw new Error(`${name} is not valid yet: valid from ${from.toISOString()}`);
  if (now > to) {
    throw new Error(`${name} expired on ${to.toISOString()}: renew it in the Apple developer account`);
  }
}

/**
 * Reads and checks the Apple Wallet signing settings once, at start-up, so a mistake stops the
 * service with one line naming the setting instead of failing on a member's phone.
 * Returns null when none is set (Apple Wallet not configured: the route answers 404, buttons hidden);
 * throws when some are set but not all, or when a file, certificate or key is wrong.
 */
export function loadAppleSigningMaterial(
  input: AppleSigningInput,
  now: Date = new Date(),
): AppleSigningMaterial | null {
  const values = {
    passTypeIdentifier: present(input.passTypeIdentifier),
    teamIdentifier: present(input.teamIdentifier),
    signerCert: present(input.signerCert),
    signerKey: present(input.signerKey),
    wwdr: present(input.wwdr),
  };
  // A passphrase is a secret, kept as given (spaces may belong to it); blank is none.
  const passphrase = input.signerKeyPassphrase ? input.signerKeyPassphrase : undefined;
  const missing = REQUIRED.filter((key) => values[key] === undefined);
  if (missing.length === REQUIRED.length && passphrase === undefined) return null;
  const { passTypeIdentifier, teamIdentifier, signerCert, signerKey, wwdr } = values;
  if (!passTypeIdentifier || !teamIdentifier || !signerCert || !signerKey || !wwdr) {
    const names = missing.map((key) => APPLE_SIGNING_ENV[key]);
    throw new Error(
      `Apple Wallet is partly configured: ${names.join(', ')} ${names.length === 1 ? 'is' : 'are'} missing ` +
        `(set all of ${REQUIRED.map((key) => APPLE_SIGNING_ENV[key]).join(', ')}, or none)`,
    );
  }

  if (!isPassTypeIdentifier(passTypeIdentifier)) {
    throw new Error(
      `${APPLE_SIGNING_ENV.passTypeIdentifier} must look like pass.com.example.avpass, not "${passTypeIdentifier}"`,
    );
  }
  if (!isTeamIdentifier(teamIdentifier)) {
    throw new Error(
      `${APPLE_SIGNING_ENV.teamIdentifier} must be the 10-character team identifier (A1B2C3D4E5), not "${teamIdentifier}"`,
    );
  }

  const certName = APPLE_SIGNING_ENV.signerCert;
  const keyName = APPLE_SIGNING_ENV.signerKey;
  const wwdrName = APPLE_SIGNING_ENV.wwdr;
  const certificate = readCertificate(certName, signerCert);
  const intermediate = readCertificate(wwdrName, wwdr);
  const key = readPrivateKey(keyName, signerKey, passphrase);

  if (key.asymmetricKeyType !== 'rsa') {
    throw new Error(
      `${keyName} is a ${key.asymmetricKeyType ?? 'non-RSA'} key: pass certificates use RSA keys`,
    );
  }
  if (!certificate.checkPrivateKey(key)) throw new Error(`${keyName} does not match ${certName}`);
  if (certificate.ca) {
    throw new Error(`${certName} is a certificate authority: expected the pass type certificate itself`);
  }
  checkValidity(certName, certificate, now);

  if (!intermediate.ca) {
    throw new Error(
      `${wwdrName} is not a certificate authority: expected Apple's WWDR intermediate certificate`,
    );
  }
  checkValidity(wwdrName, intermediate, now);
  if (!certificate.checkIssued(intermediate) || !certificate.verify(intermediate.publicKey)) {
    throw new Error(
      `${certName} is not issued by ${wwdrName}: the certificate's issuer is "${certificate.issuer.replace(/\n/g, ', ')}", ` +
        `${wwdrName} is "${intermediate.subject.replace(/\n/g, ', ')}" (download the WWDR generation that signed it)`,
    );
  }

  // Apple's pass type certificates name their pass type (UID) and team (OU); Wallet refuses a pass
  // whose pass.json says otherwise, so a mismatch is caught here rather than on a phone.
  const certificatePassType = subjectAttribute(certificate, 'UID');
  if (certificatePassType !== undefined && certificatePassType !== passTypeIdentifier) {
    throw new Error(
      `${APPLE_SIGNING_ENV.passTypeIdentifier} is "${passTypeIdentifier}" but ${certName} is for "${certificatePassType}"`,
    );
  }
  const certificateTeam = subjectAttribute(certificate, 'OU');
  if (certificateTeam !== undefined && certificateTeam !== teamIdentifier) {
    throw new Error(
      `${APPLE_SIGNING_ENV.teamIdentifier} is "${teamIdentifier}" but ${certName} belongs to team "${certificateTeam}"`,
    );
  }

  return {
    passTypeIdentifier,
    teamIdentifier,
    signerCert: certificate.toString(),
    signerKey: key.export({ type: 'pkcs1', format: 'pem' }).toString(),
    wwdr: intermediate.toString(),
  };
}
