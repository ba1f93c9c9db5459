import type { TillHolder } from '@avpass/contracts';
import { PKPass } from 'passkit-generator';
import { passWords, type PassWords } from '../i18n';
import { PASS_COLOURS } from './pass-images';
import { PASS_ORGANIZATION_NAME, passStrings, type ApplePassProps, type PassField } from './pass-builder';
import type { AppleSigningMaterial } from './signing-material';

/**
 * The member pass in Apple Wallet (issue 43, decision 371). Apple documents no rotating barcode, so
 * the pass carries a static member code (a `kind: 'static'` signed pass, libs/domain member-pass.ts,
 * signed by the members service) that the till accepts only with a second factor: the member's date
 * of birth or the last 4 digits of their phone. The pass says so, in English and (pass.strings) in
 * Spanish. It has no web service: a revoked pass is refused at the till, and the member adds the new
 * one from "My vouchers".
 */
export interface MemberPassState {
  /** `member-<member id>`: one pass per member, replaced when downloaded again. */
  serialNumber: string;
  /** The static member code (AVPM:…, 154 characters). */
  code: string;
  holder: TillHolder;
}

const rgb = ({ r, g, b }: { r: number; g: number; b: number }) => `rgb(${r}, ${g}, ${b})`;

/** pass.json's content for a member pass, in `words`' language (everything but the pass type and team). */
export function appleMemberPassFields(state: MemberPassState, { word }: PassWords): ApplePassProps {
  const name = [state.holder.firstName, state.holder.lastInitial && `${state.holder.lastInitial}.`]
    .filter(Boolean)
    .join(' ');
  const secondFactor: PassField = {
    key: 'second-factor',
    label: word('member.label.second-factor'),
    value: word('member.value.second-factor'),
  };
  return {
    formatVersion: 1,
    serialNumber: state.serialNumber,
    organizationName: PASS_ORGANIZATION_NAME,
    description: word('member.description'),
    logoText: PASS_ORGANIZATION_NAME,
    foregroundColor: rgb(PASS_COLOURS.foreground),
    backgroundColor: rgb(PASS_COLOURS.background),
    labelColor: rgb(PASS_COLOURS.label),
    generic: {
      headerFields: [],
      primaryFields: [{ key: 'member', label: word('member.label.member'), value: name }],
      secondaryFields: [secondFactor],
      auxiliaryFields: [],
      backFields: [
        { key: 'how', label: word('member.label.how'), value: word('member.value.how-apple') },
        { ...secondFactor, key: 'second-factor-back' },
        { key: 'lost', label: word('member.label.lost'), value: word('member.value.lost') },
      ],
    },
    barcodes: [
      {
        format: 'PKBarcodeFormatQR',
        message: state.code,
        messageEncoding: 'iso-8859-1',
        altText: word('member.title'),
      },
    ],
  };
}

/** The signed `.pkpass` of a member pass: pass.json in English, es.lproj/pass.strings in Spanish. */
export async function buildMemberPkpass(
  material: AppleSigningMaterial,
  state: MemberPassState,
  images: Record<string, Buffer>,
): Promise<Buffer> {
  if (!images['icon.png']) throw new Error('A pass needs icon.png: Wallet refuses a pass without an icon');
  const words = await passWords();
  const english = appleMemberPassFields(state, words.en);
  const pass = new PKPass(
    {
      ...images,
      'pass.json': Buffer.from(
        JSON.stringify({
          ...english,
          passTypeIdentifier: material.passTypeIdentifier,
          teamIdentifier: material.teamIdentifier,
        }),
      ),
    },
    {
      wwdr: material.wwdr,
      signerCert: material.signerCert,
      signerKey: material.signerKey,
      ...(material.signerKeyPassphrase ? { signerKeyPassphrase: material.signerKeyPassphrase } : {}),
    },
  );
  const strings = passStrings(english, appleMemberPassFields(state, words.es));
  // The barcode's caption is not a field: pass.strings translates it as any other text.
  strings[words.en.word('member.title')] = words.es.word('member.title');
  pass.localize('es', strings);
  return pass.getAsBuffer();
}
