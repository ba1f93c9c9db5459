import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PublicVoucher } from '@avpass/contracts';
import { expiresAt, UNLIMITED_USAGE_LIMIT } from '@avpass/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeTestAppleCertificates,
  makeTestCertificateChain,
  verifyPkpassSignature,
} from '../../test/support/test-certificates';
import { passWords, type PassWords } from '../i18n';
import { applePassFields, buildPkpass, type ApplePassProps, type PassState } from './pass-builder';
import { PassImages } from './pass-images';
import { publicVoucher } from '../../test/support/vouchers';
import { loadAppleSigningMaterial, type AppleSigningMaterial } from './signing-material';

const TZ = 'America/Los_Angeles';
const chain = makeTestAppleCertificates();
const uploads = mkdtempSync(join(tmpdir(), 'avpass-pass-uploads-'));
const logoFile = `${randomUUID()}.png`;
const photoFile = `${randomUUID()}.jpg`;
let material: AppleSigningMaterial;
/** The pass in English, as pass.json carries it. */
let english: PassWords;

beforeAll(async () => {
  english = (await passWords()).en;
  const loaded = loadAppleSigningMaterial({
    passTypeIdentifier: chain.passTypeIdentifier,
    teamIdentifier: chain.teamIdentifier,
    signerCert: chain.signerCertPem,
    signerKey: chain.signerKeyPem,
    wwdr: chain.wwdrPem,
  });
  if (!loaded) throw new Error('test material not loaded');
  material = loaded;
  // A wide logo with a transparent background, and a portrait photo.
  const logo = await sharp({
    create: { width: 400, height: 100, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 0 } },
  })
    .composite([
      {
        input: await sharp({
          create: { width: 200, height: 100, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 1 } },
        })
          .png()
          .toBuffer(),
        left: 100,
        top: 0,
      },
    ])
    .png()
    .toBuffer();
  writeFileSync(join(uploads, logoFile), logo);
  const photo = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#3366aa' } })
    .jpeg()
    .toBuffer();
  writeFileSync(join(uploads, photoFile), photo);
});
afterAll(() => rmSync(uploads, { recursive: true, force: true }));

const partnerId = randomUUID();
function voucher(overrides: Partial<PublicVoucher> = {}): PublicVoucher {
  return publicVoucher({
    partners: [
      {
        id: partnerId,
        name: 'Harbor Physio',
        logoUrl: `/uploads/${logoFile}`,
        address: '12 Quay Street, Harbor Town',
        phone: '+1 555 0100',
        website: 'https://harborphysio.example',
      },
    ],
    ...overrides,
  });
}

function state(v: PublicVoucher, overrides: Partial<PassState> = {}): PassState {
  return {
    serialNumber: v.id,
    authenticationToken: 'a'.repeat(32),
    webServiceURL: 'https://avpass.example/api/wallet',
    expiresAt: expiresAt(v.expirationDate, TZ),
    voided: false,
    timeZone: TZ,
    ...overrides,
  };
}

const passJsonOf = (files: Record<string, Buffer>) =>
  JSON.parse((files['pass.json'] ?? Buffer.from('{}')).toString('utf8')) as ApplePassProps & {
    passTypeIdentifier: string;
    teamIdentifier: string;
  };

async function build(v: PublicVoucher, s: PassState = state(v)) {
  const images = await new PassImages(uploads).load(v);
  return buildPkpass(material, v, s, images);
}

