import { describe, expect, it } from 'vitest';
import { creditLabel, redemptionLabel, statementLabelIn, type StatementLabelWord } from './statement-labels';

const ENGLISH: Record<StatementLabelWord, string> = {
  credit: 'credit',
  athleteCredit: 'Athlete credit',
  batch: 'batch',
  code: 'code',
};
const SPANISH: Record<StatementLabelWord, string> = {
  credit: 'crédito',
  athleteCredit: 'Crédito de atleta',
  batch: 'lote',
  code: 'código',
};
const en = (word: StatementLabelWord) => ENGLISH[word];
const es = (word: StatementLabelWord) => SPANISH[word];

const CREDIT = '1a2b3c4d-0000-4000-8000-000000000000';
const BATCH = 'abcd1234-0000-4000-8000-000000000000';

describe('a statement line label in the reader’s language', () => {
  it('builds the labels the ledger has always written', () => {
    expect(creditLabel(CREDIT, 'Maya Torres')).toBe('Maya Torres · credit 1a2b3c4d');
    expect(creditLabel(CREDIT)).toBe('Athlete credit 1a2b3c4d');
    expect(redemptionLabel('batch', BATCH, 'Spring')).toBe('Spring · batch abcd1234');
    expect(redemptionLabel('code', BATCH, 'Spring')).toBe('Spring · code abcd1234');
    expect(redemptionLabel('batch', BATCH)).toBe('batch abcd1234');
    expect(redemptionLabel('code', BATCH)).toBe('code abcd1234');
  });

  it('comes back exactly as stored in English', () => {
    for (const label of [
      creditLabel(CREDIT, 'Maya Torres'),
      creditLabel(CREDIT),
      redemptionLabel('batch', BATCH, 'Spring · Tune-up'),
      redemptionLabel('code', BATCH, 'Spring'),
      redemptionLabel('batch', BATCH),
      redemptionLabel('code', BATCH),
    ])
      expect(statementLabelIn(label, en)).toBe(label);
  });

  it('says each shape’s word in Spanish, keeping the name, title and short id', () => {
    expect(statementLabelIn('Maya Torres · credit 1a2b3c4d', es)).toBe('Maya Torres · crédito 1a2b3c4d');
    expect(statementLabelIn('Athlete credit 1a2b3c4d', es)).toBe('Crédito de atleta 1a2b3c4d');
    expect(statementLabelIn('Spring · batch abcd1234', es)).toBe('Spring · lote abcd1234');
    expect(statementLabelIn('Spring · code abcd1234', es)).toBe('Spring · código abcd1234');
    expect(statementLabelIn('batch abcd1234', es)).toBe('lote abcd1234');
    expect(statementLabelIn('code abcd1234', es)).toBe('código abcd1234');
    expect(statementLabelIn('Spring · Tune-up · batch abcd1234', es)).toBe(
      'Spring · Tune-up · lote abcd1234',
    );
  });

  it('leaves a merchandise line, an adjustment or an unknown label as it is', () => {
    for (const label of [
      'Team jersey · JER-001 · M · navy',
      'Goodwill credit for March',
      'credit 1a2b3c4d',
      'Spring · batch abcd123',
      'Spring · batch abcd12345',
      'Spring · code xyz12345',
      'Spring batch abcd1234',
      '',
    ])
      expect(statementLabelIn(label, es)).toBe(label);
  });
});
