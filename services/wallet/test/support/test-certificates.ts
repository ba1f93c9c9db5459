import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';

/**
 * A certificate chain shaped like Apple's, made on this machine with the openssl CLI, for every wallet
 * test: a root CA (Apple Root CA's place) → a "WWDR" intermediate (CA:TRUE) → the pass type
 * certificate, whose subject carries the pass type identifier (UID, CN) and team (OU) as Apple's does.
 */
export interface TestAppleCertificates {
  caPem: string;
  wwdrPem: string;
  signerCertPem: string;
  /** Unencrypted PKCS#8 PEM. */
  signerKeyPem: string;
  passTypeIdentifier: string;
  teamIdentifier: string;
}

export const TEST_PASS_TYPE_IDENTIFIER = 'pass.test.avpass';
export const TEST_TEAM_IDENTIFIER = 'TESTTEAM01';

export interface TestChainOptions {
  /** Days the pass type certificate is valid from now; negative makes one that has already expired. */
  signerDays?: number;
  passTypeIdentifier?: string;
  teamIdentifier?: string;
  /** Names the root, so two chains are told apart in failure messages. */
  caName?: string;
}

function openssl(dir: string, args: string[]): void {
  execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
}

/**
 * A fresh chain, never cached: for a test that needs a second, unrelated CA or an expired signer.
 * Takes a few hundred milliseconds (three RSA 2048 keys).
 */
export function makeTestCertificateChain(options: TestChainOptions = {}): TestAppleCertificates {
  const passTypeIdentifier = options.passTypeIdentifier ?? TEST_PASS_TYPE_IDENTIFIER;
  const teamIdentifier = options.teamIdentifier ?? TEST_TEAM_IDENTIFIER;
  const dir = mkdtempSync(join(tmpdir(), 'avpass-test-chain-'));
  try {
    const caExt = 'basicConstraints=critical,CA:TRUE\nkeyUsage=critical,keyCertSign,cRLSign\n';
    writeFileSync(join(dir, 'ca.ext'), caExt);
    writeFileSync(
      join(dir, 'signer.ext'),
      'basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature\n' +
        // Apple's Pass Type ID certificate extension (1.2.840.113635.100.6.1.16), as in a real one.
        `1.2.840.113635.100.6.1.16=ASN1:UTF8String:${passTypeIdentifier}\n`,
    );
    const caName = options.caName ?? 'AV Pass Test Root CA';
    // prettier-ignore
    openssl(dir, [
      'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem',
      '-days', '3650', '-subj', `/CN=${caName}/O=AV Pass Tests/C=US`,
      '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign',
    ]);
    // prettier-ignore
    openssl(dir, [
      'req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'wwdr.key', '-out', 'wwdr.csr',
      '-subj', '/CN=Test Worldwide Developer Relations Certification Authority/OU=G4/O=AV Pass Tests/C=US',
    ]);
    // prettier-ignore
    openssl(dir, [
      'x509', '-req', '-in', 'wwdr.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-set_serial', '2',
      '-days', '3650', '-sha256', '-extfile', 'ca.ext', '-out', 'wwdr.pem',
    ]);
    // prettier-ignore
    openssl(dir, [
      'req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'signer.key', '-out', 'signer.csr',
      '-subj', `/UID=${passTypeIdentifier}/CN=Pass Type ID: ${passTypeIdentifier}/OU=${teamIdentifier}/O=AV Pass Tests/C=US`,
    ]);
    // prettier-ignore
    openssl(dir, [
      'x509', '-req', '-in', 'signer.csr', '-CA', 'wwdr.pem', '-CAkey', 'wwdr.key', '-set_serial', '3',
      '-days', String(options.signerDays ?? 365), '-sha256', '-extfile', 'signer.ext', '-out', 'signer.pem',
    ]);
    const read = (file: string) => readFileSync(join(dir, file), 'utf8');
    return {
      caPem: read('ca.pem'),
      wwdrPem: read('wwdr.pem'),
      signerCertPem: read('signer.pem'),
      signerKeyPem: read('signer.key'),
      passTypeIdentifier,
      teamIdentifier,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

let shared: TestAppleCertificates | undefined;

/** The one chain of this test process (made once: key generation is the slow part). */
export function makeTestAppleCertificates(): TestAppleCertificates {
  shared ??= makeTestCertificateChain();
  return shared;
}

/** File paths of a chain written by `writeTestCertificateFiles`, for the path form of the APPLE_* settings. */
export interface TestCertificateFiles {
  caPath: string;
  wwdrPath: string;
  /** The WWDR certificate in DER, as Apple hands it out (`AppleWWDRCAG4.cer`). */
  wwdrDerPath: string;
  signerCertPath: string;
  signerKeyPath: string;
}

/** Writes the chain (default: the process's shared one) into `dir` as PEM files, plus the WWDR in DER. */
export function writeTestCertificateFiles(
  dir: string,
  certificates: TestAppleCertificates = makeTestAppleCertificates(),
): TestCertificateFiles {
  mkdirSync(dir, { recursive: true });
  const files: TestCertificateFiles = {
    caPath: join(dir, 'test-root-ca.pem'),
    wwdrPath: join(dir, 'wwdr.pem'),
    wwdrDerPath: join(dir, 'wwdr.cer'),
    signerCertPath: join(dir, 'pass-certificate.pem'),
    signerKeyPath: join(dir, 'pass-key.pem'),
  };
  writeFileSync(files.caPath, certificates.caPem);
  writeFileSync(files.wwdrPath, certificates.wwdrPem);
  writeFileSync(files.wwdrDerPath, pemToDer(certificates.wwdrPem));
  writeFileSync(files.signerCertPath, certificates.signerCertPem);
  writeFileSync(files.signerKeyPath, certificates.signerKeyPem, { mode: 0o600 });
  return files;
}

/** The DER bytes of the first PEM block. */
export function pemToDer(pem: string): Buffer {
  const body = /-----BEGIN [^-]+-----([\s\S]*?)-----END [^-]+-----/.exec(pem)?.[1];
  if (!body) throw new Error('Not a PEM block');
  return Buffer.from(body.replace(/\s+/g, ''), 'base64');
}

/**
 * The files of a ZIP (stored or deflated entries), read from its central directory. Enough for the
 * archives passkit-generator writes and for checking any `.pkpass` a test receives.
 */
export function unzipFiles(zip: Buffer): Record<string, Buffer> {
  const END_OF_DIRECTORY = 0x06054b50;
  let end = -1;
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 0xffff); at--) {
    if (zip.readUInt32LE(at) === END_OF_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) throw new Error('Not a ZIP file: no end of central directory');
  const count = zip.readUInt16LE(end + 10);
  let entry = zip.readUInt32LE(end + 16);
  const files: Record<string, Buffer> = {};
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(entry) !== 0x02014b50) throw new Error('Broken ZIP central directory');
    const method = zip.readUInt16LE(entry + 10);
    const compressedSize = zip.readUInt32LE(entry + 20);
    const nameLength = zip.readUInt16LE(entry + 28);
    const extraLength = zip.readUInt16LE(entry + 30);
    const commentLength = zip.readUInt16LE(entry + 32);
    const localHeader = zip.readUInt32LE(entry + 42);
    const name = zip.toString('utf8', entry + 46, entry + 46 + nameLength);
    const dataStart =
      localHeader + 30 + zip.readUInt16LE(localHeader + 26) + zip.readUInt16LE(localHeader + 28);
    const data = zip.subarray(dataStart, dataStart + compressedSize);
    if (method === 0) files[name] = Buffer.from(data);
    else if (method === 8) files[name] = inflateRawSync(data);
    else throw new Error(`ZIP entry ${name} uses compression method ${method}`);
    entry += 46 + nameLength + extraLength + commentLength;
  }
  return files;
}