describe('a partner voucher as an Apple Wallet pass', () => {
  it('is a ZIP whose manifest holds every file’s SHA-1 and whose signature verifies against the test root', async () => {
    const v = voucher();
    const check = verifyPkpassSignature(await build(v), chain.caPem);
    expect(Object.keys(check.files).sort()).toEqual(
      [
        'icon.png',
        'icon@2x.png',
        'icon@3x.png',
        'logo.png',
        'logo@2x.png',
        'logo@3x.png',
        'manifest.json',
        'pass.json',
        'signature',
        'es.lproj/pass.strings',
      ].sort(),
    );
    expect(check.manifestOk).toBe(true);
    expect(check.signatureOk, check.opensslOutput).toBe(true);
    // Issue 42: a phone set to Spanish shows the labels in Spanish.
    const strings = check.files['es.lproj/pass.strings']!.toString('utf8');
    expect(strings).toContain('"Offer" = "Oferta";');
    expect(strings).toContain('"Valid until" = "Válido hasta";');
    // And what it says: the discount, the uses, how to use it (the voucher page's words in Spanish).
    expect(strings).toContain('"20% Off" = "20% de descuento";');
    expect(strings).toContain('"1 of 3" = "1 de 3";');
    expect(strings).toMatch(/"Show this pass at the till: [^"]+" = "Muestre este pase en la caja: [^"]+";/);
  });

  it('does not verify against another root, nor once a file is changed', async () => {
    const zip = await build(voucher());
    const stranger = makeTestCertificateChain({ caName: 'Stranger Test Root CA' });
    const foreign = verifyPkpassSignature(zip, stranger.caPem);
    expect(foreign.manifestOk).toBe(true);
    expect(foreign.signatureOk).toBe(false);

    // passkit-generator stores files uncompressed: change one byte of pass.json inside the ZIP.
    const tampered = Buffer.from(zip);
    const at = tampered.indexOf('"organizationName":"AV Pass"');
    expect(at).toBeGreaterThan(0);
    tampered.write('W', at + '"organizationName":"A'.length);
    const check = verifyPkpassSignature(tampered, chain.caPem);
    expect(passJsonOf(check.files).organizationName).toBe('AW Pass');
    expect(check.manifestOk).toBe(false);
  });

  it('carries every field it was given: the library dropped nothing', async () => {
    const v = voucher();
    const s = state(v);
    const passJson = passJsonOf(verifyPkpassSignature(await build(v, s), chain.caPem).files);
    expect(passJson).toEqual({
      ...applePassFields(v, s, english),
      passTypeIdentifier: 'pass.test.avpass',
      teamIdentifier: 'TESTTEAM01',
    });
  });

  it('shows the discount, the partner and service, uses and expiry, and the voucher link as its QR', () => {
    const v = voucher();
    const pass = applePassFields(v, state(v), english);
    expect(pass).toMatchObject({
      formatVersion: 1,
      serialNumber: v.id,
      authenticationToken: 'a'.repeat(32),
      webServiceURL: 'https://avpass.example/api/wallet',
      organizationName: 'AV Pass',
      description: '20% Off Sports Massage at Harbor Physio',
      logoText: 'Harbor Physio',
      backgroundColor: 'rgb(11, 31, 58)',
      foregroundColor: 'rgb(255, 255, 255)',
      labelColor: 'rgb(124, 233, 205)',
      // The end of Dec 31 in Los Angeles, the instant the voucher stops being valid.
      expirationDate: '2027-01-01T08:00:00.000Z',
    });
    expect(pass.voided).toBeUndefined();
    expect(pass.generic).toBeUndefined();
    const coupon = pass.coupon;
    expect(coupon?.primaryFields).toEqual([{ key: 'discount', label: 'Offer', value: '20% Off' }]);
    expect(coupon?.secondaryFields).toEqual([
      { key: 'where', label: 'Use at', value: 'Harbor Physio' },
      { key: 'service', label: 'Service', value: 'Sports Massage' },
    ]);
    expect(coupon?.auxiliaryFields).toEqual([
      { key: 'uses', label: 'Uses', value: '1 of 3', changeMessage: 'Used %@' },
      {
        key: 'valid-until',
        label: 'Valid until',
        value: '2026-12-31T23:59:59-08:00',
        dateStyle: 'PKDateStyleMedium',
        timeStyle: 'PKDateStyleNone',
        ignoresTimeZone: true,
        changeMessage: 'Now valid until %@',
      },
    ]);
    const back = Object.fromEntries((coupon?.backFields ?? []).map((f) => [f.key, f.value]));
    expect(back['partner-1']).toBe(
      'Harbor Physio\n12 Quay Street, Harbor Town\n+1 555 0100\nhttps://harborphysio.example/',
    );
    expect(back['how']).toContain(`type the code ${v.id.slice(0, 8).toUpperCase()}`);
    expect(back['last-use']).toBe('Redeemed at Harbor Physio on Nov 20, 2026 10:30 AM');
    expect(back['terms']).toBe('One per visit. Not combinable with other offers.');
    expect(back['link']).toBe(v.qrUrl);

    // The QR's message is the voucher's link itself (no encoding to decode): scanning opens its page.
    expect(pass.barcodes).toEqual([
      {
        format: 'PKBarcodeFormatQR',
        message: v.qrUrl,
        messageEncoding: 'iso-8859-1',
        altText: `avpass.example/voucher/${v.id}`,
      },
    ]);
  });

  it('shows the expiry as the voucher’s own date, with the business zone’s offset of that day', () => {
    const summer = voucher({ expirationDate: '2026-07-31' });
    expect(applePassFields(summer, state(summer), english).coupon?.auxiliaryFields[1]?.value).toBe(
      '2026-07-31T23:59:59-07:00',
    );
    const india = applePassFields(summer, state(summer, { timeZone: 'Asia/Kolkata' }), english);
    expect(india.coupon?.auxiliaryFields[1]?.value).toBe('2026-07-31T23:59:59+05:30');
  });

  it('is void once used up, and counts an unlimited voucher without an end', () => {
    const usedUp = voucher({ usageCount: 3, status: 'used_up' });
    const voided = applePassFields(usedUp, state(usedUp, { voided: true }), english);
    expect(voided.voided).toBe(true);
    expect(voided.coupon?.auxiliaryFields[0]?.value).toBe('3 of 3');

    const unlimited = voucher({ usageCount: 4, usageLimit: UNLIMITED_USAGE_LIMIT });
    expect(applePassFields(unlimited, state(unlimited), english).coupon?.auxiliaryFields[0]?.value).toBe(
      '4 of ∞',
    );
  });

  it('says "No expiration date" (as the voucher page) without an expiry, and leaves out the web service when there is none', () => {
    const v = voucher({ expirationDate: null });
    const pass = applePassFields(v, state(v, { webServiceURL: null, expiresAt: null }), english);
    expect(pass.expirationDate).toBeUndefined();
    expect(pass.coupon?.auxiliaryFields[1]).toEqual({
      key: 'valid-until',
      label: 'Valid until',
      value: 'No expiration date',
      changeMessage: 'Now valid until %@',
    });
    expect(pass).not.toHaveProperty('webServiceURL');
    expect(pass).not.toHaveProperty('authenticationToken');
  });

  it('sends a club-wide voucher to any partner', () => {
    const v = voucher({ partners: [] });
    const pass = applePassFields(v, state(v), english);
    expect(pass.description).toBe('20% Off Sports Massage at any AV Pass partner');
    expect(pass.coupon?.secondaryFields[0]).toEqual({ key: 'where', label: 'Use at', value: 'Any partner' });
    expect(pass.coupon?.backFields.find((f) => f.key === 'partners')?.value).toBe(
      'Valid at every AV Pass partner',
    );
  });
});

