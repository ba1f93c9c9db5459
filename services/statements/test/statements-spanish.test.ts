import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { isPdf, overlappingWords, pdfWords, waitFor } from '@avpass/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStatementServices, type StatementServices } from './support/services';

// Issue 42: each of a partner's staff gets the statement's mail and its PDF in their own language,
// through a real SMTP server; the PDF's text is read back with pdftotext.
let s: StatementServices;
let dir: string;
beforeAll(async () => {
  s = await startStatementServices();
  dir = await mkdtemp(join(tmpdir(), 'statement-es-'));
});
afterAll(async () => {
  await s?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function pdfText(content: Buffer): Promise<string> {
  const path = join(dir, `${randomUUID()}.pdf`);
  await writeFile(path, content);
  const { stdout } = await promisify(execFile)('pdftotext', ['-layout', path, '-']);
  return stdout.replace(/\s+/g, ' ');
}

/** Words drawn over one another on the PDF's first page. */
async function overlapping(content: Buffer): Promise<string[]> {
  const path = join(dir, `${randomUUID()}.pdf`);
  await writeFile(path, content);
  return overlappingWords((await pdfWords(path, { page: 1 })).words);
}

describe('a statement in the reader’s language', () => {
  it('a Spanish-speaking user gets a Spanish mail and PDF; an English-speaking colleague, English ones', async () => {
    const shop = await s.call('partners.vendors.create.v1', { name: 'Tienda Los Álamos' });
    const staff = async (language?: 'es') => {
      const user = await s.call('partners.users.create.v1', {
        partnerId: shop.id,
        username: `alamos-${randomUUID().slice(0, 6)}`,
        password: 'staff-password-1',
        email: `books-${randomUUID().slice(0, 6)}@alamos.example`,
      });
      if (language) {
        const actor = { userId: user.id, role: 'company_admin' as const, companyId: shop.id };
        const changed = await s.call('identity.auth.set-language.v1', { language }, { actor });
        expect(changed.language).toBe(language);
      }
      return user;
    };
    const ana = await staff('es');
    const bob = await staff();
    // A charge to an athlete's credit whose event named no athlete: the line reads "Athlete credit <id>".
    const creditId = randomUUID();
    await s.charge(123456, '2025-07-12T18:00:00Z', shop.id, { creditId });
    await waitFor(
      async () =>
        (await s.call('statements.preview.v1', { partnerId: shop.id, from: '2025-07-01', to: '2025-07-31' }))
          .totals.clubOwesCents === 123456,
      { timeoutMs: 20_000 },
    );
    expect(await s.call('statements.statements.issue.v1', { period: '2025-07' })).toMatchObject({
      issued: 1,
    });

    const spanish = await s.smtp.waitForMail((m) => m.recipients.includes(ana.email!), { timeoutMs: 30_000 });
    expect(spanish.subject).toBe('Estado de cuenta de AV Pass de julio de 2025');
    expect(spanish.text).toContain('Hola, Tienda Los Álamos:');
    expect(spanish.text).toContain('está listo: el club le debe $1,234.56.');
    expect(spanish.text).toContain('ábralo en el portal');
    expect(isPdf(spanish.attachments[0]!.content)).toBe(true);
    const es = await pdfText(spanish.attachments[0]!.content);
    for (const words of [
      'Estado de cuenta del socio comercial',
      'julio de 2025',
      'Revisión 1',
      'Estado: emitido',
      'El club le debe al socio comercial',
      'Cargos a créditos de atletas',
      'Descripción',
      'Monto',
      '$1,234.56',
      'Página 1 de 1',
      `Crédito de atleta ${creditId.slice(0, 8)}`,
    ])
      expect(es, words).toContain(words);
    expect(es).not.toContain('Partner statement');
    // "Neto: el club le paga al socio comercial" wraps: the figure goes below it, not through it.
    expect(await overlapping(spanish.attachments[0]!.content)).toEqual([]);
    expect(es).not.toContain('Athlete credit');

    const english = await s.smtp.waitForMail((m) => m.recipients.includes(bob.email!), { timeoutMs: 30_000 });
    expect(english.subject).toBe('AV Pass statement for July 2025');
    expect(english.text).toContain('the club owes you $1,234.56');
    const en = await pdfText(english.attachments[0]!.content);
    for (const words of [
      'Partner statement',
      'July 2025',
      'Status: issued',
      'Page 1 of 1',
      '$1,234.56',
      `Athlete credit ${creditId.slice(0, 8)}`,
    ])
      expect(en, words).toContain(words);
    expect(en).not.toContain('Estado de cuenta');
    expect(await overlapping(english.attachments[0]!.content)).toEqual([]);
  });
});