export interface PkpassCheck {
  /** manifest.json lists exactly the other files (all but itself and `signature`), each with its SHA-1. */
  manifestOk: boolean;
  /** `signature` is a detached PKCS#7 over manifest.json whose chain leads to the given root. */
  signatureOk: boolean;
  /** What openssl said, for a failure message. */
  opensslOutput: string;
  files: Record<string, Buffer>;
}

/**
 * Checks a `.pkpass` the way Wallet does: every file's SHA-1 in manifest.json, and the signature over
 * manifest.json by `openssl smime -verify` against `caPem` as the only trusted root (the WWDR
 * intermediate comes from the signature itself, as on a phone).
 */
export function verifyPkpassSignature(zip: Buffer, caPem: string): PkpassCheck {
  const files = unzipFiles(zip);
  const manifestBuffer = files['manifest.json'];
  const signature = files['signature'];
  let manifestOk = false;
  if (manifestBuffer) {
    try {
      const manifest = JSON.parse(manifestBuffer.toString('utf8')) as Record<string, unknown>;
      const listed = Object.keys(files).filter((name) => name !== 'manifest.json' && name !== 'signature');
      manifestOk =
        listed.length === Object.keys(manifest).length &&
        listed.every(
          (name) =>
            manifest[name] ===
            createHash('sha1')
              .update(files[name] as Buffer)
              .digest('hex'),
        );
    } catch {
      manifestOk = false;
    }
  }
  if (!manifestBuffer || !signature) {
    return { manifestOk, signatureOk: false, opensslOutput: 'manifest.json or signature missing', files };
  }
  const dir = mkdtempSync(join(tmpdir(), 'avpass-pkpass-'));
  try {
    writeFileSync(join(dir, 'manifest.json'), manifestBuffer);
    writeFileSync(join(dir, 'signature'), signature);
    writeFileSync(join(dir, 'ca.pem'), caPem);
    const run = spawnSync(
      'openssl',
      // prettier-ignore
      [
        'smime', '-verify', '-binary', '-inform', 'DER', '-in', 'signature', '-content', 'manifest.json',
        '-CAfile', 'ca.pem', '-purpose', 'any', '-out', '/dev/null',
      ],
      { cwd: dir, encoding: 'utf8' },
    );
    return {
      manifestOk,
      signatureOk: run.status === 0,
      opensslOutput: `${run.stdout ?? ''}${run.stderr ?? ''}`.trim(),
      files,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
