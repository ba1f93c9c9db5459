import { describe, expect, it } from 'vitest';
import { passWords } from '../i18n';
import { appleMemberPassFields } from './member-pass-builder';
import { passStrings } from './pass-builder';

const state = {
  serialNumber: 'member-0f9e8d7c-6b5a-4321-8fed-cba987654321',
  code: `AVPM:${'A'.repeat(149)}`,
  holder: { firstName: 'Nerea', lastInitial: 'O' },
};

describe("the member pass's pass.json", () => {
  it('shows the static code as the QR, the member, and the second factor the till asks for, in English and Spanish', async () => {
    const words = await passWords();
    const en = appleMemberPassFields(state, words.en);
    expect(en.barcodes).toEqual([
      {
        format: 'PKBarcodeFormatQR',
        message: state.code,
        messageEncoding: 'iso-8859-1',
        altText: 'Member pass',
      },
    ]);
    expect(en).not.toHaveProperty('webServiceURL');
    expect(en.generic?.primaryFields).toEqual([{ key: 'member', label: 'Member', value: 'Nerea O.' }]);
    expect(en.generic?.secondaryFields[0]).toMatchObject({
      label: 'The till will ask',
      value: 'Your date of birth or the last 4 digits of your phone',
    });
    const strings = passStrings(en, appleMemberPassFields(state, words.es));
    expect(strings).toMatchObject({
      'AV Pass member pass': 'Pase de miembro de AV Pass',
      'The till will ask': 'En la caja le pedirán',
      'Your date of birth or the last 4 digits of your phone':
        'Su fecha de nacimiento o los últimos 4 dígitos de su teléfono',
      'Show this code at the till.': 'Muestre este código en la caja.',
    });
    // The name is not translated.
    expect(strings).not.toHaveProperty('Nerea O.');
  });
});
