import type { Translate } from '@avpass/contracts/i18n/voucher-words';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MessageId } from '@/i18n/message-id';
import { wordsIn } from '@/i18n/test-words';
import { statementLineLabel } from './line-label';

let t: Translate<MessageId>;
let es: Translate<MessageId>;
beforeAll(async () => {
  [{ t }, { t: es }] = await Promise.all([wordsIn('en'), wordsIn('es')]);
});

describe("a statement line's label on the screen", () => {
  it('reads as the ledger wrote it in English', () => {
    for (const label of [
      'Maya Torres · credit 1a2b3c4d',
      'Athlete credit 1a2b3c4d',
      'Spring · batch abcd1234',
    ])
      expect(statementLineLabel(label, t)).toBe(label);
  });

  it("says the ledger's words in Spanish, a merchandise line as it is", () => {
    expect(statementLineLabel('Athlete credit 1a2b3c4d', es)).toBe('Crédito de atleta 1a2b3c4d');
    expect(statementLineLabel('Maya Torres · credit 1a2b3c4d', es)).toBe('Maya Torres · crédito 1a2b3c4d');
    expect(statementLineLabel('Spring · batch abcd1234', es)).toBe('Spring · lote abcd1234');
    expect(statementLineLabel('Spring · code abcd1234', es)).toBe('Spring · código abcd1234');
    expect(statementLineLabel('Team jersey · JER-001 · M · navy', es)).toBe(
      'Team jersey · JER-001 · M · navy',
    );
  });
});