describe('a trainer code as an Apple Wallet pass', () => {
  const trainer = () =>
    voucher({
      qrType: 'trainer',
      partnerType: 'trainer',
      clinicName: 'Jordan Lee',
      trainerName: 'Jordan Lee',
      trainerRole: 'coach',
      trainerImage: `/uploads/${photoFile}`,
      partners: [],
      discountType: 'free-service',
      discountValue: 0,
      service: 'Intro Session',
    });

  it('shows the trainer’s photo and name with role (a generic pass: coupons have no thumbnail)', async () => {
    const v = trainer();
    const check = verifyPkpassSignature(await build(v), chain.caPem);
    expect(check.manifestOk).toBe(true);
    expect(check.signatureOk, check.opensslOutput).toBe(true);
    const thumbnail = check.files['thumbnail@2x.png'];
    expect(thumbnail).toBeDefined();
    expect(await sharp(thumbnail).metadata()).toMatchObject({ width: 180, height: 180, format: 'png' });

    const pass = passJsonOf(check.files);
    expect(pass.coupon).toBeUndefined();
    expect(pass.generic?.primaryFields[0]).toEqual({
      key: 'discount',
      label: 'Offer',
      value: 'Free Service',
    });
    expect(pass.generic?.secondaryFields[0]).toEqual({ key: 'trainer', label: 'Coach', value: 'Jordan Lee' });
    expect(pass.logoText).toBe('Jordan Lee');
    expect(pass.description).toBe('Free Service Intro Session with Jordan Lee');
    expect(pass.barcodes[0]?.message).toBe(v.qrUrl);
  });
});

describe('pass images', () => {
  it('always has the club’s icon, and sizes the logo inside 160x50 pt keeping transparency', async () => {
    const files = await new PassImages(uploads).load(voucher());
    expect(await sharp(files['icon.png']).metadata()).toMatchObject({ width: 29, height: 29 });
    expect(await sharp(files['icon@2x.png']).metadata()).toMatchObject({ width: 58, height: 58 });
    const logo = await sharp(files['logo@2x.png']).metadata();
    expect(logo).toMatchObject({ width: 320, height: 80, hasAlpha: true });
    expect(files['thumbnail.png']).toBeUndefined();
  });

  it('leaves out a missing upload, and never reads a URL or a path outside the uploads', async () => {
    const images = new PassImages(uploads);
    for (const logoUrl of [
      `/uploads/${randomUUID()}.png`,
      'https://evil.example/logo.png',
      '/uploads/../../etc/passwd.png',
      `/uploads/${logoFile}?x`,
    ]) {
      const files = await images.load(voucher({ partners: [], logoUrl }));
      expect(Object.keys(files).sort()).toEqual(['icon.png', 'icon@2x.png', 'icon@3x.png']);
    }
  });

  it('uses the voucher’s own logo when its partner has none', async () => {
    const v = voucher({ logoUrl: `/uploads/${logoFile}` });
    const files = await new PassImages(uploads).load({
      ...v,
      partners: v.partners?.map((p) => ({ ...p, logoUrl: null })),
    });
    expect(files['logo.png']).toBeDefined();
  });
});
