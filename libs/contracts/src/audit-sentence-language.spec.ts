import { setupI18n } from '@lingui/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from './audit-actions';
import {
  auditActionPhrase,
  auditChangeLines,
  describeAuditActor,
  describeAuditEntry,
  ENGLISH_AUDIT_WORDS,
  formatAuditAt,
  type AuditMessageId,
  type AuditWords,
  type DescribableAuditEntry,
} from './audit-sentence';
import { AUDIT_WORDS_CATALOGS } from './i18n/audit-catalogs';
import type { Language } from './i18n/languages';

/** The audit trail in the reader's language (issue 42): the catalogs' words, through a Lingui instance as a screen has. */
async function wordsIn(language: Language): Promise<AuditWords> {
  const i18n = setupI18n();
  i18n.load(language, (await AUDIT_WORDS_CATALOGS[language]()).default as Record<string, string>);
  i18n.activate(language);
  return { t: (id, values) => i18n._(id, values), language };
}

const entry = (over: Partial<DescribableAuditEntry>): DescribableAuditEntry => ({
  action: 'vouchers.voucher.till-redeemed',
  actorType: 'user',
  actorId: 'u1',
  actorName: 'Sam Rivera',
  ip: '10.0.0.1',
  targetType: 'voucher',
  targetId: 'c1',
  changes: null,
  ...over,
});

let spanish: AuditWords;
let english: AuditWords;
/** The English catalog, as a bundle has it (its keys; its words through ENGLISH_AUDIT_WORDS). */
let englishMessages: Record<string, unknown>;
const englishText = (id: string) =>
  id in englishMessages ? ENGLISH_AUDIT_WORDS.t(id as AuditMessageId) : undefined;
beforeAll(async () => {
  [spanish, english] = await Promise.all([wordsIn('es'), wordsIn('en')]);
  englishMessages = (await AUDIT_WORDS_CATALOGS.en()).default;
});

describe('the audit trail in Spanish', () => {
  it('a till redeem reads with the code, the partner and the money', () => {
    const sentence = describeAuditEntry(
      entry({
        targetName: 'Spring Tune-up',
        companyName: 'Riverside Bike Shop',
        changes: {
          transactionAmount: { before: null, after: 4500 },
          discountApplied: { before: null, after: 900 },
        },
      }),
      spanish,
    );
    expect(sentence.text).toBe(
      'Sam Rivera canjeó Spring Tune-up en Riverside Bike Shop (venta de $45.00, $9.00 de descuento)',
    );
    expect(sentence).toMatchObject({
      phrase: 'canjeó',
      target: 'Spring Tune-up',
      place: ' en Riverside Bike Shop',
    });
  });

  it('without names the target reads as its kind, or the phrase stands alone', () => {
    expect(
      describeAuditEntry(entry({ actorType: 'public', actorName: null, actorId: null }), spanish).text,
    ).toBe('Alguien desde 10.0.0.1 canjeó un código');
    expect(describeAuditEntry(entry({ action: 'vouchers.voucher.deleted' }), spanish).text).toBe(
      'Sam Rivera eliminó el código',
    );
    const credit = entry({ targetType: 'credit', action: 'credits.credit.deleted' });
    expect(describeAuditEntry(credit, spanish).text).toBe('Sam Rivera eliminó el crédito');
    expect(
      describeAuditEntry(
        {
          ...credit,
          action: 'credits.credit.created',
          changes: { athleteName: { before: null, after: 'Ada' } },
        },
        spanish,
      ).text,
    ).toBe('Sam Rivera dio un crédito a Ada');
    expect(
      describeAuditEntry(entry({ action: 'identity.sign-in.succeeded', targetType: 'user' }), spanish).text,
    ).toBe('Sam Rivera inició sesión');
    expect(
      describeAuditActor({ actorType: 'system', actorId: null, actorName: null, ip: null }, spanish),
    ).toBe('El sistema');
  });

  it('an unknown action (a newer service) still reads as its last words', () => {
    expect(auditActionPhrase('wallet.pass.issued', spanish)).toBe('pass issued');
    expect(
      describeAuditEntry(entry({ action: 'wallet.pass.issued', targetType: 'wallet-pass' }), spanish).text,
    ).toBe('Sam Rivera pass issued un elemento (wallet-pass)');
  });

  it('lists the changed fields in Spanish: their names, yes and no, money and instants', () => {
    const lines = auditChangeLines(
      {
        title: { before: 'Tune-up', after: 'Tune-up' },
        totalAmount: { before: 8000, after: 900000 },
        expiresAt: { before: null, after: '2026-03-08T15:05:00.000Z' },
        version: { before: 1, after: 2 },
        isActive: { before: true, after: false },
        tags: { before: [], after: ['vip'] },
        someNewField: { before: '', after: 'x' },
      },
      'America/New_York',
      spanish,
    );
    expect(lines).toEqual([
      { field: 'expiresAt', label: 'Vence el', before: '—', after: '8 mar 2026, 11:05 a.m.' },
      { field: 'isActive', label: 'Activo', before: 'Sí', after: 'No' },
      { field: 'someNewField', label: 'Some new field', before: '(vacío)', after: 'x' },
      { field: 'tags', label: 'Etiquetas', before: '(ninguno)', after: 'vip' },
      { field: 'totalAmount', label: 'Monto total', before: '$80.00', after: '$9,000.00' },
    ]);
  });

  it("shows when an entry happened in the reader's language, naming the zone's clock", () => {
    expect(formatAuditAt('2026-10-15T10:00:05Z', 'America/Los_Angeles', 'es')).toBe(
      new Intl.DateTimeFormat('es-US', {
        timeZone: 'America/Los_Angeles',
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        second: '2-digit',
        timeZoneName: 'short',
      }).format(new Date('2026-10-15T10:00:05Z')),
    );
    expect(formatAuditAt('2026-10-15T10:00:05Z', 'America/Los_Angeles', 'pseudo')).toBe(
      'Oct 15, 2026, 3:00:05 AM PDT',
    );
  });
});

describe('the audit words in English', () => {
  it('are the English phrases of AUDIT_ACTIONS word for word, with and without their link word', () => {
    for (const [action, { phrase }] of Object.entries(AUDIT_ACTIONS)) {
      expect(englishText(`audit.phrase.${action}`), action).toBe(phrase);
      const alone = phrase.replace(/ (of|to|for)$/, '');
      expect(englishText(`audit.phraseAlone.${action}`), action).toBe(alone === phrase ? undefined : alone);
    }
  });

  it('read the same through a Lingui instance as without one', () => {
    const sentence = entry({
      targetName: 'Spring Tune-up',
      companyName: 'Riverside Bike Shop',
      changes: {
        transactionAmount: { before: null, after: 4500 },
        discountApplied: { before: null, after: 900 },
      },
    });
    expect(describeAuditEntry(sentence, english)).toEqual(describeAuditEntry(sentence));
    const values = { ip: '10.0.0.1', company: 'Riverside', amount: '$1.00', kind: 'widget' };
    for (const id of Object.keys(englishMessages) as AuditMessageId[])
      expect(ENGLISH_AUDIT_WORDS.t(id, values), id).toBe(english.t(id, values));
  });

  it('name every kind of target a sentence may fall back to', () => {
    const unnamed = new Set(['trainer-config', 'voucher-settings', 'zip-job']);
    for (const type of Object.keys(AUDIT_TARGET_TYPES).filter((type) => !unnamed.has(type)))
      expect(englishText(`audit.kind.${type}`), type).toMatch(/^an? /);
  });
});
